import type { Insertable, Selectable, Updateable } from 'kysely';
import type { User } from '../../model';
import { flag, type Db } from './database';
import { parseAttributes, toIso } from './json';
import type { UsersTable } from './schema';

type UserRow = Selectable<UsersTable>;

/** A user as stored, plus the password hash that never leaves the server. */
export interface StoredUser {
  user: User;
  hashedPassword: string | null;
}

/** Fields a caller may write; `password` is plain text and handled by the caller. */
export type UserFields = Omit<User, 'id' | 'password'>;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    login: row.login,
    email: row.email,
    phone: row.phone,
    readonly: Boolean(row.readonly),
    administrator: Boolean(row.administrator),
    map: row.map,
    latitude: row.latitude,
    longitude: row.longitude,
    zoom: row.zoom,
    twelveHourFormat: Boolean(row.twelveHourFormat),
    coordinateFormat: row.coordinateFormat,
    disabled: Boolean(row.disabled),
    expirationTime: toIso(row.expirationTime),
    deviceLimit: row.deviceLimit,
    userLimit: row.userLimit,
    deviceReadonly: Boolean(row.deviceReadonly),
    limitCommands: Boolean(row.limitCommands),
    disableReports: Boolean(row.disableReports),
    fixedEmail: Boolean(row.fixedEmail),
    poiLayer: row.poiLayer,
    totpKey: row.totpKey,
    temporary: Boolean(row.temporary),
    password: null,
    attributes: parseAttributes(row.attributes),
  };
}

function toRow(db: Db, u: UserFields): Omit<Insertable<UsersTable>, 'hashedPassword'> {
  return {
    name: u.name,
    login: u.login,
    email: u.email,
    phone: u.phone,
    readonly: flag(db, u.readonly),
    administrator: flag(db, u.administrator),
    map: u.map,
    latitude: u.latitude,
    longitude: u.longitude,
    zoom: u.zoom,
    twelveHourFormat: flag(db, u.twelveHourFormat),
    coordinateFormat: u.coordinateFormat,
    disabled: flag(db, u.disabled),
    expirationTime: u.expirationTime === null ? null : Date.parse(u.expirationTime),
    deviceLimit: u.deviceLimit,
    userLimit: u.userLimit,
    deviceReadonly: flag(db, u.deviceReadonly),
    limitCommands: flag(db, u.limitCommands),
    disableReports: flag(db, u.disableReports),
    fixedEmail: flag(db, u.fixedEmail),
    poiLayer: u.poiLayer,
    totpKey: u.totpKey,
    temporary: flag(db, u.temporary),
    attributes: JSON.stringify(u.attributes),
  };
}

function stored(row: UserRow | undefined): StoredUser | null {
  return row ? { user: toUser(row), hashedPassword: row.hashedPassword } : null;
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findUserById(db: Db, id: number): Promise<StoredUser | null> {
  return stored(
    await db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
  );
}

export async function findUserByEmail(db: Db, email: string): Promise<StoredUser | null> {
  const row = await db.kysely
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  return stored(row);
}

/** Login name lookup: matches `email` or `login`, case-insensitively; email wins a tie. */
export async function findUserByLogin(db: Db, name: string): Promise<StoredUser | null> {
  const lower = name.toLowerCase();
  const rows = await db.kysely
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      eb.or([eb(eb.fn('lower', ['email']), '=', lower), eb(eb.fn('lower', ['login']), '=', lower)]),
    )
    .orderBy('id')
    .execute();
  return stored(rows.find((r) => r.email.toLowerCase() === lower) ?? rows[0]);
}

export async function insertUser(
  db: Db,
  fields: UserFields,
  hashedPassword: string,
): Promise<User> {
  const row = await db.kysely
    .insertInto('users')
    .values({ ...toRow(db, fields), hashedPassword })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toUser(row);
}

/** Saves every field; keeps the password hash unless a new one is given. */
export async function updateUser(
  db: Db,
  id: number,
  fields: UserFields,
  hashedPassword?: string,
): Promise<User | null> {
  const values: Updateable<UsersTable> = toRow(db, fields);
  if (hashedPassword !== undefined) values.hashedPassword = hashedPassword;
  const row = await db.kysely
    .updateTable('users')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? toUser(row) : null;
}

export async function setPasswordHash(db: Db, id: number, hashedPassword: string): Promise<void> {
  await db.kysely.updateTable('users').set({ hashedPassword }).where('id', '=', id).execute();
}
