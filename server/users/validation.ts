import { NAME_MAX_LENGTH } from '../../model';
import { IllegalArgumentException } from '../errors';
import type { UserFields } from '../db/users';

const MIN_NAME = 3;
const MIN_EMAIL = 4;
const MIN_PASSWORD = 4;

export function checkPassword(password: string | null | undefined): string {
  if (typeof password !== 'string' || password.length < MIN_PASSWORD) {
    throw new IllegalArgumentException('Password too short');
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
  if (fields.expirationTime !== null && Number.isNaN(Date.parse(fields.expirationTime))) {
    throw new IllegalArgumentException('Invalid expiration time');
  }
  return { ...fields, name, email };
}
