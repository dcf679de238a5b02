/**
 * Devices report over the OsmAnd port of the REAL server process; positions and events are stored
 * and reach the live socket of the users who see the device, and only them. Runs on SQLite, and on
 * PostgreSQL too when DATABASE_URL names a server (the fleet is seeded before the server starts,
 * and the test reads the database alongside it).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { parseDatabaseUrl } from '../../../server/config';
import { connect } from '../../../server/db/connect';
import type { Db } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import { Client } from '../../support/http';
import { createTempPostgres, type TempPostgres } from '../../support/postgres';
import { signInAdmin } from '../../support/entityApi';
import { startServer, type TestServer } from '../../support/server';
import { ALICE, BOB, DEPOT, seedFleet, type Fleet } from '../../support/trackingSeed';
import { poller } from '../../support/waitFor';

type Message = Record<string, Record<string, unknown>[] | undefined>;

interface Live {
  socket: WebSocket;
  messages: Message[];
  all(key: string): Record<string, unknown>[];
}

const backends = ['sqlite', ...(process.env.DATABASE_URL ? ['postgres'] : [])];

const waitFor = poller(5000, 25);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(backends)('tracking on %s', (backend) => {
  let dataDir: string;
  let pg: TempPostgres | null = null;
  let db: Db;
  let server: TestServer;
  let fleet: Fleet;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'frota-tracking-'));
    if (backend === 'postgres') pg = await createTempPostgres('dir');
    const url = pg?.url ?? null;
    db = await connect(parseDatabaseUrl(url, dataDir));
    await migrateToLatest(db);
    fleet = await seedFleet(db);
    server = await startServer({
      dataDir,
      env: { OSMAND_PORT: '0', ...(url ? { DATABASE_URL: url } : {}) },
    });
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.stop();
    await db?.close();
    await pg?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const osmand = (pathAndQuery: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${server.osmandPort}${pathAndQuery}`, init);
  const postJson = (body: unknown) =>
    osmand('/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const seconds = (offset = 0) => Math.floor(Date.now() / 1000) + offset;
  const positionsOf = (deviceId: number) =>
    db.kysely
      .selectFrom('positions')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .orderBy('id')
      .execute();
  const countPositions = async () =>
    Number(
      (
        await db.kysely
          .selectFrom('positions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function live(who: { email: string; password: string }): Promise<Live> {
    const client = new Client(server.url);
    await client.login(who.email, who.password);
    const socket = new WebSocket(`${server.wsUrl}/api/socket`, {
      headers: { cookie: client.cookieHeader() },
    });
    sockets.push(socket);
    const messages: Message[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data)) as Message));
    await new Promise((resolve, reject) => {
      socket.on('open', resolve);
      socket.on('error', reject);
    });
    await waitFor(() => (messages.length > 0 ? true : undefined));
    return { socket, messages, all: (key) => messages.flatMap((m) => m[key] ?? []) };
  }

  it('logs the port it listens on when OSMAND_PORT=0', () => {
    expect(server.osmandPort).toBeGreaterThan(0);
    expect(server.output).toMatch(new RegExp(`osmand listening on port ${server.osmandPort}`));
  });

  it('replies with one queued command per message, each delivered once', async () => {
    const { van } = fleet;
    const replies: [number, string][] = [];
    for (let i = 0; i < 3; i++) {
      const res = await osmand(
        `/?id=${van.uniqueId}&lat=${DEPOT.latitude + 0.02}&lon=${DEPOT.longitude}&timestamp=${seconds(-100 + i)}`,
      );
      replies.push([res.status, await res.text()]);
    }
    expect(replies).toEqual([
      [200, 'RELAY,1#'],
      [200, 'engineStop'],
      [200, ''],
    ]);
    expect(await db.kysely.selectFrom('queuedCommands').selectAll().execute()).toEqual([]);
  });

  it('stores the query form (GET, POSTed form) and the JSON form', async () => {
    const { van } = fleet;
    const before = (await positionsOf(van.id)).length;
    const t = seconds(-50);
    const query = await osmand(
      `/any/path?deviceid=${van.uniqueId}&lat=${DEPOT.latitude + 0.02}&lon=${DEPOT.longitude}&speed=4.5&bearing=90&altitude=760&batt=77&timestamp=${t}&fuel=12.5`,
    );
    expect(query.status).toBe(200);
    const form = await osmand('/', {
      method: 'POST',
      body: new URLSearchParams({
        id: van.uniqueId,
        lat: '-23.53',
        lon: '-46.63',
        timestamp: String(t + 1),
      }),
    });
    expect(form.status).toBe(200);
    const json = await postJson({
      device_id: van.uniqueId,
      location: {
        timestamp: new Date((t + 2) * 1000).toISOString(),
        coords: { latitude: -23.531, longitude: -46.63, speed: 10, heading: 45, accuracy: 12 },
        is_moving: true,
        odometer: 1234,
        battery: { level: 0.5, is_charging: false },
      },
    });
    expect([json.status, await json.text()]).toEqual([200, '']);

    const rows = (await positionsOf(van.id)).slice(before);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      protocol: 'osmand',
      fixTime: t * 1000,
      speed: 4.5,
      course: 90,
      altitude: 760,
    });
    expect(JSON.parse(rows[0].attributes)).toMatchObject({
      batteryLevel: 77,
      fuel: 12.5,
      motion: true,
    });
    expect(rows[1]).toMatchObject({ latitude: -23.53, fixTime: (t + 1) * 1000 });
    expect(rows[2].speed).toBeCloseTo(10 / (1852 / 3600), 6);
    expect(JSON.parse(rows[2].attributes)).toMatchObject({
      motion: true,
      odometer: 1234,
      batteryLevel: 50,
      charge: false,
    });
    expect(JSON.parse(rows[2].attributes).distance).toBeGreaterThan(100);
    const device = await db.kysely
      .selectFrom('devices')
      .select(['status', 'positionId'])
      .where('id', '=', van.id)
      .executeTakeFirstOrThrow();
    expect(device).toEqual({ status: 'online', positionId: rows[2].id });
  });

  it('refuses unknown devices (400, JSON 404) and malformed values (400), storing nothing', async () => {
    const before = await countPositions();
    const refused = [
      await osmand('/?id=nobody&lat=1&lon=1'),
      await osmand(`/?id=${fleet.parked.uniqueId}&lat=1&lon=1`), // disabled
      await osmand('/?lat=1&lon=1'),
      await osmand(`/?id=${fleet.van.uniqueId}&lat=91&lon=1`),
      await osmand(`/?id=${fleet.van.uniqueId}&lat=1&lon=abc`),
      await osmand(`/?id=${fleet.van.uniqueId}&lat=1&lon=1&timestamp=yesterday`),
      await postJson({ device_id: 'nobody', location: { coords: { latitude: 1, longitude: 1 } } }),
      await postJson({ device_id: fleet.van.uniqueId, location: { coords: { latitude: 'x' } } }),
      await osmand('/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{oops',
      }),
    ];
    expect(refused.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400, 404, 400, 400]);
    expect(await countPositions()).toBe(before);
  });

  it("delivers a position to its owner's socket within 1 s, never to a user who cannot see it", async () => {
    const alice = await live(ALICE);
    const bob = await live(BOB);
    // Opening messages: each user's own latest positions only.
    expect(alice.messages[0].positions?.map((p) => p.deviceId)).toEqual([fleet.van.id]);
    expect(bob.messages[0]).toEqual({ positions: [] });

    const sent = Date.now();
    await osmand(`/?id=${fleet.van.uniqueId}&lat=-23.5&lon=-46.6&speed=3&timestamp=${seconds()}`);
    const position = await waitFor(
      () => alice.all('positions').find((p) => p.latitude === -23.5),
      1000,
    );
    expect(Date.now() - sent).toBeLessThan(1000);
    expect(position).toMatchObject({ deviceId: fleet.van.id, speed: 3, geofenceIds: null });
    // Device pushes are throttled to one a second, so this one may trail the position a little.
    await waitFor(() => alice.all('devices').find((d) => d.id === fleet.van.id), 1500);
    expect(alice.all('devices').at(-1)).toMatchObject({ id: fleet.van.id, status: 'online' });

    await osmand(`/?id=${fleet.truck.uniqueId}&lat=-22&lon=-43&timestamp=${seconds()}`);
    await waitFor(() => bob.all('positions').find((p) => p.deviceId === fleet.truck.id), 1000);
    await sleep(300);
    expect(bob.all('positions').map((p) => p.deviceId)).toEqual([fleet.truck.id]);
    expect(bob.all('devices').map((d) => d.id)).toEqual([fleet.truck.id]);
    expect(alice.all('positions').some((p) => p.deviceId === fleet.truck.id)).toBe(false);
    expect(alice.all('devices').some((d) => d.id === fleet.truck.id)).toBe(false);
  });

  it('stores geofence and overspeed events from a track and pushes them to web notification users', async () => {
    const alice = await live(ALICE);
    const bob = await live(BOB);
    const { van } = fleet;
    const eventCount = async () =>
      (await db.kysely.selectFrom('events').select('id').where('deviceId', '=', van.id).execute())
        .length;
    const before = await eventCount();
    const inside = `lat=${DEPOT.latitude}&lon=${DEPOT.longitude}`;
    const track = [
      `${inside}&speed=12`, // enter, under the depot's 20 kn
      `${inside}&speed=25`, // overspeed inside the depot
      `${inside}&speed=26`, // still over: no second event
      `lat=${DEPOT.latitude - 0.02}&lon=${DEPOT.longitude}&speed=40`, // exit; van's own 50 kn limit
    ];
    // Newer than anything sent before: only a device's latest position raises these events.
    for (const [i, q] of track.entries()) {
      expect((await osmand(`/?id=${van.uniqueId}&${q}&timestamp=${seconds(i + 1)}`)).status).toBe(
        200,
      );
    }
    const stored = await waitFor(async () => {
      const rows = await db.kysely
        .selectFrom('events')
        .selectAll()
        .where('deviceId', '=', van.id)
        .orderBy('id')
        .execute();
      return rows.length - before >= 3 ? rows.slice(before) : undefined;
    });
    expect(stored.map((e) => [e.type, e.geofenceId])).toEqual([
      ['geofenceEnter', fleet.depotId],
      ['deviceOverspeed', fleet.depotId],
      ['geofenceExit', fleet.depotId],
    ]);
    expect(JSON.parse(stored[1].attributes)).toEqual({ speed: 25, speedLimit: DEPOT.speedLimit });

    const pushed = await waitFor(() =>
      alice.all('events').length >= 3 ? alice.all('events') : undefined,
    );
    expect(
      pushed.map((e) => [e.id, e.type, (e.attributes as { message: string }).message]),
    ).toEqual([
      [stored[0].id, 'geofenceEnter', 'Van entrou em Depot'],
      [stored[1].id, 'deviceOverspeed', 'Van excedeu o limite de velocidade: 46 km/h'],
      [stored[2].id, 'geofenceExit', 'Van saiu de Depot'],
    ]);
    expect(pushed[0]).toMatchObject({ deviceId: van.id, positionId: stored[0].positionId });
    // Traccar's web notificator pushes a copy of the stored event with the short text added as
    // attributes.message, and nothing else changed.
    const overspeed = {
      id: stored[1].id,
      type: 'deviceOverspeed',
      eventTime: new Date(Number(stored[1].eventTime)).toISOString(),
      deviceId: van.id,
      positionId: stored[1].positionId,
      geofenceId: fleet.depotId,
      maintenanceId: 0,
      attributes: { speed: 25, speedLimit: DEPOT.speedLimit },
    };
    expect(pushed[1]).toEqual({
      ...overspeed,
      attributes: {
        ...overspeed.attributes,
        message: 'Van excedeu o limite de velocidade: 46 km/h',
      },
    });
    // The stored event, however it is read, carries no message.
    const reader = new Client(server.url);
    await reader.login(ALICE.email, ALICE.password);
    expect(await (await reader.get(`/api/events/${stored[1].id}`)).json()).toEqual(overspeed);
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 3_600_000).toISOString();
    // An administrator: the events report hides events of geofences the reader does not see.
    const admin = await signInAdmin(server);
    const report = (await (
      await admin.get(`/api/reports/events?deviceId=${van.id}&from=${from}&to=${to}`)
    ).json()) as { id: number }[];
    expect(report.find((e) => e.id === stored[1].id)).toEqual(overspeed);
    await sleep(200);
    // One copy per event, even when several of the user's notifications match it.
    expect(alice.all('events')).toHaveLength(3);
    // Bob is linked to the same notifications but cannot see the van.
    expect(bob.all('events')).toEqual([]);
    expect(await eventCount()).toBe(before + 3);
  });

  it('offers notification types and notificators, and sends a test through the web', async () => {
    const alice = await live(ALICE);
    const client = new Client(server.url);
    await client.login(ALICE.email, ALICE.password);
    const types = (await (await client.get('/api/notifications/types')).json()) as {
      type: string;
    }[];
    expect(types).toContainEqual({ type: 'geofenceEnter' });
    expect(types).toHaveLength(23);
    expect(await (await client.get('/api/notifications/notificators')).json()).toEqual([
      { type: 'web' },
      { type: 'command' },
    ]);
    expect(
      await (await client.get('/api/notifications/notificators?announcement=true')).json(),
    ).toEqual([]);
    expect((await client.request('/api/notifications/test', { method: 'POST' })).status).toBe(204);
    const test = await waitFor(() => alice.all('events').find((e) => e.type === 'test'));
    expect(test.attributes).toEqual({ message: 'Notificação de teste' });
    const mail = await client.request('/api/notifications/test/mail', { method: 'POST' });
    expect([mail.status, await mail.text()]).toEqual([
      400,
      'Mail is not configured - IllegalArgumentException',
    ]);
    expect((await new Client(server.url).get('/api/notifications/types')).status).toBe(401);
  });

  it('turns a silent device unknown after status.timeout, and records status events', async () => {
    const admin = await signInAdmin(server);
    // The socket first: the van has been silent for longer than the new timeout, so the next
    // sweep after the save turns it unknown, and a socket opened after that would never hear it.
    const alice = await live(ALICE);
    const put = await admin.json('/api/server', { attributes: { 'status.timeout': 1 } }, 'PUT');
    expect(put.status).toBe(200);
    const vanStatus = () =>
      alice
        .all('devices')
        .filter((d) => d.id === fleet.van.id)
        .map((d) => d.status);
    // Silent for over a second now: the sweep (once a second) turns the van unknown. The bound
    // is generous because a busy machine delays timers, not because the product may be slow.
    await waitFor(() => (vanStatus().at(-1) === 'unknown' ? true : undefined), 15_000);
    // A message brings it online (pushed at once: a status change), then silence again.
    const before = vanStatus().length;
    await osmand(`/?id=${fleet.van.uniqueId}&lat=-23.5&lon=-46.6&timestamp=${seconds(10)}`);
    // The sweep may turn it unknown again before this reads, so look for 'online' anywhere since.
    await waitFor(() => (vanStatus().slice(before).includes('online') ? true : undefined), 15_000);
    await waitFor(
      () => (vanStatus().slice(-3).join() === 'unknown,online,unknown' ? true : undefined),
      15_000,
    );
    const last = alice.all('devices').filter((d) => d.id === fleet.van.id);
    expect(last[last.length - 1].lastUpdate).toEqual(expect.any(String));
    const row = await db.kysely
      .selectFrom('devices')
      .select('status')
      .where('id', '=', fleet.van.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('unknown');
    // Status events are recorded by default, as current Traccar does: the van's first report of
    // this suite brought it online.
    const types = (
      await db.kysely
        .selectFrom('events')
        .select('type')
        .where('deviceId', '=', fleet.van.id)
        .where('type', 'in', ['deviceOnline', 'deviceUnknown', 'deviceOffline'])
        .orderBy('id')
        .execute()
    ).map((e) => e.type);
    expect(types).toEqual(['deviceOnline', 'deviceUnknown', 'deviceOnline', 'deviceUnknown']);
  }, 60_000);

  it('refuses impossible fixes with a 400 and stores nothing, yet keeps late ones', async () => {
    const { truck } = fleet;
    const before = (await positionsOf(truck.id)).length;
    const day = 86_400;
    const at = `lat=-22.9&lon=-43.2`;
    const refused = [
      await osmand(`/?id=${truck.uniqueId}&${at}&speed=-5&timestamp=${seconds(-60)}`),
      await osmand(`/?id=${truck.uniqueId}&${at}&timestamp=${seconds(2 * day)}`),
      // MAX_FIX_AGE_DAYS is 30 by default; this one is decades away.
      await osmand(`/?id=${truck.uniqueId}&${at}&timestamp=820454400`),
      await osmand(`/?id=${truck.uniqueId}&${at}&timestamp=${seconds(-31 * day)}`),
      await postJson({
        device_id: truck.uniqueId,
        location: {
          timestamp: new Date((seconds() + 3 * day) * 1000).toISOString(),
          coords: { latitude: -22.9, longitude: -43.2 },
        },
      }),
    ];
    const replies = await Promise.all(refused.map(async (r) => [r.status, await r.text()]));
    expect(replies).toEqual([
      [400, expect.stringMatching(/^Speed out of range: -5$/)],
      [400, expect.stringMatching(/is more than a day ahead of the server$/)],
      [400, 'Fix time 1996-01-01T00:00:00.000Z is more than 30 days old'],
      [400, expect.stringMatching(/is more than 30 days old$/)],
      [400, expect.stringMatching(/is more than a day ahead of the server$/)],
    ]);
    expect((await positionsOf(truck.id)).length).toBe(before);

    // A tracker that was out of coverage for two days delivers its buffer: kept.
    const late = seconds(-2 * day);
    expect((await osmand(`/?id=${truck.uniqueId}&${at}&speed=7&timestamp=${late}`)).status).toBe(
      200,
    );
    const rows = await positionsOf(truck.id);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ fixTime: late * 1000, speed: 7 });
  });

  it('skips a computed attribute over the expression limits, warning once, and keeps the fix', async () => {
    const admin = await signInAdmin(server);
    const attach = async (attribute: string, expression: string) => {
      const created = await admin.json('/api/attributes/computed', {
        description: attribute,
        attribute,
        expression,
        type: 'string',
      });
      expect(created.status).toBe(200);
      const { id } = (await created.json()) as { id: number };
      const linked = await admin.json('/api/permissions', {
        deviceId: fleet.truck.id,
        attributeId: id,
      });
      expect(linked.status).toBe(204);
      return id;
    };
    // Ten times longer per replace: 10^7 characters if nothing stopped it.
    const hugeId = await attach('huge', `'aaaaaaaaaa'` + `.replace('a', 'aaaaaaaaaa')`.repeat(6));
    await attach('label', `'truck-' + 1`);
    const warnings = () =>
      server.lines.filter(
        (line) =>
          line.includes('computed attribute skipped: over the expression limits') &&
          line.includes(`"attributeId":${hugeId}`),
      );
    const before = (await positionsOf(fleet.truck.id)).length;
    let offset = 20;
    const send = async () => {
      const query = `lat=-22.9&lon=-43.2&timestamp=${seconds(offset++)}`;
      expect((await osmand(`/?id=${fleet.truck.uniqueId}&${query}`)).status).toBe(200);
    };
    // The tracking cache follows the change feed: fixes until both attributes run.
    await waitFor(async () => {
      await send();
      return warnings().length > 0 ? true : undefined;
    });
    await send();
    await send();
    const rows = (await positionsOf(fleet.truck.id)).slice(before);
    for (const row of rows) expect(JSON.parse(row.attributes)).not.toHaveProperty('huge');
    expect(JSON.parse(rows.at(-1)!.attributes)).toMatchObject({ label: 'truck-1' });
    // One line per attribute and interval, not one per position.
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatch(/String longer than 65536 characters/);
  });

  it('stores a fix with a NUL in an attribute, and the fixes of its batch with it', async () => {
    const { van, truck } = fleet;
    const [vanBefore, truckBefore] = [
      (await positionsOf(van.id)).length,
      (await positionsOf(truck.id)).length,
    ];
    // Sent at once, so they share a batch: one device's odd text must not cost the other its fix.
    const replies = await Promise.all([
      osmand(`/?id=${van.uniqueId}&lat=-23.5&lon=-46.6&timestamp=${seconds(300)}&note=a%00b`),
      osmand(`/?id=${truck.uniqueId}&lat=-22.9&lon=-43.2&timestamp=${seconds(300)}`),
    ]);
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    const vanRows = (await positionsOf(van.id)).slice(vanBefore);
    expect(vanRows).toHaveLength(1);
    expect(JSON.parse(vanRows[0].attributes)).toMatchObject({ note: 'a\u0000b' });
    expect((await positionsOf(truck.id)).slice(truckBefore)).toHaveLength(1);
  });
});
