import { Secret, TOTP } from 'otpauth';

/**
 * The `otpauth://` URI authenticator apps read from the QR code: the brand as issuer (what the app
 * lists the account under) and the user's e-mail as the account name. Same parameters the server
 * checks codes with (SHA-1, 6 digits, 30 s).
 */
export const totpUri = (key: string, issuer: string, account: string): string =>
  new TOTP({ issuer, label: account, secret: Secret.fromBase32(key) }).toString();

/**
 * Whether `code` is the key's current code (one step either side, as the server accepts): checked
 * here before the key is saved, so nobody turns on a second step their app does not produce.
 */
export const codeMatches = (key: string, code: string): boolean =>
  /^\d{6}$/.test(code) &&
  new TOTP({ secret: Secret.fromBase32(key) }).validate({ token: code, window: 1 }) !== null;
