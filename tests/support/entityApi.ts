/**
 * What the API tests share: a real server on SQLite, or on a temporary PostgreSQL database when
 * DATABASE_URL is set, started once per test file; direct database access to the same data
 * (positions and events are written by the ingest engine, so tests insert them here); an admin
 * signed in, users made and linked via the API.
 */
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { connect } from '../../server/db/connect';
import type { Db } from '../../server/db/database';
import { insertEvents, insertPositions } from '../../server/ingest/store';
import type { PositionRecord } from '../../server/processing/types';
import { Client } from './http';
import { createTempPostgres, type TempPostgres } from './postgres';
import { TEST_ADMIN, startServer, type TestServer } from './server';
import { positionRecord } from './positionRecord';

export interface ApiFixture {
  server: TestServer;
  db: Db;
  admin: Client;
  stop(): Promise<void>;
}

export interface ApiFixtureOptions {
  /** How long the server may take to answer its health check (the test server's own default else). */
  startTimeoutMs?: number;
}

/**
 * A server plus a second connection to its database, and a signed-in admin. `env` adds to the
 * server's environment (e.g. `LICENSE_MODE`, which the advanced-permission bits need).
 */
export async function startApiFixture(
  env: Record<string, string> = {},
  options: ApiFixtureOptions = {},
): Promise<ApiFixture> {
  let database: TempPostgres | null = null;
  if (process.env.DATABASE_URL) database = await createTempPostgres('dir');
  const server = await startServer({
    env: { ...env, ...(database ? { DATABASE_URL: database.url } : {}) },
    startTimeoutMs: options.startTimeoutMs,
  });
  const db = await connect(
    database
      ? { kind: 'postgres', url: database.url }
      : { kind: 'sqlite', file: path.join(server.dataDir, 'frota.db') },
  );
  const admin = await signInAdmin(server);
  return {
    server,
    db,
    admin,
    async stop() {
      await db.close();
      await server.stop();
      await database?.drop();
    },
  };
}

/**
 * One fixture for the whole test file: started before its first test and stopped after its last.
 * The answer reads through to that fixture, so a file writes `f.admin`, `f.db` and `makeUser(f)`
 * in its tests as it would with the fixture itself. `env` may be a function, read when the
 * fixture starts, for values an earlier `beforeAll` makes (a web folder, a mail receiver's URL).
 * Its start may take `hookTimeoutMs` (two minutes unless told), a busy machine being slow.
 */
export function apiFixtureForFile(
  env: Record<string, string> | (() => Record<string, string>) = {},
  options: ApiFixtureOptions & { hookTimeoutMs?: number } = {},
): ApiFixture {
  let current: ApiFixture | undefined;
  const started = (): ApiFixture => {
    if (!current) throw new Error('the API fixture is used before its beforeAll ran');
    return current;
  };
  beforeAll(async () => {
    current = await startApiFixture(typeof env === 'function' ? env() : env, options);
  }, options.hookTimeoutMs ?? 120_000);
  afterAll(() => current?.stop());
  return {
    get server() {
      return started().server;
    },
    get db() {
      return started().db;
    },
    get admin() {
      return started().admin;
    },
    stop: () => started().stop(),
  };
}

/** A new client of `server`, signed in as the administrator every test server starts with. */
export async function signInAdmin(server: { url: string }): Promise<Client> {
  const admin = new Client(server.url);
  await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
  return admin;
}

/**
 * Runs `work` with the server's advanced permissions switched on (`tarkan.enableAdvancedPerms`),
 * then puts the server record back as it was, whatever `work` did.
 */
export async function withAdvancedPerms(admin: Client, work: () => Promise<void>): Promise<void> {
  const server = (await (await admin.get('/api/server')).json()) as Record<string, unknown>;
  const attributes = (server.attributes ?? {}) as Record<string, unknown>;
  const on = await admin.json(
    '/api/server',
    { ...server, attributes: { ...attributes, 'tarkan.enableAdvancedPerms': true } },
    'PUT',
  );
  if (on.status !== 200) throw new Error(`advanced permissions: ${on.status} ${await on.text()}`);
  try {
    await work();
  } finally {
    await admin.json('/api/server', { ...server, attributes }, 'PUT');
  }
}

let counter = 0;

/** Creates a user through the API as `creator` and returns a client signed in as them. */
export async function makeUser(
  fixture: ApiFixture,
  fields: Record<string, unknown> = {},
  creator: Client = fixture.admin,
): Promise<{ client: Client; id: number; email: string }> {
  counter += 1;
  const email = `user${counter}-${Date.now()}@frota.test`;
  const res = await creator.json('/api/users', {
    name: `User ${counter}`,
    email,
    password: 'user-pass',
    ...fields,
  });
  if (res.status !== 200) throw new Error(`user create failed: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: number };
  const client = new Client(fixture.server.url);
  await client.login(email, 'user-pass');
  return { client, id, email };
}

/** A user made by the admin who sees the device `deviceId` through a direct link. */
export async function makeUserSeeing(
  fixture: ApiFixture,
  deviceId: number,
  fields: Record<string, unknown> = {},
): Promise<{ client: Client; id: number; email: string }> {
  const user = await makeUser(fixture, fields);
  await link(fixture.admin, { userId: user.id, deviceId });
  return user;
}

/** POSTs and returns the parsed JSON, failing loudly unless 200. */
export async function create<T = Record<string, unknown>>(
  client: Client,
  path: string,
  body: unknown,
): Promise<T & { id: number }> {
  const res = await client.json(path, body);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T & { id: number };
}

export async function link(client: Client, body: Record<string, number>): Promise<void> {
  const res = await client.json('/api/permissions', body);
  if (res.status !== 204) throw new Error(`link failed: ${res.status} ${await res.text()}`);
}

/** Stores a position as the ingest engine would; `latest` also makes it the device's latest. */
export async function addPosition(
  db: Db,
  deviceId: number,
  fixTime: number,
  extra: Partial<PositionRecord> = {},
  latest = true,
): Promise<number> {
  const position = positionRecord({
    id: 0,
    deviceId,
    serverTime: fixTime,
    deviceTime: fixTime,
    fixTime,
    speed: 10,
    ...extra,
  });
  const [id] = await insertPositions(db.kysely, db.dialect, [position]);
  if (latest) {
    await db.kysely
      .updateTable('devices')
      .set({ positionId: id })
      .where('id', '=', deviceId)
      .execute();
  }
  return id;
}

export async function addEvent(db: Db, deviceId: number, type = 'alarm'): Promise<number> {
  const [id] = await insertEvents(db.kysely, [
    {
      type: type as 'alarm',
      deviceId,
      eventTime: Date.now(),
      positionId: 0,
      geofenceId: 0,
      maintenanceId: 0,
      attributes: { alarm: 'sos' },
    },
  ]);
  return id;
}

/** Reads a table straight from the database, to prove a denied request changed nothing. */
export async function countRows(db: Db, table: string): Promise<number> {
  const row = await (db.kysely as unknown as Db['kysely'])
    .selectFrom(table as 'devices')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
