import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../support/http';
import {
  percentile,
  sendFix,
  startCluster,
  TestSocket,
  waitFor,
  type TestCluster,
} from '../support/cluster';
import { parseExposition, sampleValue } from '../support/prometheus';
import type { TestServer } from '../support/server';

/**
 * Two instances on one PostgreSQL and Redis, any request to either (docs/scaling.md): what one
 * instance stores or changes reaches the sockets and caches of the other.
 */

interface Position {
  id: number;
  deviceId: number;
  fixTime: string;
}
interface Device {
  id: number;
  name: string;
  uniqueId: string;
  status: string;
}
interface Event {
  id: number;
  type: string;
  deviceId: number;
}

const METRICS_TOKEN = 'cluster-live-metrics-token-7c1d';

/** A sample of `server`'s Prometheus metrics. */
async function metric(server: TestServer, name: string): Promise<number> {
  const res = await fetch(`${server.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(res.status).toBe(200);
  return sampleValue(parseExposition(await res.text()), name);
}

let cluster: TestCluster;
let a: TestServer;
let b: TestServer;
let adminA: Client;
let adminB: Client;
let sequence = 0;

async function created<T = { id: number }>(client: Client, path: string, body: unknown) {
  const res = await client.json(path, body);
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return (await res.json()) as T & { id: number };
}

async function permission(client: Client, body: Record<string, number>, method = 'POST') {
  const res = await client.json('/api/permissions', body, method);
  expect(res.status).toBe(204);
}

async function newDevice(name: string): Promise<{ id: number; uniqueId: string }> {
  const uniqueId = `cluster-${name}-${++sequence}`;
  const device = await created(adminA, '/api/devices', { name, uniqueId });
  return { id: device.id, uniqueId };
}

/** A user created on A and signed in on `server`. */
async function newUser(server: TestServer): Promise<{ id: number; email: string; client: Client }> {
  const email = `user${++sequence}@frota.test`;
  const user = await created(adminA, '/api/users', { name: email, email, password: 'pass-1234' });
  const client = new Client(server.url);
  await client.login(email, 'pass-1234');
  return { id: user.id, email, client };
}

const basic = (email: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
});

beforeAll(async () => {
  cluster = await startCluster({ instances: 2, env: { METRICS_TOKEN } });
  [a, b] = cluster.instances;
  adminA = await cluster.admin(a);
  adminB = await cluster.admin(b);
}, 120_000);
afterAll(() => cluster?.stop());

describe('live updates across instances', () => {
  it('delivers every fix acknowledged on one instance to the sockets on the other (p99 < 300 ms)', async () => {
    const user = await newUser(b);
    const devices = await Promise.all([1, 2, 3, 4].map((n) => newDevice(`latency-${n}`)));
    for (const device of devices)
      await permission(adminA, { userId: user.id, deviceId: device.id });
    const onB = await TestSocket.open(b, user.client);
    const onA = await TestSocket.open(a, await cluster.admin(a));

    // Fixes alternate between the instances; each is watched on the socket of the other one.
    const latencies: number[] = [];
    const start = Date.now() - 3600_000;
    const fixes = 200;
    for (let i = 0; i < fixes; i++) {
      const device = devices[i % devices.length];
      const time = start + i * 1000;
      const viaA = i % 2 === 0;
      const watcher = viaA ? onB : onA;
      const ack = await sendFix(viaA ? a : b, device.uniqueId, { time, lat: -23.5 - i / 1e4 });
      expect(ack.status).toBe(200);
      const fixTime = new Date(time).toISOString();
      const seen = await waitFor(() =>
        watcher
          .items<Position>('positions')
          .find(
            ({ item }) =>
              item.deviceId === device.id && item.fixTime.startsWith(fixTime.slice(0, 19)),
          ),
      );
      latencies.push(Math.max(0, seen.at - ack.at));
    }
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    console.log(
      `cross-instance fix → socket latency over ${fixes} fixes: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`,
    );
    expect(p99).toBeLessThan(300);

    // Each instance timed the way of the other's batches: their relay, and the delivery of every
    // batch to its sockets (its own and the relayed ones), under the same bound.
    for (const server of [a, b]) {
      expect(await metric(server, 'frota_live_relay_seconds_count')).toBeGreaterThanOrEqual(
        fixes / 2,
      );
      expect(await metric(server, 'frota_live_delivery_seconds_count')).toBeGreaterThanOrEqual(
        fixes / 2,
      );
      expect(await metric(server, 'frota_live_relay_seconds_sum')).toBeLessThan(0.3 * fixes);
    }

    // The other instance's cache follows: a socket opened there now starts from the last fix.
    const late = await TestSocket.open(a, user.client);
    const opening = late.items<Position>('positions');
    const last = devices[(fixes - 1) % devices.length];
    expect(opening.find(({ item }) => item.deviceId === last.id)?.item.fixTime.slice(0, 19)).toBe(
      new Date(start + (fixes - 1) * 1000).toISOString().slice(0, 19),
    );
    for (const socket of [onA, onB, late]) socket.close();
  });

  it('pushes a device edited on one instance to the sockets on both, before any report', async () => {
    const device = await newDevice('edit');
    const onA = await TestSocket.open(a, adminA);
    const onB = await TestSocket.open(b, adminB);
    const current = (await (await adminA.get(`/api/devices/${device.id}`)).json()) as Device;
    const marks = [onA.messages.length, onB.messages.length];
    const res = await adminA.json(
      `/api/devices/${device.id}`,
      { ...current, name: 'Renamed on A' },
      'PUT',
    );
    expect(res.status).toBe(200);
    // A parked vehicle may not report for hours: the edit itself reaches every map showing it.
    for (const [i, socket] of [onA, onB].entries()) {
      const pushed = await waitFor(
        () =>
          socket
            .items<Device>('devices', marks[i])
            .find(({ item }) => item.id === device.id && item.name === 'Renamed on A'),
        1000,
      );
      expect(pushed.item).toMatchObject({ uniqueId: device.uniqueId });
    }
    // B's cache followed the edit: its next report, stored on B, carries the new name to A.
    const mark = onA.messages.length;
    expect((await sendFix(b, device.uniqueId)).status).toBe(200);
    const changed = await waitFor(
      () => onA.items<Device>('devices', mark).find(({ item }) => item.id === device.id),
      1000,
    );
    expect(changed.item).toMatchObject({ name: 'Renamed on A', status: 'online' });
    onA.close();
    onB.close();
  });

  it('sends each web notification once to every socket of its user, on every instance', async () => {
    const user = await newUser(a);
    const device = await newDevice('notified');
    await permission(adminA, { userId: user.id, deviceId: device.id });
    const notification = await created(user.client, '/api/notifications', {
      type: 'deviceOnline',
      notificators: 'web',
      always: true,
      attributes: {},
    });
    expect(notification.id).toBeGreaterThan(0);
    const sockets = [await TestSocket.open(a, user.client), await TestSocket.open(b, user.client)];

    // The fix arrives on B: the event is stored and matched there, the socket on A hears of it too.
    expect((await sendFix(b, device.uniqueId)).status).toBe(200);
    for (const socket of sockets) {
      await waitFor(() =>
        socket.items<Event>('events').find(({ item }) => item.deviceId === device.id),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const socket of sockets) {
      const events = socket
        .items<Event>('events')
        .filter(({ item }) => item.deviceId === device.id);
      expect(events.map(({ item }) => item.type)).toEqual(['deviceOnline']);
      socket.close();
    }
  });

  it('moves the map back to the previous fix on the other instance when the latest is deleted', async () => {
    const device = await newDevice('deleted');
    const base = Date.now() - 600_000;
    await sendFix(a, device.uniqueId, { time: base, lat: -23.1 });
    await sendFix(a, device.uniqueId, { time: base + 60_000, lat: -23.2 });
    const latest = await waitFor(async () => {
      const rows = await cluster.query<{ positionid: number }>(
        'select position_id as positionid from devices where id = $1',
        [device.id],
      );
      return rows[0]?.positionid ? rows[0].positionid : undefined;
    });
    const socket = await TestSocket.open(b, adminB);
    const mark = socket.messages.length;
    expect((await adminA.delete(`/api/positions/${latest}`)).status).toBe(204);
    const moved = await waitFor(
      () =>
        socket.items<Position>('positions', mark).find(({ item }) => item.deviceId === device.id),
      1000,
    );
    expect(moved.item.fixTime.slice(0, 19)).toBe(new Date(base).toISOString().slice(0, 19));
    // B's memory follows too: a socket opened there starts from the previous fix.
    const fresh = await TestSocket.open(b, adminB);
    const opening = fresh
      .items<Position>('positions')
      .find(({ item }) => item.deviceId === device.id);
    expect(opening?.item.id).toBe(moved.item.id);
    socket.close();
    fresh.close();
  });

  it('sends live protocol logs read on one instance to the sockets that asked on the other', async () => {
    const device = await newDevice('logs');
    const socket = await TestSocket.open(b, adminB);
    socket.socket.send(JSON.stringify({ logs: true }));
    // The other instance learns that B's socket wants logs (an announcement over Redis).
    await new Promise((resolve) => setTimeout(resolve, 300));
    await sendFix(a, device.uniqueId, { extra: '&marker=cluster-logs' });
    const record = await waitFor(() =>
      socket
        .items<{ uniqueId: string; deviceId: number; data: string }>('logs')
        .find(({ item }) => item.uniqueId === device.uniqueId),
    );
    expect(record.item.deviceId).toBe(device.id);
    expect(record.item.data).toContain('marker=cluster-logs');
    socket.close();
  });
});

describe('caches agree within a second', () => {
  it('stops a user socket on the other instance once a device is unlinked, and drops it from the map', async () => {
    const user = await newUser(b);
    const unlinked = await newDevice('unlinked');
    const kept = await newDevice('kept');
    await permission(adminA, { userId: user.id, deviceId: unlinked.id });
    await permission(adminA, { userId: user.id, deviceId: kept.id });
    const socket = await TestSocket.open(b, user.client);
    await sendFix(a, unlinked.uniqueId);
    await waitFor(() =>
      socket.items<Position>('positions').find(({ item }) => item.deviceId === unlinked.id),
    );

    const removedOnB = (id: number, from = 0) =>
      socket.messages
        .slice(from)
        .find(({ data }) => (data.removedDevices as number[] | undefined)?.includes(id));
    await permission(adminA, { userId: user.id, deviceId: unlinked.id }, 'DELETE');
    const unlinkedAt = Date.now();
    // B tells the user's map to drop it, rather than leave its last position there.
    await waitFor(() => removedOnB(unlinked.id), 1000);
    expect(removedOnB(kept.id)).toBeUndefined();
    // Fixes keep coming to A for both devices; B must stop sending the unlinked one within 1 s.
    let lastSeenAt = unlinkedAt;
    for (let i = 1; i <= 15; i++) {
      const mark = socket.messages.length;
      const sentAt = Date.now();
      await sendFix(a, unlinked.uniqueId, { time: Date.now(), lat: -23.6 - i / 1e3 });
      // A fix of its own each time: the same fix sent twice is a duplicate, and not pushed.
      await sendFix(a, kept.uniqueId, { time: Date.now(), lat: -23.5 - i / 1e3 });
      await waitFor(() =>
        socket.items<Position>('positions', mark).find(({ item }) => item.deviceId === kept.id),
      );
      if (
        socket.items<Position>('positions', mark).some(({ item }) => item.deviceId === unlinked.id)
      ) {
        lastSeenAt = sentAt;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(lastSeenAt - unlinkedAt).toBeLessThan(1000);
    const tail = socket.messages
      .slice(-5)
      .flatMap(({ data }) => (data.positions ?? []) as Position[]);
    expect(tail.some((position) => position.deviceId === unlinked.id)).toBe(false);
    // Deleted on A: who saw it is read there before its links go, and B's socket hears it.
    const mark = socket.messages.length;
    expect((await adminA.delete(`/api/devices/${kept.id}`)).status).toBe(204);
    await waitFor(() => removedOnB(kept.id, mark), 1000);
    socket.close();
  });

  it('starts sending a device linked on one instance to the user’s socket on the other', async () => {
    const user = await newUser(b);
    const device = await newDevice('linked-later');
    const socket = await TestSocket.open(b, user.client);
    // B has already worked out who sees the device (nobody but administrators).
    await sendFix(a, device.uniqueId, { time: Date.now() - 5000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      socket.items<Position>('positions').some(({ item }) => item.deviceId === device.id),
    ).toBe(false);
    await permission(adminA, { userId: user.id, deviceId: device.id });
    const linkedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await sendFix(a, device.uniqueId)).status).toBe(200);
    await waitFor(
      () => socket.items<Position>('positions').find(({ item }) => item.deviceId === device.id),
      1000,
    );
    expect(Date.now() - linkedAt).toBeLessThan(1000);
    socket.close();
  });

  it('shows a device linked on one instance, or its group, on the user’s map on the other at once', async () => {
    const user = await newUser(b);
    const direct = await newDevice('revealed-direct');
    const group = await created(adminA, '/api/groups', { name: `Frota norte ${++sequence}` });
    const inGroup = await created<{ uniqueId: string }>(adminA, '/api/devices', {
      name: 'revealed-in-group',
      uniqueId: `cluster-revealed-group-${++sequence}`,
      groupId: group.id,
    });
    const parked = Date.now() - 3_600_000;
    for (const device of [direct, inGroup]) {
      expect((await sendFix(a, device.uniqueId, { time: parked })).status).toBe(200);
    }
    const socket = await TestSocket.open(b, user.client);
    const seen = (from: number, id: number) => ({
      device: socket.items<Device>('devices', from).find(({ item }) => item.id === id),
      position: socket.items<Position>('positions', from).find(({ item }) => item.deviceId === id),
    });
    // No report follows the links: a parked vehicle appears with its latest position all the same.
    for (const [link, device] of [
      [{ userId: user.id, deviceId: direct.id }, direct],
      [{ userId: user.id, groupId: group.id }, inGroup],
    ] as const) {
      const mark = socket.messages.length;
      await permission(adminA, link);
      const shown = await waitFor(() => {
        const both = seen(mark, device.id);
        return both.device && both.position ? both : undefined;
      }, 1000);
      expect(shown.device?.item.uniqueId).toBe(device.uniqueId);
      expect(Date.parse(shown.position?.item.fixTime ?? '')).toBe(Math.floor(parked / 1000) * 1000);
    }
    socket.close();
  });

  it('follows a group deleted, or a user made an administrator, on one instance on the other’s map', async () => {
    const user = await newUser(b);
    const group = await created(adminA, '/api/groups', { name: `Pátio ${++sequence}` });
    const inGroup = await created<{ uniqueId: string }>(adminA, '/api/devices', {
      name: 'regrouped',
      uniqueId: `cluster-regrouped-${++sequence}`,
      groupId: group.id,
    });
    const elsewhere = await newDevice('beyond-links');
    expect((await sendFix(a, elsewhere.uniqueId)).status).toBe(200);
    await permission(adminA, { userId: user.id, groupId: group.id });
    const socket = await TestSocket.open(b, user.client);
    // The group's links go with it on A; B still drops its device from the user's map.
    let mark = socket.messages.length;
    expect((await adminA.delete(`/api/groups/${group.id}`)).status).toBe(204);
    await waitFor(
      () =>
        socket.messages
          .slice(mark)
          .find(({ data }) => (data.removedDevices as number[] | undefined)?.includes(inGroup.id)),
      1000,
    );
    // Made an administrator on A: every other device, with its position, comes on B.
    mark = socket.messages.length;
    const raised = await adminA.json(`/api/users/${user.id}`, { administrator: true }, 'PUT');
    expect(raised.status).toBe(200);
    await waitFor(
      () =>
        socket
          .items<Position>('positions', mark)
          .find(({ item }) => item.deviceId === elsewhere.id),
      1000,
    );
    // B tells the user's screen that the account changed (its menus follow), once.
    await waitFor(() => socket.messages.slice(mark).find(({ data }) => data.userChanged), 1000);
    expect(socket.messages.slice(mark).filter(({ data }) => data.userChanged)).toHaveLength(1);
    socket.close();
  });

  it('refuses a user disabled on one instance on the other: Basic, session and socket', async () => {
    const user = await newUser(b);
    expect(
      (await fetch(`${b.url}/api/devices`, { headers: basic(user.email, 'pass-1234') })).status,
    ).toBe(200);
    const socket = await TestSocket.open(b, user.client);
    expect((await user.client.get('/api/devices')).status).toBe(200);

    const current = (await (await adminA.get(`/api/users/${user.id}`)).json()) as Record<
      string,
      unknown
    >;
    expect(
      (await adminA.json(`/api/users/${user.id}`, { ...current, disabled: true }, 'PUT')).status,
    ).toBe(200);
    const disabledAt = Date.now();
    expect(await socket.closed).toBe(4000);
    expect(Date.now() - disabledAt).toBeLessThan(1000);
    expect(
      (await fetch(`${b.url}/api/devices`, { headers: basic(user.email, 'pass-1234') })).status,
    ).toBe(401);
    expect((await user.client.get('/api/devices')).status).toBe(401);
  });

  it('refuses the old password on the other instance once it is changed', async () => {
    const user = await newUser(b);
    const old = basic(user.email, 'pass-1234');
    expect((await fetch(`${b.url}/api/devices`, { headers: old })).status).toBe(200);
    const current = (await (await adminA.get(`/api/users/${user.id}`)).json()) as Record<
      string,
      unknown
    >;
    const res = await adminA.json(
      `/api/users/${user.id}`,
      { ...current, password: 'new-pass-5678' },
      'PUT',
    );
    expect(res.status).toBe(200);
    expect((await fetch(`${b.url}/api/devices`, { headers: old })).status).toBe(401);
    expect(
      (await fetch(`${b.url}/api/devices`, { headers: basic(user.email, 'new-pass-5678') })).status,
    ).toBe(200);
  });

  it('applies server settings saved on one instance to the web app policy and the sockets of the other', async () => {
    const policy = async () =>
      (await fetch(`${b.url}/some/page`)).headers.get('content-security-policy') ?? '';
    expect(await policy()).not.toContain('tiles.cluster.example');
    const user = await newUser(b);
    const socket = await TestSocket.open(b, user.client);
    const mark = socket.messages.length;
    const server = (await (await adminA.get('/api/server')).json()) as Record<string, unknown>;
    const res = await adminA.json(
      '/api/server',
      { ...server, mapUrl: 'https://tiles.cluster.example/{z}/{x}/{y}.png' },
      'PUT',
    );
    expect(res.status).toBe(200);
    await waitFor(
      async () => ((await policy()).includes('tiles.cluster.example') ? true : undefined),
      1000,
    );
    // And B tells its sockets, so open screens read the settings again.
    await waitFor(() => socket.messages.slice(mark).find(({ data }) => data.serverChanged), 1000);
    socket.close();
  });
});

describe('login throttle', () => {
  it('counts wrong passwords made on every instance together', async () => {
    const user = await newUser(a);
    const wrong = (server: TestServer) =>
      new Client(server.url, { localAddress: '127.0.0.77' }).form('/api/session', {
        email: user.email,
        password: 'wrong-password',
      });
    // Five free failures spread over both instances: each alone has seen fewer than five.
    for (const server of [a, b, a, b, a]) expect((await wrong(server)).status).toBe(401);
    const refused = await wrong(b);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner elsewhere is not slowed down.
    expect(
      (await new Client(a.url).form('/api/session', { email: user.email, password: 'pass-1234' }))
        .status,
    ).toBe(200);
  });
});

describe('login throttle over several instances', () => {
  it("does not refill the address's budget when the sprayer signs in to their own account", async () => {
    const own = await newUser(a);
    const at = { localAddress: '127.0.0.79' };
    await new Client(a.url, at).login(own.email, 'pass-1234');
    const spray = (server: TestServer, i: number) =>
      new Client(server.url, at).form('/api/session', {
        email: `sprayed${i}@frota.test`,
        password: 'wrong-password',
      });
    for (let i = 0; i < 30; i++) expect((await spray(i % 2 ? a : b, i)).status).toBe(401);
    expect((await spray(a, 30)).status).toBe(429);
    for (const server of [a, b]) {
      await new Client(server.url, at).login(own.email, 'pass-1234');
      expect((await spray(server === a ? b : a, 31)).status).toBe(429);
    }
  });
});

describe('rate limits over several instances', () => {
  it('count password reset requests made on every instance together', async () => {
    const at = { localAddress: '127.0.0.80' };
    const reset = (server: TestServer, i: number) =>
      new Client(server.url, at).form('/api/password/reset', { email: `nobody${i}@frota.test` });
    for (let i = 0; i < 30; i++) expect((await reset(i % 2 ? a : b, i)).status).toBe(200);
    for (const server of [a, b]) {
      const refused = await reset(server, 30);
      expect([refused.status, await refused.text()]).toEqual([
        429,
        'Too many requests - SecurityException',
      ]);
    }
  });
});
