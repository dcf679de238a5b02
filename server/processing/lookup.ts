/**
 * Setting lookup as Traccar's `AttributeUtil.lookup` does it: the first source that has the key
 * wins, in the order the caller gives, normally device attributes, then the group chain (nearest
 * first, up to 3 levels), then server attributes, then configuration.
 */
export type AttributeSource = Readonly<Record<string, unknown>> | null | undefined;

export function lookupAttribute(key: string, sources: readonly AttributeSource[]): unknown {
  for (const source of sources) {
    if (source && Object.hasOwn(source, key)) {
      const value = source[key];
      if (value !== null && value !== undefined && value !== '') return value;
    }
  }
  return undefined;
}

/**
 * Attribute values arrive as numbers or, from forms, as numeric strings (Traccar's `getDouble`
 * parses both). Anything else is treated as absent.
 */
export function toNumberAttribute(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (
    typeof value === 'string' &&
    /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/.test(value)
  ) {
    return Number(value);
  }
  return undefined;
}

function toBooleanAttribute(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

export function lookupNumber(
  key: string,
  sources: readonly AttributeSource[],
  fallback: number,
): number {
  return toNumberAttribute(lookupAttribute(key, sources)) ?? fallback;
}

export function lookupBoolean(
  key: string,
  sources: readonly AttributeSource[],
  fallback: boolean,
): boolean {
  return toBooleanAttribute(lookupAttribute(key, sources)) ?? fallback;
}
