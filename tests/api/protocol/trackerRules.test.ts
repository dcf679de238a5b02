import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { gl200 } from '../../../server/protocol/gl200';
import { gt06 } from '../../../server/protocol/gt06';
import type { ProtocolDefinition, SimulatedFix } from '../../../server/protocol/shared/definition';
import { teltonika } from '../../../server/protocol/teltonika';
import { create, link, apiFixtureForFile } from '../../support/entityApi';
import { Client } from '../../support/http';
import { FakeTracker } from '../../support/fakeTracker';
import { startHttpDouble } from '../../support/httpDouble';
import { poller } from '../../support/waitFor';

/**
 * The server's own rules reaching real trackers (docs/protocols.md): a geofence that locks on
 * exit (an anchor given `lockOnExit`), the QR driver's lock and unlock, on a GT06 and a Teltonika
 * tracker; a buffered upload's old alarm is recorded without notifying anyone; unknown trackers
 * registered when the server says so; the device's password and identifier reach the command.
 */

const f = apiFixtureForFile({ GT06_PORT: '0', TELTONIKA_PORT: '0', GL200_PORT: '0' });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let seq = 0;

const until = poller(10_000);

const DEPOT = { latitude: -23.55, longitude: -46.63 };

const fixAt = (secondsAgo: number, where = DEPOT, extra: Partial<SimulatedFix> = {}) => ({
  time: Math.floor(Date.now() / 1000 - secondsAgo) * 1000,
  valid: true,
  latitude: where.latitude,
  longitude: where.longitude,
  speed: 10,
  course: 0,
  altitude: 700,
  satellites: 9,
  ignition: true,
  ...extra,
});

async function positionAt(deviceId: number, time: number) {
  const from = new Date(time - 1_000).toISOString();
  const to = new Date(time + 1_000).toISOString();
  const res = await f.admin.get(`/api/positions?deviceId=${deviceId}&from=${from}&to=${to}`);
  return ((await res.json()) as { fixTime: string }[]).find(
    (p) => p.fixTime === new Date(time).toISOString(),
  );
}

/** A registered tracker of `protocol`, connected and with a first fix stored. */
async function tracker(protocol: ProtocolDefinition, attributes: Record<string, unknown> = {}) {
  seq += 1;
  const uniqueId = protocol.device.uniqueId(5_000 + seq);
  const device = await create(f.admin, '/api/devices', {
    name: `${protocol.name} ${seq}`,
    uniqueId,
    attributes,
  });
  const connected = await FakeTracker.connect(
    protocol,
    f.server.devicePort(protocol.name),
    uniqueId,
  );
  connected.sendHello();
  const first = fixAt(60);
  connected.sendPosition(first);
  await expect.poll(() => positionAt(device.id, first.time), { timeout: 10_000 }).toBeTruthy();
  return { device, connected };
}

async function deviceAttributes(id: number) {
  const res = await f.admin.get(`/api/devices?id=${id}`);
  return ((await res.json()) as { attributes: Record<string, unknown> }[])[0].attributes;
}

