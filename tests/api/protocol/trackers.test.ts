import { describe, expect, it } from 'vitest';
import { portVariable } from '../../../server/config';
import { DEVICE_PROTOCOLS } from '../../../server/protocol';
import type { SimulatedFix } from '../../../server/protocol/shared/definition';
import { create, apiFixtureForFile } from '../../support/entityApi';
import { FakeTracker } from '../../support/fakeTracker';
import { fixSecondsAgo } from '../../support/simulatedFix';
import { until } from '../../support/waitFor';
import { deviceStatus, recentEvents } from './readBack';

/**
 * Each hardware protocol end to end over TCP against the real server (docs/protocols.md): a
 * scripted tracker logs in, reports, is answered, shows up live with its attributes, receives an
 * engine stop sent through the API and answers it, gets what was queued while it was away, and
 * an identifier nobody registered lands in the list of devices trying to connect.
 */

const f = apiFixtureForFile(
  Object.fromEntries(DEVICE_PROTOCOLS.map((p) => [portVariable(p.name), '0'])),
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface PositionJson {
  id: number;
  deviceId: number;
  protocol: string;
  latitude: number;
  longitude: number;
  speed: number;
  fixTime: string;
  attributes: Record<string, unknown>;
}

async function latest(deviceId: number): Promise<PositionJson | undefined> {
  const res = await f.admin.get(`/api/positions?deviceId=${deviceId}`);
  return ((await res.json()) as PositionJson[])[0];
}

/** The device's stored position with that fix time, if any (whatever is latest now). */
async function storedAt(deviceId: number, time: number): Promise<PositionJson | undefined> {
  const from = new Date(time - 1_000).toISOString();
  const to = new Date(time + 1_000).toISOString();
  const res = await f.admin.get(`/api/positions?deviceId=${deviceId}&from=${from}&to=${to}`);
  const found = (await res.json()) as PositionJson[];
  return found.find((p) => p.fixTime === new Date(time).toISOString());
}

const fixAt = (secondsAgo: number, latitude: number, longitude: number) =>
  fixSecondsAgo(secondsAgo, { latitude, longitude, power: 12.6, batteryLevel: 90 });

it('tells administrators the port each protocol listens on', async () => {
  const res = await f.admin.get('/tarkan/devices/ports');
  const ports = (await res.json()) as { protocol: string; port: number; transports: string[] }[];
  expect(ports[0]).toEqual({ protocol: 'osmand', port: f.server.osmandPort, transports: ['http'] });
  for (const protocol of DEVICE_PROTOCOLS) {
    expect(ports).toContainEqual({
      protocol: protocol.name,
      port: f.server.devicePort(protocol.name),
      transports: [...protocol.transports],
    });
  }
});

describe.each(DEVICE_PROTOCOLS.map((protocol, index) => ({ protocol, index })))(
  '$protocol.name over TCP',
  ({ protocol, index }) => {
    const uniqueId = protocol.device.uniqueId(100 + index);
    let deviceId = 0;
    const port = () => f.server.devicePort(protocol.name);

    const identify = async (tracker: FakeTracker, fix: SimulatedFix) => {
      tracker.sendHello();
      tracker.sendPosition(fix);
      return until(() => storedAt(deviceId, fix.time), `${protocol.name} position stored`);
    };

    it('stores what the tracker reports and answers it', async () => {
      const device = await create(f.admin, '/api/devices', {
        name: `${protocol.name} tracker`,
        uniqueId,
      });
      deviceId = device.id;
      const tracker = await FakeTracker.connect(protocol, port(), uniqueId);
      try {
        const fix = fixAt(30, -23.55 - index / 100, -46.63 - index / 100);
        const position = await identify(tracker, fix);
        expect(position.protocol).toBe(protocol.name);
        expect(position.latitude).toBeCloseTo(fix.latitude, 4);
        expect(position.longitude).toBeCloseTo(fix.longitude, 4);
        expect(position.speed).toBeCloseTo(fix.speed, 0);
        expect(position.attributes.ignition).toBe(true);
        expect(await deviceStatus(f.admin, deviceId)).toBe('online');
        // Whatever the server sent so far the device reads as acknowledgements, not commands.
        await sleep(200);
        for (const { read } of tracker.drain()) expect(read.kind).toBe('ack');

        // A keep-alive keeps the last location (an outdated position at the same place).
        tracker.sendHeartbeat();
        await sleep(300);
        const after = await latest(deviceId);
        expect(after?.latitude).toBeCloseTo(fix.latitude, 4);
      } finally {
        await tracker.close();
      }
    });

    it('sends engineStop at once to the connected tracker and records its answer', async () => {
      const tracker = await FakeTracker.connect(protocol, port(), uniqueId);
      try {
        await identify(tracker, fixAt(20, -23.56, -46.64));
        const types = (await (
          await f.admin.get(`/api/commands/types?deviceId=${deviceId}`)
        ).json()) as { type: string }[];
        expect(types.map((t) => t.type)).toEqual(expect.arrayContaining(['engineStop']));

        const res = await f.admin.json('/api/commands/send', { deviceId, type: 'engineStop' });
        expect(res.status).toBe(200);
        const command = await tracker.nextCommand();
        expect(command.type).toBe('engineStop');
        tracker.answer(command, 'Engine stopped');
        const results = await until(async () => {
          const found = await recentEvents(f.admin, deviceId, 'commandResult');
          return found.length > 0 ? found : null;
        }, `${protocol.name} command result`);
        expect(String(results[0].attributes.result)).not.toBe('');
      } finally {
        await tracker.close();
      }
    });

    it('hands a command queued while away to the tracker when it connects', async () => {
      await until(
        async () => ((await deviceStatus(f.admin, deviceId)) === 'offline' ? true : null),
        'offline after the connection closed',
      );
      const res = await f.admin.json('/api/commands/send', { deviceId, type: 'engineResume' });
      expect(res.status).toBe(202);
      const tracker = await FakeTracker.connect(protocol, port(), uniqueId);
      try {
        await identify(tracker, fixAt(10, -23.57, -46.65));
        const command = await tracker.nextCommand();
        expect(command.type).toBe('engineResume');
      } finally {
        await tracker.close();
      }
    });

    it('lists an identifier nobody registered among the devices trying to connect', async () => {
      const stranger = protocol.device.uniqueId(900 + index);
      const tracker = await FakeTracker.connect(protocol, port(), stranger);
      try {
        tracker.sendHello();
        tracker.sendPosition(fixAt(5, -23.5, -46.6));
        const listed = await until(async () => {
          const rows = (await (await f.admin.get('/tarkan/devices/connecting')).json()) as {
            uniqueId: string;
            protocol: string;
            address: string;
          }[];
          return rows.find((row) => row.protocol === protocol.name) ?? null;
        }, `${protocol.name} unknown device listed`);
        expect(listed.address).toBe('127.0.0.1');
        expect(listed.uniqueId).toContain(stranger.replace(/^0+/, '').slice(-6));
      } finally {
        await tracker.close();
      }
    });
  },
);
