/**
 * The demo fleet of a new installation mixes a phone and hardware trackers: with the GT06 and
 * Teltonika ports open, DEMO_DEVICES=3 drives one vehicle of each, the trackers over their own
 * TCP connections, and a tracker obeys engine stop sent from the API at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../support/http';
import { signInAdmin } from '../../support/entityApi';
import { startServer, type TestServer } from '../../support/server';

let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startServer({
    env: { DEMO_DEVICES: '3', GT06_PORT: '0', TELTONIKA_PORT: '0' },
  });
  admin = await signInAdmin(server);
}, 60_000);
afterAll(() => server?.stop());

interface Device {
  id: number;
  uniqueId: string;
  attributes: Record<string, unknown>;
}
interface Position {
  id: number;
  deviceId: number;
  protocol: string;
  attributes: Record<string, unknown>;
}

const latest = async () => (await (await admin.get('/api/positions')).json()) as Position[];

describe('demo fleet with tracker ports open', () => {
  it('drives a phone, a GT06 and a Teltonika tracker, each over its own protocol', async () => {
    await server.waitForLine(/demo fleet: 3 simulated devices .* and the gt06, teltonika ports/);
    const devices = ((await (await admin.get('/api/devices')).json()) as Device[]).filter(
      (d) => d.attributes['frota.demo'] === true,
    );
    expect(devices.map((d) => d.attributes['frota.demoProtocol'] ?? 'osmand').sort()).toEqual([
      'gt06',
      'osmand',
      'teltonika',
    ]);
    await expect
      .poll(async () => new Set((await latest()).map((p) => p.protocol)), { timeout: 20_000 })
      .toEqual(new Set(['osmand', 'gt06', 'teltonika']));
  });

  it('stops a demo tracker at once when engineStop is sent', async () => {
    const devices = (await (await admin.get('/api/devices')).json()) as Device[];
    const truck = devices.find((d) => d.attributes['frota.demoProtocol'] === 'gt06')!;
    const res = await admin.json('/api/commands/send', { deviceId: truck.id, type: 'engineStop' });
    // Connected: sent live, not queued.
    expect(res.status).toBe(200);
    await expect
      .poll(async () => (await latest()).find((p) => p.deviceId === truck.id)?.attributes.blocked, {
        timeout: 20_000,
      })
      .toBe(true);
    await server.waitForLine(new RegExp(`demo device ${truck.uniqueId}: engineStop`));
  });
});
