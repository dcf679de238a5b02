import { Secret, TOTP } from 'otpauth';

/** The code an authenticator app shows for `key` now (or at another moment). */
export const codeOf = (key: string, at = Date.now()): string =>
  new TOTP({ secret: Secret.fromBase32(key) }).generate({ timestamp: at });

/** A code of the key that is certainly wrong now: one from an hour ago, or a neighbour of it. */
export const wrongCodeOf = (key: string): string => {
  const now = codeOf(key);
  const old = codeOf(key, Date.now() - 3600_000);
  return old === now ? String((Number(now) + 1) % 1_000_000).padStart(6, '0') : old;
};
