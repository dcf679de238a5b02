import type { User } from '../../model';
import { noteValues } from '../audit/scope';
import { hashPassword } from '../auth/password';
import { endOtherCredentials, type KeptCredential } from '../auth/sessions';
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
import type { ChangeFeed } from '../changes';
import { makeActor, type Actor } from '../access/actor';
import { DENIED, accessDenial, hasBit } from '../permissions/checkAccess';
import { addLink } from '../permissions/linkStore';
import { canManageUser, manages } from '../permissions/objects';
import { LINKS } from '../db/links';
import { lockUsers } from '../db/locks';
import { MANAGER_EDITABLE, SELF_EDITABLE, newUserFields } from './defaults';
import { keepProtectedAttributes, limitGrantedPerms, type Editor } from './protectedAttributes';
import { checkPassword, checkUserFields } from './validation';
import { mayTouchTotpKey } from './totpKey';
import { normaliseTotpKey, totpForced } from '../auth/totp';
import { checkResellerCapacity, checkResellerFields } from '../resellers/rules';
import { ancestorsOf, saveDomain } from '../resellers/store';

/** A user as a client sends it: any subset of the fields, plus a plain `password`. */
type UserInput = Partial<Omit<User, 'id' | 'password'>> & { password?: string | null };

const ALL_FIELDS = Object.keys(newUserFields()) as (keyof UserFields)[];
const EDITABLE: Record<Editor, readonly (keyof UserFields)[]> = {
  admin: ALL_FIELDS,
  manager: MANAGER_EDITABLE,
  self: SELF_EDITABLE,
};

const emailInUse = () => new IllegalArgumentException('Email already in use');
const MANAGED_USER_LINK = LINKS.find((link) => link.property === 'managedUser')!;

/**
 * Copies the request's fields over `base`; each editor reaches only their fields and attribute
 * keys, and the rest is silently kept (so `administrator`, `deviceLimit`, `userLimit` and the
 * protected attributes of `model/userAttributes.ts` stay as they were for anyone the list does not
 * name). A fixed email (on the user or the server) only an admin changes.
 */
function applyInput(
  base: UserFields,
  input: UserInput,
  editor: Editor,
  serverFixedEmail = false,
): UserFields {
  const result: UserFields = { ...base };
  const target = result as Record<keyof UserFields, unknown>;
  for (const key of EDITABLE[editor]) {
    if (input[key] !== undefined) target[key] = input[key];
  }
  if (editor !== 'admin' && (base.fixedEmail || serverFixedEmail) && base.email !== '') {
    result.email = base.email;
  }
  result.attributes = keepProtectedAttributes(base.attributes, result.attributes, editor);
  return result;
}

async function checkEmailFree(db: Db, email: string, exceptId?: number): Promise<void> {
  const existing = await findUserByEmail(db, email);
  if (existing && existing.user.id !== exceptId) throw emailInUse();
}

type RegistrationKind = 'first-admin' | 'by-admin' | 'by-manager' | 'self';

/**
 * Who may create a user: an administrator always; a manager (`userLimit` ≠ 0) within their
 * limit; anyone else only while the database is empty (that first user becomes administrator)
 * or when the server allows registration.
 */
function registrationKind(
  actor: User | null,
  userCount: number,
  registrationOpen: boolean,
): RegistrationKind {
  if (userCount === 0) return 'first-admin';
  if (actor?.administrator) return 'by-admin';
  if (actor && actor.userLimit !== 0) return 'by-manager';
  if (registrationOpen) return 'self';
  throw new SecurityException('Registration disabled');
}

function deny(message: string | null): void {
  if (message) throw new SecurityException(message);
}

/**
 * A non-admin whose own account expires cannot give anyone a later (or no) expiry; `before` is
 * undefined for a new user.
 */
function checkExpiry(actor: Actor, before: string | null | undefined, after: string | null): void {
  const own = actor.user.expirationTime;
  if (actor.admin || own === null || after === before) return;
  if (after === null || Date.parse(after) > Date.parse(own)) {
    throw new SecurityException('Expiration time later than your own');
  }
}

async function checkManagerLimit(db: Db, manager: User): Promise<void> {
  if (manager.userLimit < 0) return;
  const row = await db.kysely
    .selectFrom('userManagedUser')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', manager.id)
    .executeTakeFirstOrThrow();
  if (Number(row.count) >= manager.userLimit) {
    throw new SecurityException('Manager user limit reached');
  }
}

