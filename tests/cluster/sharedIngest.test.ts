/**
 * Per-device processing with two instances sharing one PostgreSQL database (cluster mode, two apps
 * in this process, each with its own pool and caches) against one instance alone on a database of
 * its own: the same fixes give the same positions (motion, distance, hours, geofences, computed
 * attributes), the same events once each, the same mails, the same device state, whichever
 * instance each fix reaches. Several instances cannot share PGlite: this runs on the cluster
 * tests' PostgreSQL server (tests/support/clusterSetup.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { buildApp, type App } from '../../server/app';
import { parseConfig } from '../../server/config';
import { connect } from '../../server/db/connect';
import { sql } from 'kysely';
import type { Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { insertPositions, lockDevices } from '../../server/ingest/store';
import { parseDeviceState } from '../../server/processing/deviceState';
import type { MotionPoint } from '../../server/processing/motion';
import { decodeOsmAndQuery } from '../../server/protocol/osmand/decoder';
import { positionFromRow } from '../../server/serialize';
import type { SubmitOutcome } from '../../server/protocol/shared/sink';
import { createPostgresDatabase, type TempPostgres } from '../support/postgres';
import { TEST_ADMIN } from '../support/server';
import { startSmtp, type TestSmtp } from '../support/smtp';
import { ALICE, DEPOT, seedFleet, type Fleet } from '../support/trackingSeed';

const T0 = Date.UTC(2026, 2, 2, 9, 0, 0);
const STEP_MS = 30_000;

const SERVER_ATTRIBUTES = {
  // Computed attributes may read the previous position: a stale one would show at once.
  'processing.computedAttributes.lastAttributes': true,
  'event.overspeed.minimalDuration': 0,
};

interface Message {
  /** Unique per message; stored on the position as the `seq` attribute. */
  seq: number;
  uniqueId: string;
  fixTime: number;
  query: string;
}

/** A world: one database, the instances on it, and what they mailed. */
interface World {
  temp: TempPostgres;
  seedDb: Db;
  dbs: Db[];
  apps: App[];
  fleet: Fleet;
  smtp: TestSmtp;
  webDir: string;
  clock: { now: number };
}

const worlds: World[] = [];

async function openWorld(instances: number): Promise<World> {
  const temp = await createPostgresDatabase(inject('clusterPostgresUrl'));
  const seedDb = await connect({ kind: 'postgres', url: temp.url });
  await migrateToLatest(seedDb);
  const fleet = await seedFleet(seedDb, SERVER_ATTRIBUTES);
  await seedDb.kysely.updateTable('notifications').set({ notificators: 'web,mail' }).execute();
  for (const [attribute, expression, priority] of [
    ['doubled', 'speed * 2', -1],
    ['speedDelta', 'speed - lastSpeed', 0],
  ] as const) {
    const { id } = await seedDb.kysely
      .insertInto('attributes')
      .values({ description: attribute, attribute, expression, type: 'number', priority })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const deviceId of [fleet.van.id, fleet.truck.id]) {
      await seedDb.kysely
        .insertInto('deviceAttribute')
        .values({ deviceId, attributeId: id })
        .execute();
    }
  }
  const smtp = await startSmtp();
  const webDir = await mkdtemp(path.join(os.tmpdir(), 'frota-shared-'));
  const clock = { now: T0 };
  const env: Record<string, string> = {
    SMTP_URL: smtp.url,
    WEB_DIR: webDir,
    DATABASE_URL: temp.url,
  };
  // Two instances make a cluster: REDIS_URL (with PostgreSQL) is what switches cluster mode on.
  if (instances > 1) env.REDIS_URL = inject('clusterRedisUrl');
  const dbs: Db[] = [];
  const apps: App[] = [];
  for (let i = 0; i < instances; i++) {
    const db = await connect({ kind: 'postgres', url: temp.url });
    const app = await buildApp(parseConfig(env), db, {
      logger: false,
      tracking: { ingest: { now: () => clock.now, delayMs: 1 } },
    });
    await app.ready();
    dbs.push(db);
    apps.push(app);
  }
  const world = { temp, seedDb, dbs, apps, fleet, smtp, webDir, clock };
  worlds.push(world);
  return world;
}

