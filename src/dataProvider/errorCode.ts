import type { Invoice } from '../../model/invoice';

/** The object a suspended account's login may answer instead of text. */
interface ObjectErrorCode {
  code: string;
  trustAvailable: boolean;
  invoices: Invoice[];
}

const toCode = (text: string): string =>
  text.split(' - ')[0].trim().replace(/\s+/g, '_').toUpperCase();

const firstLine = (text: string): string => text.split('\n')[0].trim();

/**
 * An error's code (the server's error texts: `docs/traccar-api.md`) is the text before the first ` - `, trimmed, spaces to underscores,
 * upper-cased (`HTTP 401 Unauthorized - WebApplicationException` → `HTTP_401_UNAUTHORIZED`).
 */
export function errorCode(body: string): string;
export function errorCode(body: object): ObjectErrorCode;
export function errorCode(body: string | object): string | ObjectErrorCode;
export function errorCode(body: string | object): string | ObjectErrorCode {
  if (typeof body === 'string') return toCode(firstLine(body));
  const { error, trustAvailable, invoices } = body as Record<string, unknown>;
  return {
    code: typeof error === 'string' ? toCode(firstLine(error)) : '',
    trustAvailable: trustAvailable === true,
    invoices: Array.isArray(invoices) ? (invoices as Invoice[]) : [],
  };
}

/** Codes with a message of their own under `errors.*` in every locale. */
export const knownErrorCodes = [
  'HTTP_401_UNAUTHORIZED',
  'ACCOUNT_IS_DISABLED',
  'ACCOUNT_IS_SUSPENDED',
  'ACCOUNT_IS_SUSPENDED_TRUST',
  'ACCOUNT_HAS_EXPIRED',
  'ACCOUNT_BELONGS_TO_ANOTHER_DOMAIN',
  'SHARE_HAS_EXPIRED',
  'INVALID_SHARE',
  'TOO_MANY_LOGIN_ATTEMPTS',
  'REGISTRATION_DISABLED',
  'EMAIL_ALREADY_IN_USE',
  'INVALID_OR_EXPIRED_TOKEN',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_COMMON',
  'PASSWORD_MATCHES_THE_ACCOUNT',
  'TOO_MANY_REQUESTS',
  'FILL_ALL_FIELDS',
  'INVALID_LOGIN_DATA',
  'FILL_EMAIL_FIELD',
  'FILL_TOKEN_FIELD',
  'USER_NOT_AUTHED',
  'USER_AUTHORIZATION_FAILED',
  'ONE_TIME_PASSWORD_KEY_IS_REQUIRED',
  'INVALID_ONE_TIME_PASSWORD_KEY',
  'ONE_TIME_PASSWORD_IS_DISABLED',
  'USER_ACCESS_DENIED',
  'NOT_SIGNED_IN_AS_ANOTHER_USER',
  'CROSS_SITE_REQUEST_REFUSED',
  'TEXT_HOLDS_A_NUL_CHARACTER',
  'NUMBER_IS_NOT_FINITE',
  'MAIL_IS_NOT_CONFIGURED',
  'ACCOUNT_HAS_NO_EMAIL_ADDRESS',
] as const;

type KnownErrorCode = (typeof knownErrorCodes)[number];

/** Server wordings that mean the same thing as one of our codes. */
const aliases: Record<string, KnownErrorCode> = {
  USER_IS_DISABLED: 'ACCOUNT_IS_DISABLED',
  EMAIL_IS_REQUIRED: 'FILL_EMAIL_FIELD',
  TOKEN_IS_REQUIRED: 'FILL_TOKEN_FIELD',
  UNAUTHORIZED: 'HTTP_401_UNAUTHORIZED',
  'CROSS-SITE_REQUEST_REFUSED': 'CROSS_SITE_REQUEST_REFUSED',
};

const isKnown = (code: string): code is KnownErrorCode =>
  (knownErrorCodes as readonly string[]).includes(code);

/** `errors.<CODE>` for a code we can translate, or null when only the raw text can be shown. */
export const errorMessageKey = (code: string): string | null => {
  const known = aliases[code] ?? code;
  return isKnown(known) ? `errors.${known}` : null;
};
