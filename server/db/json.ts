import { isPlainObject } from '../../model/json';

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

export function toIso(millis: number | null): string | null {
  return millis === null ? null : new Date(millis).toISOString();
}