async function closeWorld(world: World): Promise<void> {
  for (const app of world.apps) await app.close();
  for (const db of world.dbs) await db.close();
  await world.seedDb.close();
  await world.smtp.close();
  await world.temp.drop();
  await rm(world.webDir, { recursive: true, force: true });
}

afterEach(async () => {
  for (const world of worlds.splice(0)) await closeWorld(world);
});
afterAll(async () => {
  for (const world of worlds.splice(0)) await closeWorld(world);
});

// ---------------------------------------------------------------- the fixes

let nextSeq = 1;

function message(uniqueId: string, fixTime: number, fields: Record<string, string | number>) {
  const seq = nextSeq++;
  const params = new URLSearchParams({ id: uniqueId, timestamp: String(fixTime / 1000) });
  for (const [key, value] of Object.entries(fields)) params.set(key, String(value));
  params.set('seq', String(seq));
  return { seq, uniqueId, fixTime, query: params.toString() };
}

/**
 * A working hour of the van: parked south of the depot, drives in too fast (enter, overspeed),
 * stops with the engine off and an alarm, drives out (exit), then a fix that arrives late and
 * one without a location.
 */
function vanTrack(uniqueId: string): Message[] {
  const out: Message[] = [];
  const at = (i: number) => T0 + i * STEP_MS;
  const lon = DEPOT.longitude;
  let lat = DEPOT.latitude - 0.01;
  for (let i = 0; i < 6; i++) {
    out.push(message(uniqueId, at(i), { lat, lon, speed: 0, ignition: 'false' }));
  }
  for (let i = 6; i < 16; i++) {
    lat += 0.001;
    out.push(message(uniqueId, at(i), { lat: lat.toFixed(6), lon, speed: 30, ignition: 'true' }));
  }
  for (let i = 16; i < 31; i++) {
    const fields: Record<string, string | number> = { lat: lat.toFixed(6), lon, speed: 0 };
    fields.ignition = i <= 20 ? 'true' : 'false';
    if (i === 24 || i === 25) fields.alarm = 'sos';
    out.push(message(uniqueId, at(i), fields));
  }
  for (let i = 31; i < 46; i++) {
    lat += 0.001;
    out.push(message(uniqueId, at(i), { lat: lat.toFixed(6), lon, speed: 15, ignition: 'true' }));
  }
  // Arrives late: older than the latest, it only raises its alarm.
  out.push(
    message(uniqueId, at(40) + STEP_MS / 2, { lat: lat.toFixed(6), lon, speed: 15, alarm: 'sos' }),
  );
  out.push(message(uniqueId, at(46), { speed: 0, ignition: 'true' }));
  for (let i = 47; i < 55; i++) {
    lat += 0.0008;
    out.push(message(uniqueId, at(i), { lat: lat.toFixed(6), lon, speed: 12, ignition: 'true' }));
  }
  return out;
}

/** The truck crosses the depot east to west at a steady pace, stopping once. */
function truckTrack(uniqueId: string): Message[] {
  const out: Message[] = [];
  let lon = DEPOT.longitude + 0.008;
  for (let i = 0; i < 55; i++) {
    const stopped = i >= 20 && i < 30;
    if (!stopped) lon -= 0.0006;
    out.push(
      message(uniqueId, T0 + i * STEP_MS + 7_000, {
        lat: DEPOT.latitude,
        lon: lon.toFixed(6),
        speed: stopped ? 0 : 25,
        ignition: stopped ? 'false' : 'true',
        fuel: 60 - i * 0.2,
      }),
    );
  }
  return out;
}

// ---------------------------------------------------------------- sending and reading

async function send(world: World, app: App, m: Message, serverTime: number) {
  world.clock.now = serverTime;
  const outcome = await app.tracking.ingest.submit(
    decodeOsmAndQuery(m.query, { now: serverTime }),
    true,
  );
  return outcome;
}

