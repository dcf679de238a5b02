/** Attributes are stored as JSON text; a damaged value reads as empty rather than failing. */
export function parseAttributes(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return isPlainObject(value) ? value : {};
  } catch {
    return {};
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A number JSON can hold: not NaN, not infinite. */
export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function toIso(millis: number | null): string | null {
  return millis === null ? null : new Date(millis).toISOString();
}