describe.each([gt06, teltonika])('rules on a $name tracker', (protocol) => {
  it('stops the engine when the vehicle leaves an anchor that locks on exit', async () => {
    const { device, connected } = await tracker(protocol);
    try {
      const anchor = await create(f.admin, '/api/geofences', {
        name: `Âncora ${device.name}`,
        area: `CIRCLE (${DEPOT.latitude} ${DEPOT.longitude}, 150)`,
        calendarId: 0,
        attributes: { deviceId: device.id, isAnchor: true, lockOnExit: true },
      });
      await link(f.admin, { deviceId: device.id, geofenceId: anchor.id });
      await sleep(300);
      connected.sendPosition(fixAt(30));
      // 2 km north: out of the anchor.
      connected.sendPosition(fixAt(10, { latitude: -23.532, longitude: -46.63 }));
      const command = await connected.nextCommand(10_000);
      expect(command.type).toBe('engineStop');
    } finally {
      await connected.close();
    }
  });

  it('locks the vehicle its QR driver left and unlocks it for the next driver', async () => {
    const { device, connected } = await tracker(protocol, {
      'tarkan.driverLockDevice': true,
      'tarkan.lockDeviceTimeout': 0,
    });
    try {
      seq += 1;
      const username = `qr${protocol.name}${seq}`;
      const driver = await create(f.admin, '/api/drivers', {
        name: `Driver ${seq}`,
        uniqueId: `drv-${protocol.name}-${seq}`,
        attributes: {
          'tarkan.enableQrCode': true,
          'tarkan.driverUsername': username,
          'tarkan.driverPassword': 'driver-pass',
          'tarkan.driverUnlockDevice': true,
        },
      });
      await link(f.admin, { deviceId: device.id, driverId: driver.id });
      const client = new Client(f.server.url);
      await client.login(`qrcode-${username}`, 'driver-pass');
      expect((await client.json('/tarkan/qr-driver', { id: device.id })).status).toBe(200);
      expect((await client.json('/tarkan/qr-driver', { id: 0 })).status).toBe(200);
      // The rules run due timers every 15 s; the lock is due at once.
      const lock = await connected.nextCommand(25_000);
      expect(lock.type).toBe('engineStop');
      await expect
        .poll(async () => (await deviceAttributes(device.id)).isQrLocked, { timeout: 5_000 })
        .toBe(true);
      expect((await client.json('/tarkan/qr-driver', { id: device.id })).status).toBe(200);
      const unlock = await connected.nextCommand(10_000);
      expect(unlock.type).toBe('engineResume');
    } finally {
      await connected.close();
    }
  }, 60_000);
});

describe('buffered uploads', () => {
  it('records an old alarm a tracker uploads late without notifying, and notifies a live one', async () => {
    const notification = await create(f.admin, '/api/notifications', {
      type: 'alarm',
      always: true,
      notificators: 'web',
      attributes: { alarms: 'sos,powerCut' },
    });
    const socket = new WebSocket(`${f.server.wsUrl}/api/socket`, {
      headers: { cookie: f.admin.cookieHeader() },
    });
    const alarms: string[] = [];
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as {
        events?: { type: string; attributes: { alarm?: string } }[];
      };
      for (const event of message.events ?? []) {
        if (event.type === 'alarm') alarms.push(String(event.attributes.alarm));
      }
    });
    await new Promise((resolve) => socket.once('open', resolve));
    const { device, connected } = await tracker(gt06);
    try {
      // Two hours old, uploaded after a coverage gap.
      connected.sendPosition(fixAt(2 * 3600, DEPOT, { alarm: 'powerCut' }));
      await expect
        .poll(
          async () => {
            const from = new Date(Date.now() - 4 * 3_600_000).toISOString();
            const to = new Date(Date.now() + 60_000).toISOString();
            const res = await f.admin.request(
              `/api/reports/events?deviceId=${device.id}&type=alarm&from=${from}&to=${to}`,
              { headers: { accept: 'application/json' } },
            );
            return ((await res.json()) as unknown[]).length;
          },
          { timeout: 10_000 },
        )
        .toBe(1);
      await sleep(500);
      expect(alarms).toEqual([]);
      connected.sendPosition(fixAt(1, DEPOT, { alarm: 'sos' }));
      await expect.poll(() => alarms, { timeout: 10_000 }).toEqual(['sos']);
    } finally {
      socket.close();
      await connected.close();
      await f.admin.delete(`/api/notifications/${notification.id}`);
    }
  });
});