const idle = (world: World) => Promise.all(world.apps.map((app) => app.tracking.batches.idle()));

async function login(app: App, who: { email: string; password: string }): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/session',
    payload: new URLSearchParams(who).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'JSESSIONID');
  return `JSESSIONID=${cookie!.value}`;
}

type Row = Record<string, unknown>;

/**
 * What a device's history looks like, with database ids replaced by the position's rank in the
 * device's history (ids are per database). A lone instance writes its pipeline state at most
 * every 30 s; closing its ingest writes what it holds.
 */
async function snapshot(world: World, deviceId: number) {
  if (world.apps.length === 1) await world.apps[0].tracking.ingest.close();
  const db = world.seedDb;
  const positions = await db.kysely
    .selectFrom('positions')
    .selectAll()
    .where('deviceId', '=', deviceId)
    .orderBy('id')
    .execute();
  const rank = new Map(positions.map((p, i) => [Number(p.id), i]));
  const ranked = (id: unknown) => (id === null || id === 0 ? null : (rank.get(Number(id)) ?? -1));
  const events = await db.kysely
    .selectFrom('events')
    .selectAll()
    .where('deviceId', '=', deviceId)
    .execute();
  const device = await db.kysely
    .selectFrom('devices')
    .selectAll()
    .where('id', '=', deviceId)
    .executeTakeFirstOrThrow();
  const { motion, overspeed } = parseDeviceState(device.state, deviceId);
  const point = (p: MotionPoint) => ({ ...p, id: ranked(p.id) });
  return {
    positions: positions.map((p) => ({
      serverTime: p.serverTime,
      fixTime: p.fixTime,
      valid: Boolean(p.valid),
      latitude: p.latitude,
      longitude: p.longitude,
      speed: p.speed,
      geofenceIds: p.geofenceIds,
      attributes: JSON.parse(p.attributes) as Row,
    })),
    events: events
      .map((e) => ({
        type: e.type,
        eventTime: e.eventTime,
        position: ranked(e.positionId),
        geofenceId: e.geofenceId,
        attributes: JSON.parse(e.attributes) as Row,
      }))
      .sort(
        (a, b) =>
          a.eventTime - b.eventTime ||
          (a.position ?? -1) - (b.position ?? -1) ||
          a.type.localeCompare(b.type),
      ),
    device: {
      status: device.status,
      lastUpdate: device.lastUpdate,
      latest: ranked(device.positionId),
      motion: motion && {
        moving: motion.moving,
        eventPoint: point(motion.eventPoint),
        history: motion.history.map(point),
      },
      overspeed,
    },
  };
}

const mailsTo = (world: World, to: string) => world.smtp.mails.filter((m) => m.to.includes(to));

async function settledMails(world: World, to: string): Promise<number> {
  await idle(world);
  let count = -1;
  // Mail goes out after the commit; wait until the count stops moving.
  for (let i = 0; i < 40; i++) {
    const now = mailsTo(world, to).length;
    if (now === count) break;
    count = now;
    await new Promise((r) => setTimeout(r, 100));
  }
  return count;
}

/** Interleaves the tracks: message i of each device in turn. */
function interleave(tracks: Message[][]): { m: Message; device: number; index: number }[] {
  const out: { m: Message; device: number; index: number }[] = [];
  const longest = Math.max(...tracks.map((t) => t.length));
  for (let index = 0; index < longest; index++) {
    tracks.forEach((track, device) => {
      if (index < track.length) out.push({ m: track[index], device, index });
    });
  }
  return out;
}

// ---------------------------------------------------------------- the tests

