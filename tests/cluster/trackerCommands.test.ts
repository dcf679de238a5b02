import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gt06 } from '../../server/protocol/gt06';
import type { SimulatedFix } from '../../server/protocol/shared/definition';
import { startCluster, waitFor, type TestCluster } from '../support/cluster';
import { FakeTracker } from '../support/fakeTracker';
import type { Client } from '../support/http';
import type { TestServer } from '../support/server';

/**
 * A command for a hardware tracker sent through an instance it is not connected to
 * (docs/protocols.md, "Commands"): queued, announced as `commandQueued` on the shared change feed,
 * and handed over at once by the instance holding the tracker's connection.
 */

let cluster: TestCluster;
let a: TestServer;
let b: TestServer;
let adminA: Client;
beforeAll(async () => {
  cluster = await startCluster({ instances: 2, env: { GT06_PORT: '0' } });
  [a, b] = cluster.instances;
  adminA = await cluster.admin(a);
}, 120_000);
afterAll(() => cluster?.stop());

const fix = (): SimulatedFix => ({
  time: Math.floor(Date.now() / 1000 - 10) * 1000,
  valid: true,
  latitude: -23.55,
  longitude: -46.63,
  speed: 0,
  course: 0,
  satellites: 8,
  ignition: true,
});

async function events(deviceId: number, type: string) {
  const rows = await cluster.query<{ type: string; attributes: string }>(
    'select type, attributes from events where device_id = $1 and type = $2',
    [deviceId, type],
  );
  return rows.map((row) => ({ type: row.type, attributes: JSON.parse(row.attributes) }));
}

describe('a command for a tracker connected to another instance', () => {
  it('is queued by A and handed over by B at once; the answer is recorded', async () => {
    const uniqueId = gt06.device.uniqueId(801);
    const res = await adminA.json('/api/devices', { name: 'GT06 on B', uniqueId });
    expect(res.status).toBe(200);
    const deviceId = ((await res.json()) as { id: number }).id;

    expect(a.devicePort('gt06')).not.toBe(b.devicePort('gt06'));
    const tracker = await FakeTracker.connect(gt06, b.devicePort('gt06'), uniqueId);
    try {
      tracker.sendHello();
      expect((await tracker.next()).read.kind).toBe('ack');
      tracker.sendPosition(fix());
      expect((await tracker.next()).read.kind).toBe('ack');

      const sent = await adminA.json('/api/commands/send', { deviceId, type: 'engineStop' });
      expect(sent.status).toBe(202);
      expect(await sent.json()).toMatchObject({ deviceId, type: 'engineStop' });

      const command = await tracker.nextCommand(5_000);
      expect(command).toMatchObject({ type: 'engineStop', text: 'Relay,1#' });
      expect(
        await cluster.query('select id from queued_commands where device_id = $1', [deviceId]),
      ).toEqual([]);
      const handed = await waitFor(async () => {
        const found = await events(deviceId, 'queuedCommandSent');
        return found.length > 0 ? found : undefined;
      });
      expect(handed).toHaveLength(1);
      expect(handed[0].attributes).toMatchObject({ type: 'engineStop' });

      tracker.answer(command, 'Relay 1 Success!');
      const results = await waitFor(async () => {
        const found = await events(deviceId, 'commandResult');
        return found.length > 0 ? found : undefined;
      });
      expect(results[0].attributes.result).toBe('Relay 1 Success!');
    } finally {
      await tracker.close();
    }
  });
});
