/**
 * A geofence for "all my devices" is a rule the server evaluates, not a snapshot of links: a
 * device its owner adds (or is given) after the geofence was saved is covered, and raises its
 * enter event; another user's devices are not.
 */
import { describe, expect, it } from 'vitest';
import type { GeofenceCoverage } from '../../../model';
import type { Client } from '../../support/http';
import { create, link, makeUser, apiFixtureForFile } from '../../support/entityApi';
import { poller } from '../../support/waitFor';

const f = apiFixtureForFile();

const YARD = { lat: -23.55, lon: -46.63 };
const FAR = { lat: -23.6, lon: -46.7 };

const waitFor = poller(15_000);

async function coveredBy(client: Client, geofenceId: number): Promise<number[]> {
  const res = await client.get('/tarkan/geofences/coverage');
  expect(res.status).toBe(200);
  const rows = (await res.json()) as GeofenceCoverage[];
  return rows.find((row) => row.id === geofenceId)?.deviceIds ?? [];
}

let fixes = 0;
/** A fix over the OsmAnd port, as a phone with the Traccar Client app sends it. */
async function report(uniqueId: string, { lat, lon }: { lat: number; lon: number }) {
  fixes += 1;
  const time = Math.floor(Date.now() / 1000) - 60 + fixes;
  const url = `http://127.0.0.1:${f.server.osmandPort}/?id=${uniqueId}&lat=${lat}&lon=${lon}&timestamp=${time}`;
  const res = await fetch(url);
  expect(res.status, await res.text()).toBe(200);
}

async function geofenceEvents(deviceId: number, geofenceId: number) {
  const rows = await f.db.kysely
    .selectFrom('events')
    .select(['type', 'geofenceId'])
    .where('deviceId', '=', deviceId)
    .where('type', 'in', ['geofenceEnter', 'geofenceExit'])
    .orderBy('id')
    .execute();
  return rows.filter((row) => Number(row.geofenceId) === geofenceId).map((row) => row.type);
}

describe('a geofence for all my devices', () => {
  it('covers a device added after it was saved, which then raises its enter event', async () => {
    const owner = await makeUser(f);
    const other = await makeUser(f);
    const before = await create(owner.client, '/api/devices', {
      name: 'Before',
      uniqueId: `all-before-${Date.now()}`,
    });
    const yard = await create<{ attributes: Record<string, unknown> }>(
      owner.client,
      '/api/geofences',
      {
        name: 'Yard',
        area: `CIRCLE (${YARD.lat} ${YARD.lon}, 300)`,
        attributes: { allDevices: true },
      },
    );
    expect(yard.attributes.allDevices).toBe(true);
    expect(await coveredBy(owner.client, yard.id)).toEqual([before.id]);

    // Added afterwards: no link to the geofence is made, yet it is covered.
    const after = await create<{ uniqueId: string }>(owner.client, '/api/devices', {
      name: 'After',
      uniqueId: `all-after-${Date.now()}`,
    });
    await waitFor(async () =>
      (await coveredBy(owner.client, yard.id)).includes(after.id) ? true : undefined,
    );
    const linked = await owner.client.get(`/api/geofences?deviceId=${after.id}`);
    expect(((await linked.json()) as unknown[]).length).toBe(0);

    await report(after.uniqueId, FAR);
    await report(after.uniqueId, YARD);
    expect(
      await waitFor(async () => {
        const types = await geofenceEvents(after.id, yard.id);
        return types.length > 0 ? types : undefined;
      }),
    ).toEqual(['geofenceEnter']);

    // Another user's device is not the owner's: never covered, no event.
    const foreign = await create<{ uniqueId: string }>(other.client, '/api/devices', {
      name: 'Foreign',
      uniqueId: `all-foreign-${Date.now()}`,
    });
    await report(foreign.uniqueId, FAR);
    await report(foreign.uniqueId, YARD);
    expect(await coveredBy(f.admin, yard.id)).not.toContain(foreign.id);
    expect(await geofenceEvents(foreign.id, yard.id)).toEqual([]);

    // Given to the owner later (a link, not a new device), it is covered too.
    await link(f.admin, { userId: owner.id, deviceId: foreign.id });
    await waitFor(async () =>
      (await coveredBy(owner.client, yard.id)).includes(foreign.id) ? true : undefined,
    );
  });

  it('covers a device moved into a group its owner sees, and keeps it through other edits', async () => {
    const owner = await makeUser(f);
    const depot = await create(f.admin, '/api/groups', { name: `Depot ${Date.now()}` });
    await link(f.admin, { userId: owner.id, groupId: depot.id });
    const yard = await create(owner.client, '/api/geofences', {
      name: 'Group yard',
      area: `CIRCLE (${YARD.lat} ${YARD.lon}, 300)`,
      attributes: { allDevices: true },
    });
    // The administrator's device, in no group: the owner does not see it.
    const truck = await create<{ uniqueId: string; name: string }>(f.admin, '/api/devices', {
      name: 'Moved truck',
      uniqueId: `all-moved-${Date.now()}`,
    });
    await report(truck.uniqueId, FAR);
    await report(truck.uniqueId, YARD);
    await report(truck.uniqueId, FAR);
    expect(await geofenceEvents(truck.id, yard.id)).toEqual([]);

    const moved = await f.admin.json(
      `/api/devices/${truck.id}`,
      { ...truck, groupId: depot.id },
      'PUT',
    );
    expect(moved.status, await moved.text()).toBe(200);
    await waitFor(async () =>
      (await coveredBy(owner.client, yard.id)).includes(truck.id) ? true : undefined,
    );
    // An edit that keeps the group keeps the coverage.
    const renamed = await f.admin.json(
      `/api/devices/${truck.id}`,
      { ...truck, groupId: depot.id, name: 'Moved truck 2' },
      'PUT',
    );
    expect(renamed.status, await renamed.text()).toBe(200);
    await report(truck.uniqueId, YARD);
    expect(
      await waitFor(async () => {
        const types = await geofenceEvents(truck.id, yard.id);
        return types.length > 0 ? types : undefined;
      }),
    ).toEqual(['geofenceEnter']);
  });

  it('stops covering them when the geofence is narrowed to chosen devices', async () => {
    const owner = await makeUser(f);
    const device = await create(owner.client, '/api/devices', {
      name: 'Chosen later',
      uniqueId: `all-narrow-${Date.now()}`,
    });
    const zone = await create<Record<string, unknown>>(owner.client, '/api/geofences', {
      name: 'Zone',
      area: `CIRCLE (${YARD.lat} ${YARD.lon}, 300)`,
      attributes: { allDevices: true },
    });
    expect(await coveredBy(owner.client, zone.id)).toEqual([device.id]);
    const put = await owner.client.json(
      `/api/geofences/${zone.id}`,
      { ...zone, attributes: {} },
      'PUT',
    );
    expect(put.status).toBe(200);
    await waitFor(async () =>
      (await coveredBy(owner.client, zone.id)).length === 0 ? true : undefined,
    );
  });
});
