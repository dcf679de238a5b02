import type { User } from '../../src/model';
import { hashPassword } from '../auth/password';
import { isUniqueViolation, type Db } from '../db/database';
import { getServerSettings } from '../db/servers';
import {
  countUsers,
  findUserByEmail,
  findUserById,
  insertUser,
  updateUser,
  type UserFields,
} from '../db/users';
import { IllegalArgumentException, SecurityException, notFound } from '../errors';
import { SELF_EDITABLE, newUserFields } from './defaults';
import { checkPassword, checkUserFields } from './validation';

/** A user as a client sends it: any subset of the fields, plus a plain `password`. */
export type UserInput = Partial<Omit<User, 'id' | 'password'>> & { password?: string | null };

const ALL_FIELDS = Object.keys(newUserFields()) as (keyof UserFields)[];

const emailInUse = () => new IllegalArgumentException('Email already in use');

/** Copies the request's fields over `base`; non-admins only reach the self-editable ones. */
export function applyInput(base: UserFields, input: UserInput, admin: boolean): UserFields {
  const result: UserFields = { ...base };
  const keys = admin ? ALL_FIELDS : SELF_EDITABLE;
  const target = result as Record<keyof UserFields, unknown>;
  for (const key of keys) {
    if (input[key] !== undefined) target[key] = input[key];
  }
  // A fixed email is part of the account's terms, set by an administrator.
  if (!admin && base.fixedEmail && base.email !== '') result.email = base.email;
  return result;
}

async function checkEmailFree(db: Db, email: string, exceptId?: number): Promise<void> {
  const existing = await findUserByEmail(db, email);
  if (existing && existing.user.id !== exceptId) throw emailInUse();
}

export type RegistrationKind = 'first-admin' | 'by-admin' | 'self';

/**
 * Who may create a user: an administrator always; anyone else only while the database is empty
 * (that first user becomes administrator) or when the server allows registration.
 */
export function registrationKind(
  actor: User | null,
  userCount: number,
  registrationOpen: boolean,
): RegistrationKind {
  if (userCount === 0) return 'first-admin';
  if (actor?.administrator) return 'by-admin';
  if (registrationOpen) return 'self';
  throw new SecurityException('Registration disabled');
}

export async function createUser(db: Db, actor: User | null, input: UserInput): Promise<User> {
  const kind = registrationKind(
    actor,
    await countUsers(db),
    (await getServerSettings(db)).registration,
  );
  const fields = checkUserFields(applyInput(newUserFields(), input, kind === 'by-admin'));
  if (kind === 'first-admin') fields.administrator = true;
  const password = checkPassword(input.password);
  await checkEmailFree(db, fields.email);
  try {
    return await insertUser(db, fields, await hashPassword(password));
  } catch (error) {
    if (isUniqueViolation(error)) throw emailInUse();
    throw error;
  }
}

/** Users see themselves; administrators see everyone. */
export function checkUserAccess(actor: User, id: number): void {
  if (!actor.administrator && actor.id !== id) throw new SecurityException('User access denied');
}

export async function getUser(db: Db, actor: User, id: number): Promise<User> {
  checkUserAccess(actor, id);
  const found = await findUserById(db, id);
  if (!found) throw notFound();
  return found.user;
}

export async function updateUserAccount(
  db: Db,
  actor: User,
  id: number,
  input: UserInput,
): Promise<User> {
  checkUserAccess(actor, id);
  const found = await findUserById(db, id);
  if (!found) throw notFound();
  const current: UserFields = applyInput(newUserFields(), found.user, true);
  const fields = checkUserFields(applyInput(current, input, actor.administrator));
  if (fields.email.toLowerCase() !== current.email.toLowerCase()) {
    await checkEmailFree(db, fields.email, id);
  }
  // An empty password means "unchanged", as traccar-web sends the form's blank field.
  const hashed = input.password ? await hashPassword(checkPassword(input.password)) : undefined;
  try {
    const saved = await updateUser(db, id, fields, hashed);
    if (!saved) throw notFound();
    return saved;
  } catch (error) {
    if (isUniqueViolation(error)) throw emailInUse();
    throw error;
  }
}
