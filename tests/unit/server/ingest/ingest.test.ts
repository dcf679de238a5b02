/**
 * What the tracking core does for connected trackers (docs/protocols.md), in-process on SQLite:
 * a resent fix is not stored twice, a connection marks its device online and its end offline, an
 * event without a position is written with the next batch, a tracker's first fix replaces a
 * placeholder that placed it nowhere, and a command's answer becomes a `commandResult` event.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../../server/app';
import { parseConfig } from '../../../../server/config';
import { connect } from '../../../../server/db/connect';
import type { Db } from '../../../../server/db/database';
import { migrateToLatest } from '../../../../server/db/migrate';
import { makeEvent } from '../../../../server/processing/types';
import {
  newPosition,
  resultPosition,
  setLocation,
} from '../../../../server/protocol/shared/position';
import { seedFleet, type Fleet } from '../../../support/trackingSeed';

const T0 = Date.UTC(2026, 10, 30, 12, 0, 0);

let dir: string;
let db: Db;
let app: App;
let fleet: Fleet;
let clock = T0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'frota-trackers-'));
  db = await connect({ kind: 'sqlite', file: path.join(dir, 'frota.db') });
  await migrateToLatest(db);
  fleet = await seedFleet(db, { 'event.status.enable': true });
  const config = parseConfig({ WEB_DIR: path.join(os.tmpdir(), 'frota-no-web') });
  app = await buildApp(config, db, {
    logger: false,
    tracking: { ingest: { now: () => clock, delayMs: 1 } },
  });
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
  await rm(dir, { recursive: true, force: true });
});

/** A GT06-like fix of `uniqueId` at `time`. */
function fix(uniqueId: string, time: number, attributes: Record<string, unknown> = {}) {
  const position = newPosition('gt06', time);
  setLocation(position, { time, valid: true, latitude: -23.55, longitude: -46.63 });
  position.uniqueId = uniqueId;
  position.attributes = { ignition: true, ...attributes };
  return position;
}

const submit = (position: ReturnType<typeof fix>) => app.tracking.ingest.submit(position, false);
const idle = async () => {
  await app.tracking.ingest.flush();
  await app.tracking.batches.idle();
};
const positionsOf = (deviceId: number) =>
  db.kysely
    .selectFrom('positions')
    .selectAll()
    .where('deviceId', '=', deviceId)
    .orderBy('id')
    .execute();
const eventsOf = (deviceId: number, type: string) =>
  db.kysely
    .selectFrom('events')
    .selectAll()
    .where('deviceId', '=', deviceId)
    .where('type', '=', type)
    .orderBy('id')
    .execute();
