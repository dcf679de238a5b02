import type { Device } from '../../model/device';
import type { Position } from '../../model/position';
import { fixTimeMs } from '../live/fixTime';

/** The state flags the list shows and sorts by (Tarkan's). */
export const STATE_KEYS = ['motion', 'anchor', 'locked', 'ignition', 'driver', 'alert'] as const;
export type StateKey = (typeof STATE_KEYS)[number];

interface DeviceFacts {
  device: Device;
  position: Position | undefined;
  /** Device ids that have an anchor geofence. */
  anchored?: ReadonlySet<number>;
}

const attr = (position: Position | undefined, key: string): unknown => position?.attributes?.[key];

/** true / false when the device reports it, undefined when it does not. */
export const stateOf = ({ device, position, anchored }: DeviceFacts, key: StateKey) => {
  switch (key) {
    case 'motion':
      // Only a device the server hears now says whether it moves: the last fix of one whose
      // status is unknown or offline may still read `motion: true` long after it stopped.
      return device.status === 'online'
        ? (attr(position, 'motion') as boolean | undefined)
        : undefined;
    case 'anchor':
      return anchored ? anchored.has(device.id) : undefined;
    case 'locked':
      return attr(position, 'blocked') as boolean | undefined;
    case 'ignition':
      return attr(position, 'ignition') as boolean | undefined;
    case 'driver': {
      const driver = attr(position, 'driverUniqueId');
      return position ? typeof driver === 'string' && driver !== '' : undefined;
    }
    case 'alert': {
      const alarm = attr(position, 'alarm');
      return position ? typeof alarm === 'string' && alarm !== '' : undefined;
    }
  }
};

/**
 * How old the latest fix may be for the device to count as in motion: the server's default
 * `status.timeout` (10 min), after which a silent device is no longer online either.
 */
export const MOTION_FRESH_MS = 10 * 60 * 1000;

/**
 * In motion for the counter and the motion filter: online, and its latest fix is recent and says
 * so. A device whose status is unknown or offline may have stopped long ago while its last
 * position still reads `motion: true`.
 */
export const isMoving = (
  device: Pick<Device, 'status'>,
  position: Position | undefined,
  now: number,
): boolean => {
  if (device.status !== 'online' || position?.attributes?.motion !== true) return false;
  const fixTime = fixTimeMs(position);
  return Number.isFinite(fixTime) && now - fixTime <= MOTION_FRESH_MS;
};