/**
 * Inside the write transaction: locks a manager and every user above them (the holders of the
 * manager and reseller limits their users count against) and returns the manager as stored now.
 */
async function lockHolders(db: Db, managerId: number): Promise<User> {
  const holders = await lockUsers(db, [managerId, ...(await ancestorsOf(db, managerId))]);
  const manager = holders.get(managerId);
  if (!manager) throw new SecurityException('User access denied');
  return manager;
}

/** `plus`: the server runs with the plus licence, so the advanced-permission bits may apply. */
export async function createUser(
  db: Db,
  plus: boolean,
  actorUser: User | null,
  input: UserInput,
  changes?: ChangeFeed,
): Promise<User> {
  const server = await getServerSettings(db);
  const kind = registrationKind(actorUser, await countUsers(db), server.registration);
  const actor = actorUser ? makeActor(actorUser, server, plus) : null;
  const manager = kind === 'by-manager' ? actor : null;
  if (manager) deny(accessDenial(manager, 'users', 'create'));
  const editor: Editor = kind === 'by-admin' ? 'admin' : kind === 'by-manager' ? 'manager' : 'self';
  const fields = checkUserFields(applyInput(newUserFields(), input, editor));
  // A key is set by the administrator or by the new user registering; never by a manager.
  fields.totpKey = kind === 'by-manager' ? null : normaliseTotpKey(input.totpKey);
  if (kind !== 'by-admin' && kind !== 'by-manager' && totpForced(server.attributes)) {
    if (!fields.totpKey) throw new SecurityException('One-time password key is required');
  }
  if (kind === 'first-admin') fields.administrator = true;
  if (manager) {
    checkExpiry(manager, undefined, fields.expirationTime);
    fields.attributes = limitGrantedPerms(manager.user, null, fields.attributes);
  }
  const password = checkPassword(input.password, fields);
  await checkEmailFree(db, fields.email);
  // Hashing is slow on purpose: done before the transaction, so its locks are held briefly.
  const hashed = await hashPassword(password);
  try {
    const created = await db.kysely.transaction().execute(async (trx) => {
      const tx: Db = { ...db, kysely: trx };
      // The limits are counted only once the creator's limit holders are locked, so creators
      // under the same limit (on any server process) take their turn and the last place is
      // given once.
      const creator = manager ? await lockHolders(tx, manager.user.id) : null;
      if (creator) {
        await checkManagerLimit(tx, creator);
        await checkResellerCapacity(tx, creator);
      }
      const reseller = await checkResellerFields(tx, creator ?? actorUser, null, fields);
      const user = await insertUser(tx, fields, hashed);
      await saveDomain(tx, user.id, reseller);
      if (creator) await addLink(tx, MANAGED_USER_LINK, creator.id, user.id);
      return user;
    });
    changes?.emit({ kind: 'user', id: created.id, action: 'create' });
    noteValues('user', created.id, null, created);
    if (manager) {
      changes?.emit({
        kind: 'permission',
        owner: 'user',
        property: 'managedUser',
        ownerId: manager.user.id,
        propertyId: created.id,
        action: 'link',
      });
    }
    return created;
  } catch (error) {
    if (isUniqueViolation(error)) throw emailInUse();
    throw error;
  }
}

/** Users see themselves, managers the users they manage, administrators everyone. */
async function checkUserAccess(db: Db, plus: boolean, actor: User, id: number): Promise<void> {
  const server = await getServerSettings(db);
  if (!(await canManageUser(db, makeActor(actor, server, plus), id))) {
    throw new SecurityException('User access denied');
  }
}

export async function getUser(db: Db, plus: boolean, actor: User, id: number): Promise<User> {
  const found = await findUserById(db, id);
  if (!found) throw notFound();
  await checkUserAccess(db, plus, actor, id);
  return found.user;
}

const TOKEN_ATTRIBUTES = new Set(['notificationTokens', 'termsAccepted']);

/**
 * A readonly user may still change their own `notificationTokens`, `termsAccepted` and TOTP key.
 */