const deviceRow = (id: number) =>
  db.kysely.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('tracking core for connected trackers', () => {
  it('stores a fix the device sends again only once, but one with something new', async () => {
    const { van } = fleet;
    clock = T0 + 60_000;
    expect(await submit(fix(van.uniqueId, T0))).toMatchObject({ kind: 'stored' });
    expect(await submit(fix(van.uniqueId, T0 + 10_000))).toMatchObject({ kind: 'stored' });
    // The buffer resent after a lost acknowledgement: both fixes again.
    expect(await submit(fix(van.uniqueId, T0))).toEqual({ kind: 'duplicate' });
    expect(await submit(fix(van.uniqueId, T0 + 10_000))).toEqual({ kind: 'duplicate' });
    // The same fix time with an alarm raised is news.
    expect(await submit(fix(van.uniqueId, T0 + 10_000, { alarm: 'sos' }))).toMatchObject({
      kind: 'stored',
    });
    await idle();
    expect((await positionsOf(van.id)).map((p) => p.fixTime)).toEqual([
      T0,
      T0 + 10_000,
      T0 + 10_000,
    ]);
  });

  it('stores once the same fix sent twice before the first copy is stored', async () => {
    const { van } = fleet;
    // One frame carrying a record twice, or a resend racing the first copy's batch.
    const [first, second] = await Promise.all([
      submit(fix(van.uniqueId, T0 + 20_000)),
      submit(fix(van.uniqueId, T0 + 20_000)),
    ]);
    expect([first.kind, second.kind]).toEqual(['stored', 'duplicate']);
    await idle();
    expect((await positionsOf(van.id)).filter((p) => p.fixTime === T0 + 20_000)).toHaveLength(1);
  });

  it('keeps every resent fix when the server turns the duplicate filter off', async () => {
    const { truck } = fleet;
    await db.kysely
      .updateTable('servers')
      .set({ attributes: JSON.stringify({ 'filter.duplicate': false }) })
      .execute();
    app.changes.emit({ kind: 'server', action: 'update' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    try {
      expect(await submit(fix(truck.uniqueId, T0))).toMatchObject({ kind: 'stored' });
      expect(await submit(fix(truck.uniqueId, T0))).toMatchObject({ kind: 'stored' });
      await idle();
      expect(await positionsOf(truck.id)).toHaveLength(2);
    } finally {
      await db.kysely
        .updateTable('servers')
        .set({ attributes: JSON.stringify({ 'event.status.enable': true }) })
        .execute();
      app.changes.emit({ kind: 'server', action: 'update' });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it('marks a device online when its connection opens and offline when it closes', async () => {
    const { truck } = fleet;
    await db.kysely
      .updateTable('devices')
      .set({ status: 'offline' })
      .where('id', '=', truck.id)
      .execute();
    app.changes.emit({ kind: 'device', id: truck.id, action: 'update' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    clock = T0 + 120_000;
    app.tracking.ingest.connection(truck.uniqueId, 'open');
    await idle();
    let row = await deviceRow(truck.id);
    expect(row.status).toBe('online');
    expect(row.lastUpdate).toBe(T0 + 120_000);
    app.tracking.ingest.connection(truck.uniqueId, 'closed');
    await idle();
    row = await deviceRow(truck.id);
    expect(row.status).toBe('offline');
    const changes = (
      await db.kysely
        .selectFrom('events')
        .select('type')
        .where('deviceId', '=', truck.id)
        .where('type', 'in', ['deviceOnline', 'deviceOffline'])
        .orderBy('id')
        .execute()
    ).map((e) => e.type);
    expect(changes.slice(-2)).toEqual(['deviceOnline', 'deviceOffline']);
  });

  it('writes an event that comes without a position with the next batch', async () => {
    const { van } = fleet;
    app.tracking.ingest.recordEvent(
      makeEvent(
        'queuedCommandSent',
        { id: 0, deviceId: van.id, fixTime: clock },
        {
          attributes: { type: 'engineStop' },
        },
      ),
    );
    await idle();
    const [event] = await eventsOf(van.id, 'queuedCommandSent');
    expect(event.positionId ?? 0).toBe(0);
    expect(JSON.parse(event.attributes)).toEqual({ type: 'engineStop' });
  });

  it("lets a tracker's first fix replace a status that placed it nowhere", async () => {
    const { truck } = fleet;
    // A heartbeat before any fix: outdated at 0,0, dated when it arrived.
    const fresh = await db.kysely
      .insertInto('devices')
      .values({
        name: 'New tracker',
        uniqueId: 'new-tracker',
        disabled: 0,
        state: '{}',
        attributes: '{}',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    app.changes.emit({ kind: 'device', id: fresh.id, action: 'create' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    clock = T0 + 600_000;
    const status = newPosition('gt06', clock);
    status.uniqueId = 'new-tracker';
    status.attributes = { batteryLevel: 50 };
    expect(await submit(status)).toMatchObject({ kind: 'stored' });
    await idle();
    // Its first fix, recorded a minute before the status and uploaded after it.
    expect(await submit(fix('new-tracker', clock - 60_000))).toMatchObject({ kind: 'stored' });
    await idle();
    const row = await deviceRow(fresh.id);
    const latest = await db.kysely
      .selectFrom('positions')
      .selectAll()
      .where('id', '=', row.positionId as number)
      .executeTakeFirstOrThrow();
    expect(latest.fixTime).toBe(clock - 60_000);
    expect(latest.latitude).toBeCloseTo(-23.55, 5);
    expect(truck.id).not.toBe(fresh.id);
  });

  it("turns a device's answer to a command into a commandResult event", async () => {
    const { van } = fleet;
    const answer = resultPosition('gt06', clock, 'Relay,1 OK');
    answer.uniqueId = van.uniqueId;
    expect(await submit(answer)).toMatchObject({ kind: 'stored' });
    await idle();
    const results = await eventsOf(van.id, 'commandResult');
    expect(results).toHaveLength(1);
    expect(JSON.parse(results[0].attributes)).toEqual({ result: 'Relay,1 OK' });
    // Outdated: at the last location, not at 0,0.
    const stored = await positionsOf(van.id);
    expect(stored.at(-1)?.latitude).toBeCloseTo(-23.55, 5);
  });
});
