import type { SimulatedFix } from '../../server/protocol/shared/definition';

/**
 * A fix a simulated tracker reports `secondsAgo` before now, in whole seconds (several protocols
 * carry no milliseconds): valid, driving east in São Paulo with the ignition on, with what a test
 * cares about given in `fields`.
 */
export const fixSecondsAgo = (
  secondsAgo: number,
  fields: Partial<SimulatedFix> = {},
): SimulatedFix => ({
  time: Math.floor(Date.now() / 1000 - secondsAgo) * 1000,
  valid: true,
  latitude: -23.5505,
  longitude: -46.6333,
  speed: 20,
  course: 90,
  altitude: 760,
  satellites: 9,
  ignition: true,
  ...fields,
});