function onlyTokenAttributes(before: UserFields, after: UserFields, password: boolean): boolean {
  if (password) return false;
  for (const key of ALL_FIELDS) {
    // The TOTP key guards the account rather than changing data: a readonly user sets it too.
    if (key !== 'attributes' && key !== 'totpKey' && before[key] !== after[key]) return false;
  }
  const keys = new Set([...Object.keys(before.attributes), ...Object.keys(after.attributes)]);
  for (const key of keys) {
    const same = JSON.stringify(before.attributes[key]) === JSON.stringify(after.attributes[key]);
    if (!same && !TOKEN_ATTRIBUTES.has(key)) return false;
  }
  return true;
}

/** Who edits `target`, or a denial: self, a manager over them, or an admin. */
async function editorOf(db: Db, actor: Actor, target: User): Promise<Editor> {
  if (actor.admin) return 'admin';
  if (target.administrator) throw new SecurityException('User access denied');
  if (actor.user.id === target.id) return 'self';
  if (await manages(db, actor.user.id, target.id)) return 'manager';
  throw new SecurityException('User access denied');
}

/** The credential making a change, and whether its session acts as another user. */
export interface Caller extends KeptCredential {
  impersonated?: boolean;
}

/** Whether a write sets a new password: an empty one means "unchanged", as traccar-web sends the form's blank field. */
export const setsPassword = (input: Pick<UserInput, 'password'>): boolean =>
  Boolean(input.password);

/**
 * Saves a user. A new password ends the user's other sessions and API tokens in the same
 * transaction, since a change often follows a suspected compromise: all of them when someone
 * else set it, all but `caller` (the credential making the request) when users set their own.
 */
export async function updateUserAccount(
  db: Db,
  plus: boolean,
  actorUser: User,
  id: number,
  input: UserInput,
  changes?: ChangeFeed,
  caller: Caller | null = null,
): Promise<User> {
  const found = await findUserById(db, id);
  if (!found) throw notFound();
  const server = await getServerSettings(db);
  const actor = makeActor(actorUser, server, plus);
  const editor = await editorOf(db, actor, found.user);
  if (editor === 'self') deny(hasBit(actor, 'self') ? null : DENIED.write);
  if (editor === 'manager') deny(accessDenial(actor, 'users', 'edit'));
  const current: UserFields = applyInput(newUserFields(), found.user, 'admin');
  const fields = checkUserFields(applyInput(current, input, editor, server.fixedEmail));
  const keyReader = {
    userId: actorUser.id,
    admin: actor.admin,
    impersonated: caller?.impersonated ?? false,
  };
  fields.totpKey =
    input.totpKey !== undefined && mayTouchTotpKey(keyReader, id)
      ? normaliseTotpKey(input.totpKey)
      : current.totpKey;
  if (editor === 'manager') {
    fields.attributes = limitGrantedPerms(actorUser, current.attributes, fields.attributes);
  }
  const newPassword = setsPassword(input);
  if (
    actor.restrictions.readonly &&
    !(editor === 'self' && onlyTokenAttributes(current, fields, newPassword))
  ) {
    throw new SecurityException(DENIED.readonly);
  }
  if (editor === 'manager') checkExpiry(actor, current.expirationTime, fields.expirationTime);
  if (fields.email.toLowerCase() !== current.email.toLowerCase()) {
    await checkEmailFree(db, fields.email, id);
  }
  const hashed = newPassword
    ? await hashPassword(checkPassword(input.password, fields))
    : undefined;
  try {
    const saved = await db.kysely.transaction().execute(async (trx) => {
      const tx: Db = { ...db, kysely: trx };
      // A sub-reseller's limit is checked against what the manager has left: counted under the
      // same locks as user creation.
      const editorUser = editor === 'manager' ? await lockHolders(tx, actorUser.id) : actorUser;
      const reseller = await checkResellerFields(tx, editorUser, found.user, fields);
      const user = await updateUser(tx, id, fields, hashed);
      if (user) await saveDomain(tx, id, reseller);
      if (user && hashed !== undefined) {
        await endOtherCredentials(tx, id, actorUser.id === id ? caller : null);
      }
      return user;
    });
    if (!saved) throw notFound();
    changes?.emit({ kind: 'user', id, action: 'update' });
    noteValues('user', id, found.user, saved);
    return saved;
  } catch (error) {
    if (isUniqueViolation(error)) throw emailInUse();
    throw error;
  }
}