describe('unknown trackers and command details', () => {
  it('registers an unknown tracker at once when the server is set to', async () => {
    const server = (await (await f.admin.get('/api/server')).json()) as {
      attributes: Record<string, unknown>;
    };
    const on = {
      ...server,
      attributes: { ...server.attributes, 'database.registerUnknown': true },
    };
    expect((await f.admin.json('/api/server', on, 'PUT')).status).toBe(200);
    try {
      await sleep(300);
      const uniqueId = gt06.device.uniqueId(77_777);
      const connected = await FakeTracker.connect(gt06, f.server.devicePort('gt06'), uniqueId);
      try {
        connected.sendHello();
        expect((await connected.next()).read.kind).toBe('ack');
        const fix = fixAt(5);
        connected.sendPosition(fix);
        const device = await until(async () => {
          const res = await f.admin.get('/api/devices');
          const all = (await res.json()) as { id: number; uniqueId: string; name: string }[];
          return all.find((d) => d.uniqueId === uniqueId);
        });
        expect(device.name).toBe(uniqueId);
        await expect.poll(() => positionAt(device.id, fix.time), { timeout: 10_000 }).toBeTruthy();
      } finally {
        await connected.close();
      }
    } finally {
      await f.admin.json('/api/server', server, 'PUT');
    }
  });

  it("writes the device's identifier and password into the command it is sent", async () => {
    const { device, connected } = await tracker(gt06);
    try {
      const res = await f.admin.json('/api/commands/send', {
        deviceId: device.id,
        type: 'custom',
        attributes: { data: 'IMEI,{uniqueId}#' },
      });
      expect(res.status).toBe(200);
      const command = await connected.nextCommand();
      expect(command.text).toBe(`IMEI,${connected.uniqueId}#`);
    } finally {
      await connected.close();
    }
    const queclink = await tracker(gl200, { devicePassword: 'frota42' });
    try {
      const res = await f.admin.json('/api/commands/send', {
        deviceId: queclink.device.id,
        type: 'engineStop',
      });
      expect(res.status).toBe(200);
      const command = await queclink.connected.nextCommand();
      expect(command.type).toBe('engineStop');
      expect(command.text).toMatch(/^AT\+GTOUT=frota42,1,/);
    } finally {
      await queclink.connected.close();
    }
  });

  it("sends a command by SMS as the device's protocol takes it, through the SMS gateway", async () => {
    const gateway = await startHttpDouble();
    gateway.on('/sms', () => ({ status: 200, text: 'queued' }));
    const server = (await (await f.admin.get('/api/server')).json()) as {
      attributes: Record<string, unknown>;
    };
    const withSms = {
      ...server,
      attributes: {
        ...server.attributes,
        'notificator.sms.http.url': `${gateway.url}/sms/send`,
        'notificator.sms.http.template': '{"to":"{phone}","text":"{message}"}',
      },
    };
    expect((await f.admin.json('/api/server', withSms, 'PUT')).status).toBe(200);
    try {
      const { device, connected } = await tracker(gt06);
      await connected.close();
      const noPhone = await f.admin.json('/api/commands/send', {
        deviceId: device.id,
        type: 'engineStop',
        textChannel: true,
      });
      expect(noPhone.status).toBe(400);
      expect(await noPhone.text()).toBe(
        'The device has no phone number - IllegalArgumentException',
      );
      const put = await f.admin.json(
        `/api/devices/${device.id}`,
        { ...device, phone: '+5511999990000' },
        'PUT',
      );
      expect(put.status).toBe(200);
      const sent = await f.admin.json('/api/commands/send', {
        deviceId: device.id,
        type: 'engineStop',
        textChannel: true,
      });
      expect(sent.status).toBe(200);
      const [request] = gateway.requests.filter((r) => r.path === '/sms/send');
      expect(JSON.parse(request.body)).toEqual({ to: '+5511999990000', text: 'RELAY,1#' });
      // Nothing was queued for the data channel.
      const queued = await f.db.kysely
        .selectFrom('queuedCommands')
        .select('id')
        .where('deviceId', '=', device.id)
        .execute();
      expect(queued).toEqual([]);
    } finally {
      await f.admin.json('/api/server', server, 'PUT');
      await gateway.close();
    }
  });

  it('refuses a command type the connected protocol cannot carry', async () => {
    const { device, connected } = await tracker(gt06);
    try {
      const res = await f.admin.json('/api/commands/send', {
        deviceId: device.id,
        type: 'alarmVibration',
      });
      expect(res.status).toBe(400);
      expect(await res.text()).toBe(
        'Command is not supported by the device protocol - IllegalArgumentException',
      );
    } finally {
      await connected.close();
    }
  });
});
