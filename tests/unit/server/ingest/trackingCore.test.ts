/**
 * The tracking core in-process on SQLite and on PostgreSQL (a temporary database on DATABASE_URL
 * when set, else PGlite): ingest → stored positions, events and device rows in one batch; live
 * delivery by permission; notifications; queued commands; the status sweep with a fake clock.
 */
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../../server/app';
import { parseConfig } from '../../../../server/config';
import type { Db } from '../../../../server/db/database';
import { insertPositions } from '../../../../server/ingest/store';
import { positionFromRow } from '../../../../server/serialize';
import { decodeOsmAndJson, decodeOsmAndQuery } from '../../../../server/protocol/osmand/decoder';
import { closeTarget, openMigrated, postgresTarget, sqliteTarget } from '../../../support/dialects';
import { DEPOT, seedFleet, type Fleet } from '../../../support/trackingSeed';

const T0 = Date.UTC(2026, 2, 2, 9, 0, 0); // a Monday morning

const targets = [sqliteTarget('frota-core-'), postgresTarget('memory')];

function fakeSocket() {
  const socket = {
    messages: [] as Record<string, unknown[]>[],
    send(data: string) {
      socket.messages.push(JSON.parse(data) as Record<string, unknown[]>);
    },
    close() {},
    all(key: string) {
      return socket.messages.flatMap((m) => (m[key] ?? []) as Record<string, unknown>[]);
    },
  };
  return socket;
}

