import { describe, expect, it } from 'vitest';
import { impossibleFix, MAX_FIX_AHEAD_MS } from '../../../../server/processing/fixCheck';
import type { DecodedPosition } from '../../../../server/processing/types';

const NOW = Date.UTC(2026, 5, 1, 12, 0, 0);
const DAY = 86_400_000;
const LIMITS = { maxAgeMs: 30 * DAY };

const fix = (fields: Partial<DecodedPosition> = {}): DecodedPosition => ({
  protocol: 'osmand',
  uniqueId: 'van',
  fixTime: NOW - 60_000,
  deviceTime: NOW - 60_000,
  valid: true,
  outdated: false,
  latitude: -23.55,
  longitude: -46.63,
  speed: 12,
  course: 90,
  altitude: 760,
  accuracy: 5,
  network: null,
  attributes: {},
  ...fields,
});

describe('impossibleFix', () => {
  it('accepts a plausible fix, a standing one, and a late one within the window', () => {
    expect(impossibleFix(fix(), NOW, LIMITS)).toBeNull();
    expect(impossibleFix(fix({ speed: 0 }), NOW, LIMITS)).toBeNull();
    expect(impossibleFix(fix({ fixTime: NOW - 29 * DAY }), NOW, LIMITS)).toBeNull();
    expect(impossibleFix(fix({ fixTime: NOW + MAX_FIX_AHEAD_MS }), NOW, LIMITS)).toBeNull();
  });

  it.each([
    [{ speed: -1 }, 'Speed out of range: -1'],
    [{ speed: Number.NaN }, 'Speed out of range: NaN'],
    [{ speed: Infinity }, 'Speed out of range: Infinity'],
    [{ latitude: 91 }, 'Latitude out of range: 91'],
    [{ longitude: -180.5 }, 'Longitude out of range: -180.5'],
    [{ latitude: Number.NaN }, 'Latitude out of range: NaN'],
    [
      { fixTime: NOW + MAX_FIX_AHEAD_MS + 1000 },
      'Fix time 2026-06-02T12:00:01.000Z is more than a day ahead of the server',
    ],
    [
      { fixTime: Date.UTC(1996, 0, 1) },
      'Fix time 1996-01-01T00:00:00.000Z is more than 30 days old',
    ],
    [{ fixTime: Number.NaN }, 'Fix time is not a time'],
  ])('refuses %j', (fields, message) => {
    expect(impossibleFix(fix(fields), NOW, LIMITS)).toBe(message);
  });

  it('takes any age without a limit, never a future beyond a day', () => {
    const unlimited = { maxAgeMs: null };
    expect(impossibleFix(fix({ fixTime: Date.UTC(1996, 0, 1) }), NOW, unlimited)).toBeNull();
    expect(impossibleFix(fix({ fixTime: NOW + 2 * DAY }), NOW, unlimited)).toMatch(/day ahead/);
  });
});
