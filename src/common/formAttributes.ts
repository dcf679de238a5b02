/**
 * Traccar `attributes` keys contain dots (`tarkan.color`), which react-hook-form reads as paths.
 * Forms therefore hold them with `~` in place of each dot: `toForm` on load, `fromForm` on save.
 */
type Attributes = Record<string, unknown>;

export const encodeKey = (key: string): string => key.replaceAll('.', '~');
export const decodeKey = (key: string): string => key.replaceAll('~', '.');

/** The form source of one attribute: `attr('tarkan.color')` → `attributes.tarkan~color`. */
export const attr = (key: string): string => `attributes.${encodeKey(key)}`;

const mapKeys = (attributes: unknown, rename: (key: string) => string): Attributes =>
  Object.fromEntries(
    Object.entries((attributes as Attributes | null | undefined) ?? {}).map(([key, value]) => [
      rename(key),
      value,
    ]),
  );

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

export const toForm = <T extends object>(record: T): T => {
  const attributes = (record as { attributes?: unknown }).attributes;
  return attributes === undefined
    ? record
    : { ...record, attributes: mapKeys(attributes, encodeKey) };
};

/** Back to Traccar keys; cleared values are removed rather than saved empty. */
export const fromForm = <T extends object>(data: T): T => {
  const attributes = (data as { attributes?: unknown }).attributes;
  if (attributes === undefined) return data;
  const kept = Object.entries(mapKeys(attributes, decodeKey)).filter(([, v]) => !isEmpty(v));
  return { ...data, attributes: Object.fromEntries(kept) };
};
