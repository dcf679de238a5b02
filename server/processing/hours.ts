import type { TrackPosition } from './types';

/**
 * Engine hours (Traccar's EngineHoursHandler): the `hours` attribute, in ms, grows by the
 * device-time delta whenever `ignition` is true on both consecutive positions.
 */
export function accumulateHours(
  last: Pick<TrackPosition, 'fixTime' | 'deviceTime' | 'attributes'> | null | undefined,
  current: Pick<TrackPosition, 'fixTime' | 'deviceTime' | 'attributes'>,
): number | undefined {
  if (!last)
    return typeof current.attributes.hours === 'number' ? current.attributes.hours : undefined;
  // A device that reports its own engine hours is trusted.
  if (typeof current.attributes.hours === 'number') return current.attributes.hours;
  const previous = typeof last.attributes.hours === 'number' ? last.attributes.hours : 0;
  if (last.attributes.ignition === true && current.attributes.ignition === true) {
    const delta = (current.deviceTime ?? current.fixTime) - (last.deviceTime ?? last.fixTime);
    // Out-of-order messages must not wind the meter back.
    return previous + Math.max(0, delta);
  }
  return previous;
}
