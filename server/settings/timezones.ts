/**
 * `GET /api/server/timezones`: the IANA zone ids this runtime knows, for the time zone choice in
 * preferences. Traccar lists Java's ids, which include `UTC`; the runtime's canonical list leaves
 * it out, so it is added.
 */
let cached: readonly string[] | null = null;

export function timeZoneIds(): readonly string[] {
  cached ??= [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort();
  return cached;
}
