import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Client } from '../../support/http';
import { signInAdmin } from '../../support/entityApi';
import { startServer, type TestServer } from '../../support/server';

const ALICE = { email: 'alice@frota.test', password: 'alice-pass-1' };
const BOB = { email: 'bob@frota.test', password: 'bob-pass-12' };
const CAROL = { email: 'carol@frota.test', password: 'carol-pass-1' };
const DAY = 86_400_000;

interface Position {
  id: number;
  deviceId: number;
  fixTime: string;
  latitude: number;
}

const period = () =>
  `from=${new Date(Date.now() - DAY).toISOString()}&to=${new Date(Date.now() + DAY).toISOString()}`;

/** The one file inside a zip archive (local header, deflated data). */
function unzipOne(zip: Buffer): { name: string; content: string } {
  expect(zip.readUInt32LE(0)).toBe(0x04034b50);
  const size = zip.readUInt32LE(18);
  const nameLength = zip.readUInt16LE(26);
  const extra = zip.readUInt16LE(28);
  const name = zip.subarray(30, 30 + nameLength).toString('utf8');
  const start = 30 + nameLength + extra;
  return { name, content: inflateRawSync(zip.subarray(start, start + size)).toString('utf8') };
}

describe('position exports and deletion', () => {
  let server: TestServer;
  let admin: Client;
  let alice: Client;
  let bob: Client;
  let carol: Client;
  let deviceId: number;
  let bobDevice: number;

  const fix = (uniqueId: string, secondsAgo: number, lat: number) =>
    fetch(
      `http://127.0.0.1:${server.osmandPort}/?id=${uniqueId}&lat=${lat}&lon=-46.63&altitude=760&speed=5&timestamp=${Math.floor(Date.now() / 1000) - secondsAgo}`,
    );

  async function history(id = deviceId): Promise<Position[]> {
    const res = await admin.get(`/api/positions?deviceId=${id}&${period()}`);
    expect(res.status).toBe(200);
    return (await res.json()) as Position[];
  }

  async function device(id = deviceId): Promise<{ positionId: number }> {
    return (await (await admin.get(`/api/devices/${id}`)).json()) as { positionId: number };
  }

  async function user(credentials: typeof ALICE, extra: Record<string, unknown> = {}) {
    const made = await admin.json('/api/users', {
      name: credentials.email,
      ...credentials,
      ...extra,
    });
    expect(made.status).toBe(200);
    const id = ((await made.json()) as { id: number }).id;
    const client = new Client(server.url);
    await client.login(credentials.email, credentials.password);
    return { id, client };
  }

  beforeAll(async () => {
    server = await startServer({ env: { OSMAND_PORT: '0' } });
    admin = await signInAdmin(server);
    const made = await admin.json('/api/devices', { name: 'Van <1>', uniqueId: 'tools-van' });
    deviceId = ((await made.json()) as { id: number }).id;
    const other = await admin.json('/api/devices', { name: 'Truck', uniqueId: 'tools-truck' });
    bobDevice = ((await other.json()) as { id: number }).id;
    const a = await user(ALICE);
    const b = await user(BOB);
    const c = await user(CAROL, { readonly: true });
    [alice, bob, carol] = [a.client, b.client, c.client];
    for (const [userId, id] of [
      [a.id, deviceId],
      [c.id, deviceId],
      [b.id, bobDevice],
    ]) {
      expect((await admin.json('/api/permissions', { userId, deviceId: id })).status).toBe(204);
    }
    for (const [ago, lat] of [
      [300, -23.5],
      [200, -23.51],
      [100, -23.52],
    ]) {
      expect((await fix('tools-van', ago, lat)).status).toBe(200);
    }
    expect((await fix('tools-truck', 100, -23.6)).status).toBe(200);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('exports CSV, GPX, KML and KMZ with Traccar’s types, names and content', async () => {
    const positions = await history();
    expect(positions).toHaveLength(3);

    const csv = await alice.get(`/api/positions/csv?deviceId=${deviceId}&${period()}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename=positions.csv');
    const lines = (await csv.text()).trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      /^id,deviceId,protocol,serverTime,deviceTime,fixTime,valid,latitude,longitude,altitude,speed,course,address,accuracy(,|$)/,
    );
    const first = lines[1].split(',');
    expect(first.slice(0, 3)).toEqual([String(positions[0].id), String(deviceId), 'osmand']);
    expect(first[5]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(first.slice(6, 10)).toEqual(['true', '-23.5', '-46.63', '760.0']);

    const gpx = await alice.get(`/api/positions/gpx?deviceId=${deviceId}&${period()}`);
    expect(gpx.headers.get('content-type')).toMatch(/^application\/gpx\+xml/);
    expect(gpx.headers.get('content-disposition')).toBe('attachment; filename=positions.gpx');
    const gpxText = await gpx.text();
    expect(gpxText).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?><gpx version="1.0"><trk><name>Van &lt;1&gt;<\/name><trkseg><trkpt lat="-23.5" lon="-46.63"><ele>760.0<\/ele><time>\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})<\/time><\/trkpt>/,
    );
    expect(gpxText.match(/<trkpt /g)).toHaveLength(3);

    const kml = await alice.get(`/api/positions/kml?deviceId=${deviceId}&${period()}`);
    expect(kml.headers.get('content-type')).toMatch(/^application\/vnd\.google-earth\.kml\+xml/);
    expect(kml.headers.get('content-disposition')).toBe('attachment; filename=positions.kml');
    const kmlText = await kml.text();
    expect(kmlText).toContain('<kml xmlns="http://www.opengis.net/kml/2.2"><Document>');
    expect(kmlText).toContain(
      '<coordinates>-46.630000,-23.500000,760.000000 -46.630000,-23.510000,760.000000 -46.630000,-23.520000,760.000000</coordinates>',
    );

    // Only the positions inside a geofence, as Traccar's `geofenceId` filter keeps them.
    const made = await admin.json('/api/geofences', {
      name: 'Depot',
      area: 'CIRCLE (-23.5 -46.63, 300)',
    });
    const geofence = ((await made.json()) as { id: number }).id;
    const inGeofence = `/api/positions/csv?deviceId=${deviceId}&geofenceId=${geofence}&${period()}`;
    expect((await alice.get(inGeofence)).status).toBe(400);
    const aliceId = ((await (await alice.get('/api/session')).json()) as { id: number }).id;
    expect(
      (await admin.json('/api/permissions', { userId: aliceId, geofenceId: geofence })).status,
    ).toBe(204);
    const filtered = (await (await alice.get(inGeofence)).text()).trimEnd().split('\n');
    expect(filtered).toHaveLength(2);
    expect(filtered[1].split(',')[0]).toBe(String(positions[0].id));
    // The JSON history takes the same filter.
    const insideJson = await alice.get(
      `/api/positions?deviceId=${deviceId}&geofenceId=${geofence}&${period()}`,
    );
    expect(((await insideJson.json()) as { id: number }[]).map((p) => p.id)).toEqual([
      positions[0].id,
    ]);

    const kmz = await alice.get(`/api/positions/kmz?deviceId=${deviceId}&${period()}`);
    expect(kmz.headers.get('content-type')).toMatch(/^application\/vnd\.google-earth\.kmz/);
    expect(kmz.headers.get('content-disposition')).toBe('attachment; filename=positions.kmz');
    const inside = unzipOne(Buffer.from(await kmz.arrayBuffer()));
    expect(inside).toEqual({ name: 'doc.kml', content: kmlText });
  });

  it('refuses exports of other devices, without reports, or without a device or period', async () => {
    const other = await alice.get(`/api/positions/csv?deviceId=${bobDevice}&${period()}`);
    expect([other.status, await other.text()]).toEqual([
      400,
      'Device access denied - SecurityException',
    ]);
    const noReports = await user(
      { email: 'dora@frota.test', password: 'dora-pass-12' },
      { disableReports: true },
    );
    const dora = await admin.json('/api/permissions', { userId: noReports.id, deviceId });
    expect(dora.status).toBe(204);
    const disabled = await noReports.client.get(
      `/api/positions/gpx?deviceId=${deviceId}&${period()}`,
    );
    expect([disabled.status, await disabled.text()]).toEqual([
      400,
      'Reports are disabled - SecurityException',
    ]);
    expect((await alice.get(`/api/positions/kml?${period()}`)).status).toBe(400);
    expect((await alice.get(`/api/positions/kml?deviceId=${deviceId}`)).status).toBe(400);
    expect(
      (await new Client(server.url).get(`/api/positions/csv?deviceId=${deviceId}&${period()}`))
        .status,
    ).toBe(401);
  });

  it('deletes one position: readonly and other users refused, unknown ids 404', async () => {
    const [oldest] = await history();
    const readonly = await carol.delete(`/api/positions/${oldest.id}`);
    expect([readonly.status, await readonly.text()]).toEqual([
      400,
      'Account is readonly - SecurityException',
    ]);
    const foreign = await bob.delete(`/api/positions/${oldest.id}`);
    expect(foreign.status).toBe(400);
    expect(await history()).toHaveLength(3);
    expect((await alice.delete('/api/positions/999999')).status).toBe(404);
    expect((await alice.delete(`/api/positions/${oldest.id}`)).status).toBe(204);
    expect((await history()).map((p) => p.id)).not.toContain(oldest.id);
  });

  it('deleting the latest position makes the one before it latest, in memory too', async () => {
    const before = await history();
    const latest = before[before.length - 1];
    const previous = before[before.length - 2];
    expect((await device()).positionId).toBe(latest.id);
    // Alice's live map hears of it.
    const socket = new WebSocket(`${server.wsUrl}/api/socket`, {
      headers: { cookie: alice.cookieHeader() },
    });
    const messages: { positions?: Position[]; devices?: { id: number; positionId: number }[] }[] =
      [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data)) as never));
    await new Promise((resolve, reject) => socket.on('open', resolve).on('error', reject));
    expect((await alice.delete(`/api/positions/${latest.id}`)).status).toBe(204);
    expect((await device()).positionId).toBe(previous.id);
    // The position now latest, and the device pointing at it (devices are sent at most once a
    // second, so maybe in a later message).
    const seen = () => ({
      position: messages.some((m) => m.positions?.some((p) => p.id === previous.id)),
      device: messages.some((m) =>
        m.devices?.some((d) => d.id === deviceId && d.positionId === previous.id),
      ),
    });
    const deadline = Date.now() + 5000;
    while (!(seen().position && seen().device) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    socket.close();
    expect(seen()).toEqual({ position: true, device: true });
    const [now] = (await (
      await alice.get(`/api/positions?deviceId=${deviceId}`)
    ).json()) as Position[];
    expect(now.id).toBe(previous.id);
    // A status change written by ingest must not bring the deleted id back.
    expect((await fix('tools-van', 50, -23.53)).status).toBe(200);
    const after = await history();
    expect((await device()).positionId).toBe(after[after.length - 1].id);
    expect(after.map((p) => p.id)).not.toContain(latest.id);
  });

  it('deletes a device’s positions in a period; bad input deletes nothing', async () => {
    const count = (await history()).length;
    expect(count).toBeGreaterThan(0);
    for (const query of [
      `deviceId=${deviceId}`,
      `deviceId=${deviceId}&from=x&to=y`,
      `deviceId=${deviceId}&from=${new Date().toISOString()}&to=${new Date(Date.now() - DAY).toISOString()}`,
      period(),
    ]) {
      expect((await alice.delete(`/api/positions?${query}`)).status).toBe(400);
    }
    expect((await carol.delete(`/api/positions?deviceId=${deviceId}&${period()}`)).status).toBe(
      400,
    );
    expect((await bob.delete(`/api/positions?deviceId=${deviceId}&${period()}`)).status).toBe(400);
    expect(await history()).toHaveLength(count);

    expect((await alice.delete(`/api/positions?deviceId=${deviceId}&${period()}`)).status).toBe(
      204,
    );
    expect(await history()).toEqual([]);
    expect((await device()).positionId).toBe(0);
    expect(await (await alice.get(`/api/positions?deviceId=${deviceId}`)).json()).toEqual([]);
    // Bob's device kept its history.
    expect(await history(bobDevice)).toHaveLength(1);
  });
});
