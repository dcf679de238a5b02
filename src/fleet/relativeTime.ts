type RelativeTime =
  { kind: 'never' } | { kind: 'now' } | { kind: 'minutes' | 'hours' | 'days'; count: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** As Tarkan shows it: "< 1 min", then whole minutes, hours or days since the last update. */
export const relativeTime = (iso: string | null | undefined, now: number): RelativeTime => {
  const time = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(time)) return { kind: 'never' };
  const elapsed = Math.max(0, now - time);
  if (elapsed < MINUTE) return { kind: 'now' };
  if (elapsed < HOUR) return { kind: 'minutes', count: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { kind: 'hours', count: Math.floor(elapsed / HOUR) };
  return { kind: 'days', count: Math.floor(elapsed / DAY) };
};
