import type { User } from '../../model';

/** Who reads a user record, for the one field only some readers see. */
export interface KeyReader {
  userId: number;
  admin: boolean;
  /** The request rides a session that acts as another user (`GET /api/session/{id}`). */
  impersonated: boolean;
}

/**
 * A user's TOTP key is a second password: Traccar sends it to anyone who reads the user, Frota
 * only to administrators and to the user themselves signed in as themselves. A manager (or a
 * manager acting as the user) reads null, and cannot write it either (docs/traccar-api.md), so
 * the null they echo back on a save never clears it.
 */
export function mayTouchTotpKey(reader: KeyReader, userId: number): boolean {
  return reader.admin || (reader.userId === userId && !reader.impersonated);
}

export function withVisibleKey(reader: KeyReader, user: User): User {
  return mayTouchTotpKey(reader, user.id) || user.totpKey === null
    ? user
    : { ...user, totpKey: null };
}
