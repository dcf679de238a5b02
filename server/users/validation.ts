import { NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH, URL_MAX_LENGTH } from '../../model';
import { IllegalArgumentException } from '../errors';
import type { UserFields } from '../db/users';
import { checkTextLengths } from '../security/textLimits';
import { COMMON_PASSWORDS } from './commonPasswords';

const MIN_NAME = 3;
const MIN_EMAIL = 4;

/** Who the password is for, when known: it may not be their own e-mail, login or name. */
export interface PasswordOwner {
  email?: string | null;
  login?: string | null;
  name?: string | null;
}

const fold = (text: string) => text.trim().toLowerCase();

/**
 * A new password, as OWASP ASVS's password rules ask: at least `PASSWORD_MIN_LENGTH` characters, not
 * blanks alone; not on the list of the commonest passwords (`commonPasswords.ts`), in any case;
 * and not the account's own e-mail (or the part before its @), login or name, the first things
 * anyone guessing would try. Nothing else is imposed (no character classes, no expiry), and the
 * password is taken as typed (never trimmed). Returns it; throws Traccar's 400 otherwise.
 */
export function checkPassword(
  password: string | null | undefined,
  owner: PasswordOwner = {},
): string {
  if (
    typeof password !== 'string' ||
    password.length < PASSWORD_MIN_LENGTH ||
    password.trim() === ''
  ) {
    throw new IllegalArgumentException('Password too short');
  }
  const folded = fold(password);
  if (COMMON_PASSWORDS.has(folded)) throw new IllegalArgumentException('Password too common');
  const email = owner.email ? fold(owner.email) : '';
  const own = [email, email.split('@')[0], owner.login, owner.name].map((value) =>
    value ? fold(value) : '',
  );
  if (own.some((value) => value !== '' && value === folded)) {
    throw new IllegalArgumentException('Password matches the account');
  }
  return password;
}

/** Trims and checks the fields every user must have valid; throws on the first problem. */
export function checkUserFields(fields: UserFields): UserFields {
  const name = fields.name.trim();
  const email = fields.email.trim();
  if (name.length < MIN_NAME) throw new IllegalArgumentException('Name too short');
  if (email.length < MIN_EMAIL) throw new IllegalArgumentException('Email too short');
  if (name.length > NAME_MAX_LENGTH) throw new IllegalArgumentException('Name too long');
  if (email.length > NAME_MAX_LENGTH) throw new IllegalArgumentException('Email too long');
  checkTextLengths(fields, {
    login: NAME_MAX_LENGTH,
    phone: NAME_MAX_LENGTH,
    map: NAME_MAX_LENGTH,
    coordinateFormat: NAME_MAX_LENGTH,
    poiLayer: URL_MAX_LENGTH,
    totpKey: NAME_MAX_LENGTH,
  });
  if (fields.expirationTime !== null && Number.isNaN(Date.parse(fields.expirationTime))) {
    throw new IllegalArgumentException('Invalid expiration time');
  }
  return { ...fields, name, email };
}
