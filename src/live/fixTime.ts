import type { Position } from '../../model/position';

const parsed = new WeakMap<Position, number>();

/**
 * A position's fix time in epoch ms (NaN when unreadable), parsed once per position record.
 * The store compares fix times on every fix and the device view judges motion by them for the
 * whole fleet twice a second: parsing the same ISO text again each time was most of that work
 * with tens of thousands of devices. Position records are never changed in place.
 */
export const fixTimeMs = (position: Position): number => {
  let time = parsed.get(position);
  if (time === undefined) {
    time = Date.parse(position.fixTime);
    parsed.set(position, time);
  }
  return time;
};
