import { describe, expect, it } from 'vitest';
import { isShareViewer } from '../../../../src/authProvider/shareViewer';
import { countdownText, remainingSeconds } from '../../../../src/shares/countdown';

describe('share countdown tiers', () => {
  it('uses days above 86400 s, hours above 3600 s, minutes above 60 s, else seconds', () => {
    expect(countdownText(86_401)).toEqual({ key: 'shares.days', args: { count: 1, hours: 0 } });
    expect(countdownText(3 * 86_400 + 5 * 3_600 + 7)).toEqual({
      key: 'shares.days',
      args: { count: 3, hours: 5 },
    });
    expect(countdownText(86_400)).toEqual({
      key: 'shares.hours',
      args: { count: 24, minutes: 0 },
    });
    expect(countdownText(3_601)).toEqual({ key: 'shares.hours', args: { count: 1, minutes: 0 } });
    expect(countdownText(3_600)).toEqual({
      key: 'shares.minutes',
      args: { count: 60, seconds: 0 },
    });
    expect(countdownText(61)).toEqual({ key: 'shares.minutes', args: { count: 1, seconds: 1 } });
    expect(countdownText(60)).toEqual({ key: 'shares.seconds', args: { count: 60 } });
    expect(countdownText(0)).toEqual({ key: 'shares.seconds', args: { count: 0 } });
    expect(countdownText(-5)).toEqual({ key: 'shares.seconds', args: { count: 0 } });
    expect(countdownText(59.9)).toEqual({ key: 'shares.seconds', args: { count: 59 } });
  });

  it('counts down to the expiration time', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(remainingSeconds('2026-01-01T00:01:30Z', now)).toBe(90);
    expect(remainingSeconds('2025-12-31T00:00:00Z', now)).toBe(0);
    expect(remainingSeconds(null, now)).toBeNull();
    expect(remainingSeconds('later', now)).toBeNull();
  });

  it('recognises share viewers by attributes.isShared', () => {
    expect(isShareViewer({ attributes: { isShared: 4 } })).toBe(true);
    expect(isShareViewer({ attributes: { isShared: false } })).toBe(false);
    expect(isShareViewer({ attributes: {} })).toBe(false);
    expect(isShareViewer(null)).toBe(false);
  });
});