describe('processing with two instances on one PostgreSQL', () => {
  it('processes fixes sent alternately to each instance exactly as one instance does', async () => {
    const [cluster, solo] = [await openWorld(2), await openWorld(1)];
    expect(cluster.fleet.van.id).toBe(solo.fleet.van.id);
    const { van, truck } = cluster.fleet;
    const tracks = [vanTrack(van.uniqueId), truckTrack(truck.uniqueId)];
    const replies = { cluster: [] as SubmitOutcome[], solo: [] as SubmitOutcome[] };
    const cookies = {
      cluster: [await login(cluster.apps[0], TEST_ADMIN), await login(cluster.apps[1], TEST_ADMIN)],
      solo: [await login(solo.apps[0], TEST_ADMIN)],
    };

    for (const { m, device, index } of interleave(tracks)) {
      const serverTime = m.fixTime + 1_500;
      // Each device's fixes alternate between the instances, each once the previous is stored.
      const instance = cluster.apps[(index + device) % 2];
      replies.cluster.push(await send(cluster, instance, m, serverTime));
      replies.solo.push(await send(solo, solo.apps[0], m, serverTime));

      if (device === 0 && index === 35) {
        // The odometer set through the API on one instance; the next fix may reach the other.
        for (const [app, cookie] of [
          [cluster.apps[1], cookies.cluster[1]],
          [solo.apps[0], cookies.solo[0]],
        ] as const) {
          const res = await app.inject({
            method: 'PUT',
            url: `/api/devices/${van.id}/accumulators`,
            payload: { deviceId: van.id, totalDistance: 500_000, hours: 7_200_000 },
            headers: { cookie },
          });
          expect(res.statusCode).toBe(204);
        }
      }
      if (device === 1 && index === 40) {
        // The truck's latest position deleted on one instance: the one before takes its place.
        for (const [world, app, cookie] of [
          [cluster, cluster.apps[0], cookies.cluster[0]],
          [solo, solo.apps[0], cookies.solo[0]],
        ] as const) {
          const { positionId } = await world.seedDb.kysely
            .selectFrom('devices')
            .select('positionId')
            .where('id', '=', truck.id)
            .executeTakeFirstOrThrow();
          const res = await app.inject({
            method: 'DELETE',
            url: `/api/positions/${positionId}`,
            headers: { cookie },
          });
          expect(res.statusCode).toBe(204);
        }
      }
    }

    expect(replies.cluster).toEqual(replies.solo);
    expect(replies.cluster.filter((r) => r.kind === 'stored' && r.command)).toHaveLength(2);
    for (const id of [van.id, truck.id]) {
      const [inCluster, alone] = [await snapshot(cluster, id), await snapshot(solo, id)];
      expect(inCluster).toEqual(alone);
    }

    const van1 = await snapshot(cluster, van.id);
    // The run covers what matters: every kind of event, the odometer set through the API and
    // carried on, the computed attribute that reads the previous position.
    expect(new Set(van1.events.map((e) => e.type))).toEqual(
      new Set([
        'deviceOnline',
        'queuedCommandSent',
        'deviceMoving',
        'deviceStopped',
        'geofenceEnter',
        'geofenceExit',
        'deviceOverspeed',
        'ignitionOn',
        'ignitionOff',
        'alarm',
      ]),
    );
    expect(van1.events.filter((e) => e.type === 'alarm')).toHaveLength(2);
    const last = van1.positions[van1.positions.length - 1];
    expect(last.attributes.totalDistance).toBeGreaterThan(500_000);
    expect(last.attributes.speedDelta).toBe(0);
    expect(van1.positions.filter((p) => p.attributes.speedDelta === undefined)).toHaveLength(1);

    // Each event was created once, so each mail was sent once, by the instance that created it.
    const notified = van1.events.filter((e) =>
      ['geofenceEnter', 'geofenceExit', 'deviceOverspeed'].includes(e.type),
    ).length;
    expect(notified).toBeGreaterThanOrEqual(3);
    expect(await settledMails(cluster, ALICE.email)).toBe(notified);
    expect(await settledMails(solo, ALICE.email)).toBe(notified);
  }, 120_000);

  it('gives concurrent fixes of one device, on both instances at once, one order', async () => {
    const cluster = await openWorld(2);
    const { van, truck } = cluster.fleet;
    const tracks = [vanTrack(van.uniqueId), truckTrack(truck.uniqueId)];
    const bySeq = new Map(tracks.flat().map((m) => [m.seq, m]));
    const commands = new Map<number, string | null>();

    // Pairs of a device's fixes go to both instances at the same moment, both devices at once.
    const steps = Math.ceil(Math.max(...tracks.map((t) => t.length)) / 2);
    for (let step = 0; step < steps; step++) {
      const burst = tracks.flatMap((track, device) =>
        track.slice(step * 2, step * 2 + 2).map((m, k) => ({ m, app: (k + device) % 2 })),
      );
      cluster.clock.now = Math.max(...burst.map(({ m }) => m.fixTime)) + 1_500;
      const outcomes = await Promise.all(
        burst.map(({ m, app }) =>
          cluster.apps[app].tracking.ingest.submit(
            decodeOsmAndQuery(m.query, { now: cluster.clock.now }),
            true,
          ),
        ),
      );
      outcomes.forEach((outcome, i) => {
        expect(outcome.kind).toBe('stored');
        if (outcome.kind === 'stored') commands.set(burst[i].m.seq, outcome.command);
      });
    }
    await idle(cluster);

    // Stored once each; two queued commands delivered once each, to the first two committed.
    const { count } = await cluster.seedDb.kysely
      .selectFrom('positions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(bySeq.size);
    expect([...commands.values()].filter((c) => c !== null).sort()).toEqual(
      ['RELAY,1#', 'engineStop'].sort(),
    );
    expect(await cluster.seedDb.kysely.selectFrom('queuedCommands').selectAll().execute()).toEqual(
      [],
    );

    // One instance alone, given the same fixes in the order the cluster committed them, ends
    // with the same history, events and state.
    const solo = await openWorld(1);
    const replayed = new Map<number, string | null>();
    for (const id of [van.id, truck.id]) {
      const order = await cluster.seedDb.kysely
        .selectFrom('positions')
        .select(['attributes', 'serverTime'])
        .where('deviceId', '=', id)
        .orderBy('id')
        .execute();
      for (const row of order) {
        const seq = (JSON.parse(row.attributes) as { seq: number }).seq;
        const outcome = await send(solo, solo.apps[0], bySeq.get(seq)!, row.serverTime);
        if (outcome.kind === 'stored') replayed.set(seq, outcome.command);
      }
    }
    expect(replayed).toEqual(commands);
    for (const id of [van.id, truck.id]) {
      expect(await snapshot(cluster, id)).toEqual(await snapshot(solo, id));
    }
  }, 120_000);

  it('lets a status sweep decided from a stale cache yield to a newer report', async () => {
    const cluster = await openWorld(2);
    const [a, b] = cluster.apps;
    const { van } = cluster.fleet;
    const T = T0 + 3_600_000;
    const fix = (time: number) =>
      message(van.uniqueId, time, { lat: DEPOT.latitude, lon: DEPOT.longitude, speed: 0 });
    const unknownEvents = async () =>
      (
        await cluster.seedDb.kysely
          .selectFrom('events')
          .select('id')
          .where('deviceId', '=', van.id)
          .where('type', '=', 'deviceUnknown')
          .execute()
      ).length;
    const status = async () =>
      (
        await cluster.seedDb.kysely
          .selectFrom('devices')
          .select('status')
          .where('id', '=', van.id)
          .executeTakeFirstOrThrow()
      ).status;

    await send(cluster, b, fix(T), T);
    await send(cluster, a, fix(T + 500_000), T + 500_000);
    // B last saw the van 700 s ago (over the 600 s timeout); A saw it 200 s ago.
    cluster.clock.now = T + 700_000;
    expect(b.tracking.sweep.sweep()).toBe(1);
    await Promise.all([a.tracking.ingest.flush(), b.tracking.ingest.flush()]);
    expect(await status()).toBe('online');
    expect(await unknownEvents()).toBe(0);

    // Both sweep once the van is really silent: one change, one event.
    cluster.clock.now = T + 1_200_000;
    a.tracking.sweep.sweep();
    b.tracking.sweep.sweep();
    await Promise.all([a.tracking.ingest.flush(), b.tracking.ingest.flush()]);
    expect(await status()).toBe('unknown');
    expect(await unknownEvents()).toBe(1);

    // Back online through the instance whose memory still says online: it reads the row.
    await send(cluster, a, fix(T + 1_300_000), T + 1_300_000);
    const online = await cluster.seedDb.kysely
      .selectFrom('events')
      .select('eventTime')
      .where('deviceId', '=', van.id)
      .where('type', '=', 'deviceOnline')
      .orderBy('id')
      .execute();
    expect(online.map((e) => e.eventTime)).toEqual([T, T + 1_300_000]);
  }, 60_000);

  it('answers fixes of a device deleted on the other instance as unknown, storing nothing', async () => {
    const cluster = await openWorld(2);
    const [a] = cluster.apps;
    const { van } = cluster.fleet;
    const fix = (time: number) =>
      message(van.uniqueId, time, { lat: DEPOT.latitude, lon: DEPOT.longitude, speed: 0 });
    expect((await send(cluster, a, fix(T0), T0)).kind).toBe('stored');
    // Removed behind A's back (B's change notice has not reached A).
    await cluster.seedDb.kysely.deleteFrom('positions').where('deviceId', '=', van.id).execute();
    await cluster.seedDb.kysely.deleteFrom('devices').where('id', '=', van.id).execute();
    expect(await send(cluster, a, fix(T0 + STEP_MS), T0 + STEP_MS)).toEqual({ kind: 'unknown' });
    const left = await cluster.seedDb.kysely
      .selectFrom('positions')
      .select('id')
      .where('deviceId', '=', van.id)
      .execute();
    expect(left).toEqual([]);
  }, 60_000);

  describe('API writes of the latest position, racing a fix stored by another instance', () => {
    /**
     * Plays the other instance's batch: a transaction takes the van's row lock (as ingest does),
     * the API request starts, and once it waits on a lock (whichever one) the transaction stores
     * a newer fix, makes it the latest and commits. Returns the newer fix's id and the answer.
     */
    async function storeNewerMeanwhile(
      world: World,
      deviceId: number,
      request: () => PromiseLike<{ statusCode: number }>,
    ) {
      const db = await connect({ kind: 'postgres', url: world.temp.url });
      try {
        let answer: Promise<{ statusCode: number }> | null = null;
        const newer = await db.kysely.transaction().execute(async (trx) => {
          await sql`select id from devices where id = ${deviceId} for no key update`.execute(trx);
          answer = Promise.resolve(request());
          // A session of this database waiting for a lock (a row lock waits on its holder's
          // transaction, which pg_locks does not tie to a database).
          const waiting = async () =>
            (
              await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`.execute(
                world.seedDb.kysely,
              )
            ).rows[0].n > 0;
          for (let i = 0; i < 500 && !(await waiting()); i++) {
            await new Promise((r) => setTimeout(r, 10));
          }
          const [id] = await insertPositions(trx, 'postgres', [
            {
              ...(await latestOf(world, deviceId)),
              id: 0,
              fixTime: T0 + 10 * STEP_MS,
              attributes: { newer: true },
            },
          ]);
          await trx
            .updateTable('devices')
            .set({ positionId: id })
            .where('id', '=', deviceId)
            .execute();
          return id;
        });
        return { newer, answer: await answer! };
      } finally {
        await db.close();
      }
    }

    async function latestOf(world: World, deviceId: number) {
      const row = await world.seedDb.kysely
        .selectFrom('devices')
        .innerJoin('positions', 'positions.id', 'devices.positionId')
        .selectAll('positions')
        .where('devices.id', '=', deviceId)
        .executeTakeFirstOrThrow();
      return positionFromRow(row);
    }

    it('sets the odometer on the newest fix, not on the one it read before', async () => {
      const cluster = await openWorld(2);
      const { van } = cluster.fleet;
      const fix = (i: number) =>
        message(van.uniqueId, T0 + i * STEP_MS, { lat: DEPOT.latitude, lon: DEPOT.longitude });
      await send(cluster, cluster.apps[0], fix(0), T0 + 1_000);
      const cookie = await login(cluster.apps[1], TEST_ADMIN);
      const { answer } = await storeNewerMeanwhile(cluster, van.id, () =>
        cluster.apps[1].inject({
          method: 'PUT',
          url: `/api/devices/${van.id}/accumulators`,
          payload: { deviceId: van.id, totalDistance: 777_000 },
          headers: { cookie },
        }),
      );
      expect(answer.statusCode).toBe(204);
      const latest = await latestOf(cluster, van.id);
      expect(latest.fixTime).toBe(T0 + 10 * STEP_MS);
      expect(latest.attributes).toMatchObject({ newer: true, totalDistance: 777_000 });
    }, 60_000);

    it('keeps a newer fix as the latest when the latest it deletes is replaced', async () => {
      const cluster = await openWorld(2);
      const { van } = cluster.fleet;
      const fix = (i: number) =>
        message(van.uniqueId, T0 + i * STEP_MS, { lat: DEPOT.latitude, lon: DEPOT.longitude });
      await send(cluster, cluster.apps[0], fix(0), T0 + 1_000);
      await send(cluster, cluster.apps[0], fix(1), T0 + STEP_MS + 1_000);
      const doomed = (await latestOf(cluster, van.id)).id;
      const cookie = await login(cluster.apps[1], TEST_ADMIN);
      const { newer, answer } = await storeNewerMeanwhile(cluster, van.id, () =>
        cluster.apps[1].inject({
          method: 'DELETE',
          url: `/api/positions/${doomed}`,
          headers: { cookie },
        }),
      );
      expect(answer.statusCode).toBe(204);
      expect((await latestOf(cluster, van.id)).id).toBe(newer);
    }, 60_000);
  });
});

describe('the device lock of a shared batch', () => {
  it('sends a row’s state only when its version is not the one the caller knows', async () => {
    const temp = await createPostgresDatabase(inject('clusterPostgresUrl'));
    const db = await connect({ kind: 'postgres', url: temp.url });
    try {
      await migrateToLatest(db);
      const rows = await db.kysely
        .insertInto('devices')
        .values(
          ['lock-a', 'lock-b'].map((uniqueId) => ({
            name: uniqueId,
            uniqueId,
            attributes: '{}',
            state: `{"of":"${uniqueId}"}`,
            disabled: false,
          })),
        )
        .returning('id')
        .execute();
      const [a, b] = rows.map((row) => Number(row.id));
      const lock = (requests: { id: number; known: string | null }[]) =>
        db.kysely.transaction().execute((trx) => lockDevices(trx, requests));

      // Unknown to the caller: every row comes whole, in id order.
      const first = await lock([
        { id: b, known: null },
        { id: a, known: null },
      ]);
      expect(first.map((row) => [row.id, row.state])).toEqual([
        [a, '{"of":"lock-a"}'],
        [b, '{"of":"lock-b"}'],
      ]);
      const version = new Map(first.map((row) => [row.id, row.version]));

      // Known and unchanged: the state stays in the database.
      const again = await lock([
        { id: a, known: version.get(a) ?? null },
        { id: b, known: version.get(b) ?? null },
      ]);
      expect(again.map((row) => [row.id, row.state, row.version])).toEqual([
        [a, null, version.get(a)],
        [b, null, version.get(b)],
      ]);

      // Another writer changed b (another instance's batch, an API edit): b comes whole again.
      await db.kysely.updateTable('devices').set({ name: 'renamed' }).where('id', '=', b).execute();
      const after = await lock([
        { id: a, known: version.get(a) ?? null },
        { id: b, known: version.get(b) ?? null },
      ]);
      expect(after.map((row) => [row.id, row.state])).toEqual([
        [a, null],
        [b, '{"of":"lock-b"}'],
      ]);
      expect(after[1].version).not.toBe(version.get(b));
      // A row that is gone is simply not there.
      await db.kysely.deleteFrom('devices').where('id', '=', a).execute();
      expect((await lock([{ id: a, known: null }])).length).toBe(0);
    } finally {
      await db.close();
      await temp.drop();
    }
  });
});
