/**
 * Times `GET /api/devices` and `GET /api/positions` over 10,000 devices on a real server, for an
 * admin and for a user who reaches the devices through a group. Not a test: it prints figures.
 *
 *   npx tsx scripts/measure-lists.ts                      # SQLite
 *   DATABASE_URL=postgres://… npx tsx scripts/measure-lists.ts
 */
import path from 'node:path';
import { sql } from 'kysely';
import { connect } from '../server/db/connect';
import { flag } from '../server/db/database';
import { insertPositions } from '../server/ingest/store';
import { Client } from '../tests/support/http';
import { createTempPostgres, type TempPostgres } from '../tests/support/postgres';
import { TEST_ADMIN, startServer } from '../tests/support/server';

const DEVICES = Number(process.env.DEVICES ?? 10_000);
const RUNS = 15;

async function time(
  client: Client,
  url: string,
): Promise<{ median: number; bytes: number; count: number }> {
  const samples: number[] = [];
  let bytes = 0;
  let count = 0;
  for (let i = 0; i < RUNS + 2; i += 1) {
    const start = performance.now();
    const res = await client.get(url);
    const text = await res.text();
    const elapsed = performance.now() - start;
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text}`);
    if (i >= 2) samples.push(elapsed);
    bytes = text.length;
    count = (JSON.parse(text) as unknown[]).length;
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)], bytes, count };
}

async function main(): Promise<void> {
  let database: TempPostgres | null = null;
  if (process.env.DATABASE_URL) database = await createTempPostgres('dir');
  const server = await startServer(database ? { env: { DATABASE_URL: database.url } } : {});
  const db = await connect(
    database
      ? { kind: 'postgres', url: database.url }
      : { kind: 'sqlite', file: path.join(server.dataDir, 'frota.db') },
  );
  try {
    const admin = new Client(server.url);
    await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const res = await admin.json('/api/users', {
      name: 'Group User',
      email: 'g@x.test',
      password: 'pw-pw-pw',
    });
    const userId = ((await res.json()) as { id: number }).id;
    const group = await db.kysely
      .insertInto('groups')
      .values({ name: 'All', attributes: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.kysely.insertInto('userGroup').values({ userId, groupId: group.id }).execute();

    const now = Date.now();
    for (let i = 0; i < DEVICES; i += 500) {
      const rows = Array.from({ length: Math.min(500, DEVICES - i) }, (_, k) => ({
        name: `Vehicle ${String(i + k).padStart(5, '0')}`,
        uniqueId: `imei-${i + k}`,
        groupId: group.id,
        category: 'car',
        status: 'online',
        lastUpdate: now,
        disabled: flag(db, false),
        state: '{}',
        attributes: JSON.stringify({
          placa: `ABC${i + k}`,
          'tarkan.color': '10|20|30',
          nested: { a: [1, 2] },
        }),
      }));
      const ids = await db.kysely.insertInto('devices').values(rows).returning('id').execute();
      const positionIds = await insertPositions(
        db.kysely,
        db.dialect,
        ids.map(({ id }, k) => ({
          id: 0,
          deviceId: id,
          protocol: 'osmand',
          serverTime: now,
          deviceTime: now,
          fixTime: now - k,
          outdated: false,
          valid: true,
          latitude: -23.5 + k / 1000,
          longitude: -46.6,
          altitude: 760,
          speed: 12.5,
          course: 90,
          address: null,
          accuracy: 5,
          network: null,
          geofenceIds: null,
          attributes: {
            batteryLevel: 80,
            ignition: true,
            motion: true,
            totalDistance: 12345.6,
            hours: 360000,
          },
        })),
      );
      for (let k = 0; k < ids.length; k += 1) {
        await db.kysely
          .updateTable('devices')
          .set({ positionId: positionIds[k] })
          .where('id', '=', ids[k].id)
          .execute();
      }
    }
    if (db.dialect === 'postgres') await sql`analyze`.execute(db.kysely);

    const user = new Client(server.url);
    await user.login('g@x.test', 'pw-pw-pw');
    console.log(
      `${DEVICES} devices on ${db.dialect}; median of ${RUNS} requests (client-side, incl. transfer)`,
    );
    for (const [who, client] of [
      ['admin', admin],
      ['group user', user],
    ] as const) {
      for (const url of ['/api/devices', '/api/positions']) {
        const { median, bytes, count } = await time(client, url);
        console.log(
          `${who.padEnd(10)} ${url.padEnd(15)} ${median.toFixed(1).padStart(7)} ms  ${count} items  ${(bytes / 1e6).toFixed(2)} MB`,
        );
      }
    }
  } finally {
    await db.close();
    await server.stop();
    await database?.drop();
  }
}

void main();
