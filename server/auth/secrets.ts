import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 32 random bytes, base64url: cookie values, API tokens and reset tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Secrets are stored only as this hash, so a leaked database cannot be replayed. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** Human-typable random password (no look-alike characters), uniformly drawn. */
export function randomPassword(length = 16): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}
