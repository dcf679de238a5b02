import { SECRET_SERVER_KEYS } from './index';

/** Server attributes as the browser may see them: channel credentials are write-only. */
export function withoutSecrets(attributes: Record<string, unknown>): Record<string, unknown> {
  const visible = { ...attributes };
  for (const key of SECRET_SERVER_KEYS) delete visible[key];
  return visible;
}

/**
 * The attributes to store from a `PUT /api/server`: a credential the client left out or sent as
 * null (it never saw it) keeps its stored value; an empty string removes it.
 */
export function keepSecrets(
  stored: Record<string, unknown>,
  input: Record<string, unknown>,
): Record<string, unknown> {
  const next = { ...input };
  for (const key of SECRET_SERVER_KEYS) {
    if ((next[key] === undefined || next[key] === null) && stored[key] !== undefined) {
      next[key] = stored[key];
    }
    if (next[key] === '') delete next[key];
  }
  return next;
}
