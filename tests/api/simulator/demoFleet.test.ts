/**
 * The positions and devices flow: a server started with DEMO_DEVICES=3 creates three demo
 * devices, and their simulated positions arrive over the OsmAnd port, in GET /api/positions and
 * on the socket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Client } from '../../support/http';
import { signInAdmin } from '../../support/entityApi';
import { startServer, type TestServer } from '../../support/server';
import { poller } from '../../support/waitFor';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ env: { DEMO_DEVICES: '3' } });
});
afterAll(() => server?.stop());

interface Device {
  id: number;
  uniqueId: string;
  name: string;
  category: string;
  attributes: Record<string, unknown>;
}
interface Position {
  deviceId: number;
  latitude: number;
  longitude: number;
  speed: number;
  attributes: Record<string, unknown>;
}

/** Straight-line distance, metres (equirectangular: plenty at city scale). */
function metres(a: Position, b: Position): number {
  const rad = Math.PI / 180;
  const x = (b.longitude - a.longitude) * rad * Math.cos(((a.latitude + b.latitude) / 2) * rad);
  const y = (b.latitude - a.latitude) * rad;
  return Math.hypot(x, y) * 6_371_000;
}

const waitFor = poller(15_000);

describe('demo fleet (DEMO_DEVICES=3)', () => {
  let admin: Client;
  let devices: Device[];

  beforeAll(async () => {
    admin = await signInAdmin(server);
  });

  it('logs the fleet size and interval', async () => {
    await server.waitForLine(/demo fleet: 3 simulated devices reporting every 5 s/);
  });

  it('creates three demo devices for the administrator', async () => {
    const res = await admin.get('/api/devices');
    expect(res.status).toBe(200);
    devices = ((await res.json()) as Device[]).filter((d) => d.attributes['frota.demo'] === true);
    expect(devices.map((d) => d.uniqueId).sort()).toEqual(['demo-0001', 'demo-0002', 'demo-0003']);
    for (const device of devices) {
      expect(device.name).toMatch(/\S/);
      expect(device.category).toMatch(/^(car|pickup|van|truck|motorcycle|bus)$/);
      expect(typeof device.attributes.placa).toBe('string');
      expect(device.attributes['tarkan.color']).toMatch(/^\d+\|[\d.]+\|[\d.]+$/);
    }
  });

  it('delivers their positions to GET /api/positions, in São Paulo', async () => {
    const ids = new Set(devices.map((d) => d.id));
    const positions = await waitFor(async () => {
      const list = (await (await admin.get('/api/positions')).json()) as Position[];
      const mine = list.filter((p) => ids.has(p.deviceId));
      return mine.length === 3 ? mine : undefined;
    });
    for (const position of positions) {
      expect(position.latitude).toBeGreaterThan(-23.75);
      expect(position.latitude).toBeLessThan(-23.45);
      expect(position.longitude).toBeGreaterThan(-46.8);
      expect(position.longitude).toBeLessThan(-46.45);
      expect(position.speed).toBeGreaterThanOrEqual(0);
      expect(typeof position.attributes.ignition).toBe('boolean');
      expect(position.attributes.batteryLevel).toBeGreaterThan(0);
    }
  });

  it('pushes fresh positions on the socket', async () => {
    const socket = new WebSocket(`${server.wsUrl}/api/socket`, {
      headers: { cookie: admin.cookieHeader() },
    });
    const seen = new Set<number>();
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { positions?: Position[] };
      for (const position of message.positions ?? []) seen.add(position.deviceId);
    });
    try {
      // Three vehicles every 5 s: within a couple of rounds each has reported.
      await waitFor(() => (devices.every((d) => seen.has(d.id)) ? true : undefined), 15_000);
    } finally {
      socket.close();
    }
  });

  it('obeys engineStop sent through the API: blocked, standing still, until engineResume', async () => {
    const device = devices[0];
    const latest = async () =>
      ((await (await admin.get('/api/positions')).json()) as (Position & { id: number })[]).find(
        (p) => p.deviceId === device.id,
      );
    const send = async (type: string) => {
      const res = await admin.json('/api/commands/send', { deviceId: device.id, type });
      expect([200, 202]).toContain(res.status);
    };

    await send('engineStop');
    const blocked = await waitFor(async () => {
      const position = await latest();
      return position?.attributes.blocked === true ? position : undefined;
    });
    // Once stopped, it stays put while blocked.
    const stopped = await waitFor(async () => {
      const position = await latest();
      return position && position.id !== blocked.id && position.speed === 0 ? position : undefined;
    }, 40_000);
    const later = await waitFor(async () => {
      const position = await latest();
      return position && position.id !== stopped.id ? position : undefined;
    });
    expect(later.attributes.blocked).toBe(true);
    expect(later.speed).toBe(0);
    expect(later.latitude).toBeCloseTo(stopped.latitude, 3);

    await send('engineResume');
    await waitFor(async () => {
      const position = await latest();
      return position?.attributes.blocked === false ? true : undefined;
    });
  }, 90_000);

  it('keeps driving the same devices after a restart without DEMO_DEVICES', async () => {
    const announced = () => server.lines.filter((l) => /demo fleet: 3 simulated/.test(l)).length;
    const before = announced();
    delete server.env.DEMO_DEVICES;
    await server.restart();
    await waitFor(() => (announced() > before ? true : undefined));
    const client = await signInAdmin(server);
    const all = (await (await client.get('/api/devices')).json()) as Device[];
    expect(all).toHaveLength(3);
  });

  it('carries on from its last positions and odometers after a restart', async () => {
    type Stored = Position & { id: number };
    const latest = async (client: Client) =>
      ((await (await client.get('/api/positions')).json()) as Stored[]).filter((p) =>
        devices.some((d) => d.id === p.deviceId),
      );
    const before = await latest(admin);
    expect(before).toHaveLength(3);
    await server.restart();
    const client = await signInAdmin(server);
    // A report from each vehicle made after the restart.
    const after = await waitFor(async () => {
      const list = await latest(client);
      const fresh = list.filter((p) => !before.some((b) => b.id >= p.id));
      return fresh.length === 3 ? fresh : undefined;
    }, 30_000);
    for (const previous of before) {
      const next = after.find((p) => p.deviceId === previous.deviceId);
      if (!next) throw new Error(`no position for device ${previous.deviceId}`);
      const odometer = (p: Position) => Number(p.attributes.odometer);
      const hours = (p: Position) => Number(p.attributes.hours);
      // Counters never go back, and the vehicle is no farther than it has driven since.
      expect(odometer(next)).toBeGreaterThanOrEqual(odometer(previous));
      expect(hours(next)).toBeGreaterThanOrEqual(hours(previous));
      const moved = metres(previous, next);
      expect(moved).toBeLessThanOrEqual(odometer(next) - odometer(previous) + 30);
    }
  }, 60_000);
});
