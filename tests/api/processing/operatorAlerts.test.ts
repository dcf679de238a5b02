/**
 * What a new operator relies on from the tracking server without configuring anything: device
 * status changes become events (and so can be notified), and a QR check-in names the driver on the
 * vehicle's positions. Real server, OsmAnd port; SQLite, or PostgreSQL when DATABASE_URL is set.
 */
import { describe, expect, it } from 'vitest';
import { Client } from '../../support/http';
import { create, apiFixtureForFile } from '../../support/entityApi';
import { poller } from '../../support/waitFor';

const f = apiFixtureForFile();

interface Position {
  id: number;
  attributes: Record<string, unknown>;
}
interface Event {
  type: string;
  deviceId: number;
  eventTime: string;
  attributes: Record<string, unknown>;
}

let seq = 0;
const newDevice = () => {
  seq += 1;
  return create<{ uniqueId: string }>(f.admin, '/api/devices', {
    name: `Op${seq}`,
    uniqueId: `op-${seq}-${Date.now()}`,
  });
};

const seconds = () => Math.floor(Date.now() / 1000);
let fixSeconds = seconds() - 120;
/** One OsmAnd report, each with a later fix time than the one before. */
async function report(uniqueId: string, extra = ''): Promise<void> {
  fixSeconds += 1;
  const res = await fetch(
    `http://127.0.0.1:${f.server.osmandPort}/?id=${uniqueId}&lat=-23.55&lon=-46.63&timestamp=${fixSeconds}${extra}`,
  );
  expect(res.status).toBe(200);
}

async function latestPosition(deviceId: number): Promise<Position> {
  const res = await f.admin.get(`/api/positions?deviceId=${deviceId}`);
  const [position] = (await res.json()) as Position[];
  return position;
}

const waitFor = poller(6000);

async function statusEvents(deviceId: number): Promise<string[]> {
  const from = new Date(Date.now() - 3_600_000).toISOString();
  const to = new Date(Date.now() + 60_000).toISOString();
  const res = await f.admin.get(
    `/api/reports/events?deviceId=${deviceId}&from=${from}&to=${to}` +
      '&type=deviceOnline&type=deviceOffline&type=deviceUnknown',
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as Event[]).map((e) => e.type);
}

describe('QR check-in names the driver on positions', () => {
  it('writes driverUniqueId onto the vehicle positions while the driver is checked in', async () => {
    const vehicle = await newDevice();
    const driver = await create<{ uniqueId: string }>(f.admin, '/api/drivers', {
      name: 'Motorista Ana',
      uniqueId: `qr-ana-${Date.now()}`,
      attributes: {
        'tarkan.enableQrCode': true,
        'tarkan.driverUsername': 'ana-op',
        'tarkan.driverPassword': 'driver-pass',
      },
    });
    const account = new Client(f.server.url);
    await account.login('qrcode-ana-op', 'driver-pass');

    await report(vehicle.uniqueId);
    expect((await latestPosition(vehicle.id)).attributes.driverUniqueId).toBeUndefined();

    expect((await account.json('/tarkan/qr-driver', { id: vehicle.id })).status).toBe(200);
    const driven = await waitFor(async () => {
      await report(vehicle.uniqueId);
      const position = await latestPosition(vehicle.id);
      return position.attributes.driverUniqueId ? position : undefined;
    });
    expect(driven.attributes.driverUniqueId).toBe(driver.uniqueId);

    // The driver on the positions is what Traccar's driverChanged event follows.
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const events = (await (
      await f.admin.get(
        `/api/reports/events?deviceId=${vehicle.id}&from=${from}&to=${to}&type=driverChanged`,
      )
    ).json()) as Event[];
    expect(events.map((e) => e.attributes.driverUniqueId)).toEqual([driver.uniqueId]);

    // A driver the tracker identifies itself is first-hand and wins over the check-in.
    await report(vehicle.uniqueId, '&driverUniqueId=rfid-77');
    expect((await latestPosition(vehicle.id)).attributes.driverUniqueId).toBe('rfid-77');

    // After check-out the vehicle's positions name no driver again.
    expect((await account.json('/tarkan/qr-driver', { id: 0 })).status).toBe(200);
    await waitFor(async () => {
      await report(vehicle.uniqueId);
      const position = await latestPosition(vehicle.id);
      return position.attributes.driverUniqueId === undefined ? position : undefined;
    });
  });
});

// Last: it shortens status.timeout for the whole server.
describe('device status events', () => {
  it('records deviceOnline when a device reports and deviceUnknown when it falls silent', async () => {
    const device = await newDevice();
    expect(await statusEvents(device.id)).toEqual([]);

    await report(device.uniqueId);
    await waitFor(async () => ((await statusEvents(device.id)).length > 0 ? true : undefined));
    expect(await statusEvents(device.id)).toEqual(['deviceOnline']);

    // Another report while online changes nothing.
    await report(device.uniqueId);
    expect(await statusEvents(device.id)).toEqual(['deviceOnline']);

    // OsmAnd has no connection to close, so silence past status.timeout makes it unknown.
    const server = (await (await f.admin.get('/api/server')).json()) as {
      attributes: Record<string, unknown>;
    };
    const put = await f.admin.json(
      '/api/server',
      { ...server, attributes: { ...server.attributes, 'status.timeout': 1 } },
      'PUT',
    );
    expect(put.status).toBe(200);
    await waitFor(async () => ((await statusEvents(device.id)).length > 1 ? true : undefined));
    expect(await statusEvents(device.id)).toEqual(['deviceOnline', 'deviceUnknown']);

    await report(device.uniqueId);
    await waitFor(async () => ((await statusEvents(device.id)).length > 2 ? true : undefined));
    expect((await statusEvents(device.id)).slice(0, 3)).toEqual([
      'deviceOnline',
      'deviceUnknown',
      'deviceOnline',
    ]);
  });
});
