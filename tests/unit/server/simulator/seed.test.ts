import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../../../../server/db/databaseConfig';
import { connect } from '../../../../server/db/connect';
import { flag, type Db } from '../../../../server/db/database';
import { migrateToLatest } from '../../../../server/db/migrate';
import {
  countDevices,
  demoIntervalMs,
  listDemoDevices,
  prepareDemoDevices,
} from '../../../../server/simulator/seed';
import { ensureFirstAdmin } from '../../../../server/users/firstAdmin';

let dir = '';
let db: Db | null = null;
afterEach(async () => {
  await db?.close();
  db = null;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = '';
});

async function open(kind: 'sqlite' | 'pglite'): Promise<Db> {
  dir = await mkdtemp(path.join(os.tmpdir(), 'frota-seed-'));
  const config: DatabaseConfig =
    kind === 'sqlite' ? { kind, file: path.join(dir, 'frota.db') } : { kind, dir: null };
  db = await connect(config);
  await migrateToLatest(db);
  await ensureFirstAdmin(db, 'admin@frota.test', 'admin-secret-1');
  return db;
}

describe.each(['sqlite', 'pglite'] as const)('demo devices on %s', (kind) => {
  it('creates 25 on an empty database, linked to the first admin, and keeps them later', async () => {
    const db = await open(kind);
    const created = await prepareDemoDevices(db, null, true);
    expect(created).toHaveLength(25);
    expect(created[0].uniqueId).toBe('demo-0001');

    const row = await db.kysely
      .selectFrom('devices')
      .selectAll()
      .where('uniqueId', '=', 'demo-0001')
      .executeTakeFirstOrThrow();
    const attributes = JSON.parse(row.attributes) as Record<string, unknown>;
    expect(attributes['frota.demo']).toBe(true);
    expect(typeof attributes.placa).toBe('string');
    expect(attributes['tarkan.color']).toMatch(/\|/);
    const links = await db.kysely.selectFrom('userDevice').selectAll().execute();
    expect(links).toHaveLength(25);

    // A later start without DEMO_DEVICES drives the same devices, creating none.
    const again = await prepareDemoDevices(db, null, false);
    expect(again.map((d) => d.id)).toEqual(created.map((d) => d.id));
    expect(await countDevices(db)).toBe(25);
  }, 30_000);

  it('does not seed a database that had devices, ensures N, and 0 means none', async () => {
    const db = await open(kind);
    await db.kysely
      .insertInto('devices')
      .values({
        name: 'Real',
        uniqueId: 'demo-0002',
        disabled: flag(db, false),
        state: '{}',
        attributes: '{}',
      })
      .execute();
    expect(await prepareDemoDevices(db, null, false)).toEqual([]);
    expect(await prepareDemoDevices(db, 0, false)).toEqual([]);

    const three = await prepareDemoDevices(db, 3, false);
    // demo-0002 is taken by a real device: skipped, not hijacked.
    expect(three.map((d) => d.uniqueId)).toEqual(['demo-0001', 'demo-0003', 'demo-0004']);
    expect((await prepareDemoDevices(db, 2, false)).map((d) => d.uniqueId)).toEqual([
      'demo-0001',
      'demo-0003',
    ]);
    expect(await listDemoDevices(db)).toHaveLength(3);
    expect(await countDevices(db)).toBe(4);
  }, 30_000);
});

describe('demoIntervalMs', () => {
  it('is 5 s for small fleets and keeps big ones near 200 messages/s', () => {
    expect(demoIntervalMs(25)).toBe(5_000);
    expect(demoIntervalMs(10_000)).toBe(50_000);
  });
});
