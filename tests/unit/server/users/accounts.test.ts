/**
 * The same repository and migration tests on SQLite and on PostgreSQL: a temporary database on
 * the server at DATABASE_URL when set, else in-process PGlite.
 */
import { NO_MIGRATIONS } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordReset, resetPassword } from '../../../../server/signIn/recovery';
import { hashPassword, verifyPassword } from '../../../../server/auth/password';
import { createSession, deleteUserSessions, findSession } from '../../../../server/auth/sessions';
import { createToken, revokeToken, verifyToken } from '../../../../server/auth/tokens';
import { type DatabaseConfig } from '../../../../server/db/databaseConfig';
import { connect } from '../../../../server/db/connect';
import { isUniqueViolation, type Db } from '../../../../server/db/database';
import { migrateToLatest, migrator } from '../../../../server/db/migrate';
import { migrations as allMigrations } from '../../../../server/db/migrations';
import { getServerSettings, saveServerSettings } from '../../../../server/db/servers';
import {
  countUsers,
  findUserByEmail,
  findUserById,
  findUserByLogin,
  insertUser,
} from '../../../../server/db/users';
import { createUser, getUser, updateUserAccount } from '../../../../server/users/accounts';
import { newUserFields } from '../../../../server/users/defaults';
import { ensureFirstAdmin } from '../../../../server/users/firstAdmin';
import { closeTarget, postgresTarget, sqliteTarget } from '../../../support/dialects';

const user = (email: string, extra: Partial<ReturnType<typeof newUserFields>> = {}) => ({
  ...newUserFields(),
  name: 'Test User',
  email,
  ...extra,
});

