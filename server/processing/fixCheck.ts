import { isValidLatitude, isValidLongitude } from '../../model/coordinates';
import type { DecodedPosition } from './types';

/**
 * Whether a decoded fix could have happened. An impossible one (negative speed, coordinates off
 * the globe, a time far from now) is refused whole: stored, it would corrupt reports, distances
 * and the device's latest position for good.
 */

/** Device clocks drift and zones get misconfigured; more than a day ahead is no clock at all. */
export const MAX_FIX_AHEAD_MS = 24 * 3_600_000;

export interface FixLimits {
  /** Older fixes are refused; null accepts any age (an operator importing history). */
  maxAgeMs: number | null;
}

const iso = (time: number) => {
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? String(time) : date.toISOString();
};

/** Null when the fix is possible, else why not, in words fit for the device's 400 reply. */
export function impossibleFix(
  position: DecodedPosition,
  now: number,
  limits: FixLimits,
): string | null {
  if (!Number.isFinite(position.speed) || position.speed < 0) {
    return `Speed out of range: ${position.speed}`;
  }
  if (!isValidLatitude(position.latitude)) return `Latitude out of range: ${position.latitude}`;
  if (!isValidLongitude(position.longitude)) return `Longitude out of range: ${position.longitude}`;
  if (!Number.isFinite(position.fixTime)) return 'Fix time is not a time';
  if (position.fixTime > now + MAX_FIX_AHEAD_MS) {
    return `Fix time ${iso(position.fixTime)} is more than a day ahead of the server`;
  }
  if (limits.maxAgeMs !== null && position.fixTime < now - limits.maxAgeMs) {
    const days = Math.round(limits.maxAgeMs / 86_400_000);
    return `Fix time ${iso(position.fixTime)} is more than ${days} day${days === 1 ? '' : 's'} old`;
  }
  return null;
}