describe.each(targets)('tracking core on $name', (target) => {
  let db: Db;
  let app: App;
  let fleet: Fleet;
  let clock = T0;
  const alice = fakeSocket();
  const bob = fakeSocket();

  beforeAll(async () => {
    db = await openMigrated(target);
    fleet = await seedFleet(db, { 'event.status.enable': true });
    const config = parseConfig({ WEB_DIR: path.join(os.tmpdir(), 'frota-no-web') });
    app = await buildApp(config, db, {
      logger: false,
      tracking: { ingest: { now: () => clock, delayMs: 1 } },
    });
    await app.ready();
    app.hub.add(alice, fleet.aliceId, null);
    app.hub.add(bob, fleet.bobId, null);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await closeTarget(target, db);
  });

  const send = (query: string, wantsCommand = true) =>
    app.tracking.ingest.submit(decodeOsmAndQuery(query, { now: clock }), wantsCommand);
  const idle = () => app.tracking.batches.idle();
  const eventsOf = (deviceId: number) =>
    db.kysely
      .selectFrom('events')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .orderBy('id')
      .execute();

  it('refuses unknown and disabled devices and stores nothing', async () => {
    expect(await send('id=nobody&lat=1&lon=1')).toEqual({ kind: 'unknown' });
    expect(await send(`id=${fleet.parked.uniqueId}&lat=1&lon=1`)).toEqual({ kind: 'unknown' });
    const { count } = await db.kysely
      .selectFrom('positions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(0);
  });

  it('stores a batch of positions with their device row, and delivers queued commands once', async () => {
    const { van } = fleet;
    const outside = `lat=${DEPOT.latitude + 0.01}&lon=${DEPOT.longitude}`;
    const replies = await Promise.all([
      send(`id=${van.uniqueId}&${outside}&speed=10&timestamp=${T0 / 1000}`),
      send(`id=${van.uniqueId}&${outside}&speed=10&timestamp=${T0 / 1000 + 10}`),
      send(`id=${van.uniqueId}&${outside}&speed=10&timestamp=${T0 / 1000 + 20}`),
    ]);
    expect(replies).toEqual([
      { kind: 'stored', command: 'RELAY,1#' },
      { kind: 'stored', command: 'engineStop' },
      { kind: 'stored', command: null },
    ]);
    const positions = await db.kysely
      .selectFrom('positions')
      .selectAll()
      .where('deviceId', '=', van.id)
      .orderBy('id')
      .execute();
    expect(positions).toHaveLength(3);
    const device = await db.kysely
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', van.id)
      .executeTakeFirstOrThrow();
    expect(device).toMatchObject({
      status: 'online',
      lastUpdate: T0,
      positionId: positions[2].id,
    });
    expect(JSON.parse(device.state)).toHaveProperty('motion.moving', true);
    const queued = await db.kysely.selectFrom('queuedCommands').selectAll().execute();
    expect(queued).toEqual([]);
    const types = (await eventsOf(van.id)).map((e) => e.type);
    expect(types).toEqual(['deviceOnline', 'queuedCommandSent', 'queuedCommandSent']);
  });

  it('pushes positions and devices only to users who see the device', async () => {
    await idle();
    const vanPositions = alice.all('positions');
    expect(vanPositions.map((p) => p.deviceId)).toEqual([fleet.van.id, fleet.van.id, fleet.van.id]);
    expect(vanPositions[0]).toMatchObject({
      speed: 10,
      geofenceIds: null,
      fixTime: new Date(T0).toISOString(),
      outdated: false,
    });
    expect(alice.all('devices')[0]).toMatchObject({ id: fleet.van.id, status: 'online' });
    expect(bob.messages).toEqual([]);

    await send(`id=${fleet.truck.uniqueId}&lat=1&lon=1&timestamp=${T0 / 1000}`);
    await idle();
    expect(bob.all('positions').map((p) => p.deviceId)).toEqual([fleet.truck.id]);
    expect(alice.all('positions').some((p) => p.deviceId === fleet.truck.id)).toBe(false);
  });

  it('raises geofence and overspeed events from a track and notifies through the web', async () => {
    const { van } = fleet;
    alice.messages.length = 0;
    const at = (seconds: number) => T0 / 1000 + 100 + seconds;
    const inside = `lat=${DEPOT.latitude}&lon=${DEPOT.longitude}`;
    clock = T0 + 200_000;
    await send(`id=${van.uniqueId}&${inside}&speed=30&timestamp=${at(0)}`); // enter, over 20 kn
    await send(`id=${van.uniqueId}&${inside}&speed=5&timestamp=${at(30)}`);
    await app.tracking.ingest.submit(
      decodeOsmAndJson({
        device_id: van.uniqueId,
        location: {
          timestamp: new Date(at(60) * 1000).toISOString(),
          coords: { latitude: DEPOT.latitude + 0.02, longitude: DEPOT.longitude, speed: 10 },
        },
      }),
      false,
    ); // exit
    await idle();
    const events = (await eventsOf(van.id)).slice(3);
    expect(events.map((e) => [e.type, e.geofenceId])).toEqual([
      ['geofenceEnter', fleet.depotId],
      ['deviceOverspeed', fleet.depotId],
      ['geofenceExit', fleet.depotId],
    ]);
    expect(JSON.parse(events[1].attributes)).toEqual({ speed: 30, speedLimit: DEPOT.speedLimit });

    const pushed = alice.all('events');
    expect(pushed.map((e) => [e.id, e.type])).toEqual(events.map((e) => [e.id, e.type]));
    // Alice chose no language and the server sets none: pt-BR.
    expect(pushed[0].attributes).toEqual({ message: 'Van entrou em Depot' });
    expect(bob.all('events')).toEqual([]);
  });

  it('marks a silent device unknown after status.timeout, with its event and push', async () => {
    const { van } = fleet;
    // The truck last reported at T0, the van at T0 + 200 s; the timeout is 600 s.
    clock = T0 + 200_000 + 599_000;
    expect(app.tracking.sweep.sweep()).toBe(1);
    await app.tracking.ingest.flush();
    await idle();
    expect(bob.all('devices').at(-1)).toMatchObject({ id: fleet.truck.id, status: 'unknown' });
    expect(alice.all('devices').at(-1)).toMatchObject({ id: van.id, status: 'online' });
    clock += 2_000;
    expect(app.tracking.sweep.sweep()).toBe(1);
    await app.tracking.ingest.flush();
    await idle();
    const device = await db.kysely
      .selectFrom('devices')
      .select(['status', 'lastUpdate'])
      .where('id', '=', van.id)
      .executeTakeFirstOrThrow();
    expect(device).toEqual({ status: 'unknown', lastUpdate: T0 + 200_000 });
    expect((await eventsOf(van.id)).at(-1)).toMatchObject({
      type: 'deviceUnknown',
      positionId: null,
    });
    expect(alice.all('devices').at(-1)).toMatchObject({ id: van.id, status: 'unknown' });

    // The next message brings it back online.
    await send(`id=${van.uniqueId}&lat=1&lon=1&timestamp=${clock / 1000}`);
    expect((await eventsOf(van.id)).at(-1)).toMatchObject({ type: 'deviceOnline' });
  });

  it('follows the change feed: a geofence unlinked through the API stops producing events', async () => {
    const { van } = fleet;
    await db.kysely
      .deleteFrom('deviceGeofence')
      .where('deviceId', '=', van.id)
      .where('geofenceId', '=', fleet.depotId)
      .execute();
    app.changes.emit({
      kind: 'permission',
      owner: 'device',
      property: 'geofence',
      ownerId: van.id,
      propertyId: fleet.depotId,
      action: 'unlink',
    });
    const before = (await eventsOf(van.id)).length;
    await send(
      `id=${van.uniqueId}&lat=${DEPOT.latitude}&lon=${DEPOT.longitude}&timestamp=${clock / 1000 + 5}`,
    );
    const after = await eventsOf(van.id);
    expect(after.slice(before).map((e) => e.type)).not.toContain('geofenceEnter');
  });

  it('continues from accumulators the API stored as a new latest position', async () => {
    const { van } = fleet;
    const latest = await db.kysely
      .selectFrom('positions')
      .innerJoin('devices', 'devices.positionId', 'positions.id')
      .selectAll('positions')
      .where('devices.id', '=', van.id)
      .executeTakeFirstOrThrow();
    const copy = positionFromRow(latest);
    copy.attributes.totalDistance = 1_000_000;
    const [positionId] = await insertPositions(db.kysely, db.dialect, [copy]);
    await db.kysely.updateTable('devices').set({ positionId }).where('id', '=', van.id).execute();
    app.changes.emit({ kind: 'device', id: van.id, action: 'update' });
    await new Promise((r) => setTimeout(r, 50));
    await send(
      `id=${van.uniqueId}&lat=${copy.latitude}&lon=${copy.longitude}&timestamp=${clock / 1000 + 6}`,
    );
    const stored = await db.kysely
      .selectFrom('positions')
      .select('attributes')
      .where('deviceId', '=', van.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.attributes)).toMatchObject({ distance: 0, totalDistance: 1_000_000 });
  });

  it('opens a socket with the latest position of each visible device', async () => {
    const latest = await app.tracking.latestPositions({ id: fleet.aliceId, administrator: false });
    expect(latest.map((p) => p.deviceId)).toEqual([fleet.van.id]);
    const all = await app.tracking.latestPositions({ id: fleet.adminId, administrator: true });
    expect(all.map((p) => p.deviceId).sort()).toEqual([fleet.van.id, fleet.truck.id].sort());
  });
});