describe.each([sqliteTarget(), postgresTarget()])('database on $name', (target) => {
  let config: DatabaseConfig;
  let db: Db;

  beforeAll(async () => {
    config = await target.open();
    db = await connect(config);
    await migrateToLatest(db);
  }, 60_000);

  afterAll(async () => {
    await closeTarget(target, db);
  });

  it('migrations are recorded and re-running them is a no-op', async () => {
    const migrations = await migrator(db).getMigrations();
    expect(migrations.map((m) => [m.name, m.executedAt instanceof Date])).toEqual(
      Object.keys(allMigrations).map((name) => [name, true]),
    );
    expect((await migrateToLatest(db)).results).toEqual([]);
  });

  it('starts empty with one server row, registration off', async () => {
    expect(await countUsers(db)).toBe(0);
    const server = await getServerSettings(db);
    expect(server).toMatchObject({ registration: false, readonly: false, zoom: 0, attributes: {} });
  });

  it('first user via registration becomes administrator, even with registration off', async () => {
    const first = await createUser(db, true, null, {
      name: 'First',
      email: 'First@Example.com',
      password: 'pw-123456',
    });
    expect(first).toMatchObject({
      administrator: true,
      email: 'First@Example.com',
      password: null,
    });
    await expect(
      createUser(db, true, null, {
        name: 'Second',
        email: 'second@example.com',
        password: 'pw-123456',
      }),
    ).rejects.toThrow('Registration disabled');
  });

  it('saves server settings with booleans and attributes', async () => {
    const current = await getServerSettings(db);
    const saved = await saveServerSettings(db, {
      ...current,
      registration: true,
      forceSettings: true,
      latitude: -23.55,
      announcement: 'Olá',
      attributes: { nested: { a: [1, 2] } },
    });
    expect(saved).toMatchObject({
      registration: true,
      forceSettings: true,
      latitude: -23.55,
      announcement: 'Olá',
    });
    expect((await getServerSettings(db)).attributes).toEqual({ nested: { a: [1, 2] } });
  });

  it('self-registration forces safe defaults', async () => {
    const created = await createUser(db, true, null, {
      name: 'Mallory',
      email: 'mallory@example.com',
      password: 'pw-123456',
      administrator: true,
      deviceLimit: 1000,
      userLimit: -1,
      readonly: false,
      disabled: false,
      expirationTime: '2099-01-01T00:00:00.000Z',
      attributes: { language: 'en' },
    });
    expect(created).toMatchObject({
      administrator: false,
      deviceLimit: -1,
      userLimit: 0,
      expirationTime: null,
      attributes: { language: 'en' },
    });
  });

  it('validates names, emails and passwords, and keeps emails unique regardless of case', async () => {
    const admin = (await findUserByEmail(db, 'first@example.com'))!.user;
    const base = { name: 'Valid Name', email: 'valid@example.com', password: 'pw-123456' };
    await expect(createUser(db, true, admin, { ...base, name: 'ab' })).rejects.toThrow(
      'Name too short',
    );
    await expect(createUser(db, true, admin, { ...base, email: 'a@b' })).rejects.toThrow(
      'Email too short',
    );
    await expect(createUser(db, true, admin, { ...base, password: 'abc' })).rejects.toThrow(
      'Password too short',
    );
    await expect(
      createUser(db, true, admin, { ...base, email: 'FIRST@example.com' }),
    ).rejects.toThrow('Email already in use');
    // The index itself enforces it too, for races past the check.
    await expect(insertUser(db, user('first@EXAMPLE.com'), 'x')).rejects.toSatisfy(
      isUniqueViolation,
    );
  });

  it('administrators create users with any field', async () => {
    const admin = (await findUserByEmail(db, 'first@example.com'))!.user;
    const created = await createUser(db, true, admin, {
      name: 'Manager',
      email: 'manager@example.com',
      login: 'mgr',
      password: 'pw-123456',
      userLimit: 5,
      readonly: true,
      expirationTime: '2099-01-01T00:00:00.000Z',
    });
    expect(created).toMatchObject({ userLimit: 5, readonly: true, administrator: false });
    expect(created.expirationTime).toBe('2099-01-01T00:00:00.000Z');
  });

  it('finds users by email or login, case-insensitively', async () => {
    expect((await findUserByLogin(db, 'MANAGER@example.com'))?.user.name).toBe('Manager');
    expect((await findUserByLogin(db, 'MGR'))?.user.name).toBe('Manager');
    expect(await findUserByLogin(db, 'nobody')).toBeNull();
    const stored = await findUserByLogin(db, 'mgr');
    expect(await verifyPassword('pw-123456', stored!.hashedPassword!)).toBe(true);
  });

  it('users update themselves but not their rights; admins update anyone', async () => {
    const mallory = (await findUserByEmail(db, 'mallory@example.com'))!.user;
    const manager = (await findUserByEmail(db, 'manager@example.com'))!.user;
    const admin = (await findUserByEmail(db, 'first@example.com'))!.user;

    const self = await updateUserAccount(db, true, mallory, mallory.id, {
      name: 'Mallory M',
      administrator: true,
      userLimit: -1,
      zoom: 7,
      attributes: { language: 'es' },
    });
    expect(self).toMatchObject({ name: 'Mallory M', administrator: false, userLimit: 0, zoom: 7 });
    expect(self.attributes).toEqual({ language: 'es' });

    await expect(
      updateUserAccount(db, true, mallory, manager.id, { name: 'Hacked' }),
    ).rejects.toThrow('User access denied');
    await expect(getUser(db, true, mallory, manager.id)).rejects.toThrow('User access denied');
    await expect(
      updateUserAccount(db, true, mallory, mallory.id, { email: 'manager@example.com' }),
    ).rejects.toThrow('Email already in use');

    const disabled = await updateUserAccount(db, true, admin, mallory.id, {
      disabled: true,
      password: 'new-pw-7890',
    });
    expect(disabled.disabled).toBe(true);
    const stored = await findUserById(db, mallory.id);
    expect(await verifyPassword('new-pw-7890', stored!.hashedPassword!)).toBe(true);
    await expect(getUser(db, true, admin, 99_999)).rejects.toThrow('Not found');
  });

  it('sessions are stored hashed, expire, and end per user', async () => {
    const manager = (await findUserByEmail(db, 'manager@example.com'))!.user;
    const now = Date.now();
    const { cookie, session } = await createSession(
      db,
      { userId: manager.id, origin: 'http://x' },
      now,
    );
    expect(session.id).not.toBe(cookie);
    expect(await findSession(db, cookie, now + 1000)).toMatchObject({
      userId: manager.id,
      origin: 'http://x',
    });
    expect(await findSession(db, 'wrong-cookie', now)).toBeNull();
    // 30-day lifetime.
    expect(await findSession(db, cookie, now + 31 * 24 * 3600 * 1000)).toBeNull();
    expect(await findSession(db, cookie, now)).toBeNull();

    const short = await createSession(
      db,
      { userId: manager.id, origin: null, expires: now + 5000 },
      now,
    );
    expect(short.session.expires).toBe(now + 5000);
    await deleteUserSessions(db, manager.id);
    expect(await findSession(db, short.cookie, now)).toBeNull();
  });

  it('sessions survive closing and reopening the database', async () => {
    const manager = (await findUserByEmail(db, 'manager@example.com'))!.user;
    const { cookie } = await createSession(db, { userId: manager.id, origin: null });
    await db.close();
    db = await connect(config);
    expect((await findSession(db, cookie))?.userId).toBe(manager.id);
  });

  it('tokens verify until revoked or expired', async () => {
    const manager = (await findUserByEmail(db, 'manager@example.com'))!.user;
    const now = Date.now();
    const token = await createToken(db, manager.id, now + 60_000, now);
    expect(await verifyToken(db, token, now)).toEqual({
      id: expect.any(Number) as number,
      userId: manager.id,
      expires: now + 60_000,
    });
    expect(await verifyToken(db, token, now + 60_000)).toBeNull();
    await revokeToken(db, token);
    expect(await verifyToken(db, token, now)).toBeNull();
  });

  it('a session started from a token ends when the token is revoked or expires', async () => {
    const manager = (await findUserByEmail(db, 'manager@example.com'))!.user;
    const now = Date.now();
    const token = await createToken(db, manager.id, now + 60_000, now);
    const tokenId = (await verifyToken(db, token, now))!.id;
    const fromToken = await createSession(db, { userId: manager.id, origin: null, tokenId }, now);
    const other = await createSession(db, { userId: manager.id, origin: null }, now);
    expect(await findSession(db, fromToken.cookie, now)).toMatchObject({ tokenId });
    // A token that expired takes its session along, whatever the session's own expiry.
    expect(await findSession(db, fromToken.cookie, now + 60_000)).toBeNull();

    const token2 = await createToken(db, manager.id, now + 60_000, now);
    const token2Id = (await verifyToken(db, token2, now))!.id;
    const second = await createSession(
      db,
      { userId: manager.id, origin: null, tokenId: token2Id },
      now,
    );
    expect(await revokeToken(db, token2)).toBe(token2Id);
    expect(await findSession(db, second.cookie, now)).toBeNull();
    expect(await findSession(db, other.cookie, now)).not.toBeNull();
    expect(await revokeToken(db, 'unknown-token')).toBeNull();
  });

  it('a new password ends the other sessions and tokens, keeping only the caller', async () => {
    const admin = (await findUserByEmail(db, 'first@example.com'))!.user;
    const changer = await createUser(db, true, admin, {
      name: 'Changer',
      email: 'changer@example.com',
      password: 'pw-123456',
    });
    const now = Date.now();
    const later = now + 3_600_000;
    const start = async (tokenId: number | null = null) =>
      (await createSession(db, { userId: changer.id, origin: null, tokenId }, now)).cookie;
    const token = await createToken(db, changer.id, later, now);
    const callerToken = await createToken(db, changer.id, later, now);
    const callerTokenId = (await verifyToken(db, callerToken, now))!.id;
    const callerCookie = await start(callerTokenId);
    const caller = (await findSession(db, callerCookie, now))!;
    const otherCookie = await start();

    // Any other change leaves them all alone.
    const keep = { sessionId: caller.id, tokenId: callerTokenId };
    await updateUserAccount(
      db,
      true,
      changer,
      changer.id,
      { phone: '123', password: '' },
      undefined,
      keep,
    );
    expect(await findSession(db, otherCookie, now)).not.toBeNull();
    expect(await verifyToken(db, token, now)).not.toBeNull();

    await updateUserAccount(
      db,
      true,
      changer,
      changer.id,
      { password: 'pw-345678' },
      undefined,
      keep,
    );
    expect(await findSession(db, otherCookie, now)).toBeNull();
    expect(await verifyToken(db, token, now)).toBeNull();
    // The session that made the change lives on, and so does the token it rests on.
    expect(await findSession(db, callerCookie, now)).not.toBeNull();
    expect(await verifyToken(db, callerToken, now)).not.toBeNull();

    // Someone else setting the password keeps nothing, not even a credential passed along.
    await updateUserAccount(
      db,
      true,
      admin,
      changer.id,
      { password: 'pw-123456' },
      undefined,
      keep,
    );
    expect(await findSession(db, callerCookie, now)).toBeNull();
    expect(await verifyToken(db, callerToken, now)).toBeNull();
  });

  it('password resets are single-use, expire in an hour, and end sessions and tokens', async () => {
    const now = Date.now();
    const manager = (await findUserByEmail(db, 'manager@example.com'))!.user;
    expect(await createPasswordReset(db, 'nobody@example.com', now)).toBeNull();
    // Disabled users get no token.
    expect(await createPasswordReset(db, 'mallory@example.com', now)).toBeNull();

    const expired = await createPasswordReset(db, 'MANAGER@example.com', now - 3_600_001);
    await expect(resetPassword(db, expired!.token, 'whatever', now)).rejects.toThrow(
      'Invalid or expired token',
    );

    const reset = await createPasswordReset(db, 'manager@example.com', now);
    const { cookie } = await createSession(db, { userId: manager.id, origin: null }, now);
    const apiToken = await createToken(db, manager.id, now + 60_000, now);
    await expect(resetPassword(db, reset!.token, 'abc', now)).rejects.toThrow('Password too short');
    const changed = await resetPassword(db, reset!.token, 'brand-new', now);
    expect(changed.id).toBe(manager.id);
    expect(
      await verifyPassword('brand-new', (await findUserById(db, manager.id))!.hashedPassword!),
    ).toBe(true);
    expect(await findSession(db, cookie, now)).toBeNull();
    expect(await verifyToken(db, apiToken, now)).toBeNull();
    await expect(resetPassword(db, reset!.token, 'again-new', now)).rejects.toThrow(
      'Invalid or expired token',
    );
  });

  it('ensureFirstAdmin does nothing once users exist', async () => {
    expect(await ensureFirstAdmin(db, 'admin', null)).toEqual({
      created: false,
      generatedPassword: null,
    });
  });

  it('migrates down to nothing and back up', async () => {
    const down = await migrator(db).migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    await migrateToLatest(db);
    expect(await countUsers(db)).toBe(0);
    const created = await ensureFirstAdmin(db, 'admin@example.com', null);
    expect(created.created).toBe(true);
    expect(created.generatedPassword).toMatch(/^[A-Za-z0-9]{16}$/);
    const admin = await findUserByEmail(db, 'admin@example.com');
    expect(admin?.user.administrator).toBe(true);
    // Named in the product's default language (the same word in Spanish), shown in the bar.
    expect(admin?.user.name).toBe('Administrador');
    expect(await verifyPassword(created.generatedPassword!, admin!.hashedPassword!)).toBe(true);
    expect(await hashPassword('x')).not.toBe(admin!.hashedPassword);
  });
});
