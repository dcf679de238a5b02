/**
 * Guards for values read from JSON (stored attributes, a device's saved state, a request body):
 * the shapes the server's readers and the tracking kernel check before trusting a value.
 */

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A number JSON can hold: not NaN, not infinite. */
export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
