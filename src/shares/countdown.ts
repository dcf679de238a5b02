/** One line of the share viewer's "Expira em …" countdown: a message key and its arguments. */
interface CountdownText {
  key: 'shares.days' | 'shares.hours' | 'shares.minutes' | 'shares.seconds';
  args: Record<string, number>;
}

/**
 * Tiers of the original: days above 86 400 s, hours above 3 600 s, minutes above 60 s, else
 * seconds (never negative).
 */
export function countdownText(remainingSeconds: number): CountdownText {
  const s = Math.max(0, Math.floor(remainingSeconds));
  if (s > 86_400) {
    return {
      key: 'shares.days',
      args: { count: Math.floor(s / 86_400), hours: Math.floor((s % 86_400) / 3_600) },
    };
  }
  if (s > 3_600) {
    return {
      key: 'shares.hours',
      args: { count: Math.floor(s / 3_600), minutes: Math.floor((s % 3_600) / 60) },
    };
  }
  if (s > 60)
    return { key: 'shares.minutes', args: { count: Math.floor(s / 60), seconds: s % 60 } };
  return { key: 'shares.seconds', args: { count: s } };
}

/** Seconds left until `expirationTime` (ISO), or null when there is none. */
export function remainingSeconds(expirationTime: string | null | undefined, now: number) {
  if (!expirationTime) return null;
  const time = Date.parse(expirationTime);
  return Number.isNaN(time) ? null : Math.max(0, Math.floor((time - now) / 1000));
}

export const SHARE_PRESETS = [
  { id: '30m', label: 'shares.preset30m', minutes: 30 },
  { id: '1h', label: 'shares.preset1h', minutes: 60 },
  { id: '1d', label: 'shares.preset1d', minutes: 24 * 60 },
  { id: '7d', label: 'shares.preset7d', minutes: 7 * 24 * 60 },
] as const;
