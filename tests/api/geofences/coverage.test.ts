import { describe, expect, it } from 'vitest';
import type { GeofenceCoverage } from '../../../model';
import type { Client } from '../../support/http';
import { create, makeUser, apiFixtureForFile } from '../../support/entityApi';

const f = apiFixtureForFile();

const link = async (client: Client, body: Record<string, number>) => {
  const res = await client.json('/api/permissions', body);
  expect(res.status, JSON.stringify(body)).toBe(204);
};

async function coverage(client: Client, query = ''): Promise<Map<number, GeofenceCoverage>> {
  const res = await client.get(`/tarkan/geofences/coverage${query}`);
  expect(res.status).toBe(200);
  const rows = (await res.json()) as GeofenceCoverage[];
  return new Map(rows.map((row) => [row.id, row]));
}

describe('GET /tarkan/geofences/coverage', () => {
  it('answers the devices each geofence applies to, directly and through nested groups', async () => {
    const user = await makeUser(f);
    const other = await makeUser(f);
    const u = user.client;
    const group = (name: string, groupId = 0) => create(u, '/api/groups', { name, groupId });
    const device = (name: string, groupId = 0) =>
      create(u, '/api/devices', { name, uniqueId: `cov-${name}-${Date.now()}`, groupId });
    const geofence = (client: Client, name: string) =>
      create(client, '/api/geofences', { name, area: 'CIRCLE (-23.5 -46.6, 200)' });

    // top ⊃ mid ⊃ leaf (the deepest nesting the server allows): a link on `top` reaches them all.
    const top = await group('Top');
    const mid = await group('Mid', top.id);
    const leaf = await group('Leaf', mid.id);
    const loose = await device('Loose');
    const inLeaf = await device('InLeaf', leaf.id);
    const inMid = await device('InMid', mid.id);
    const direct = await geofence(u, 'Direct');
    const byGroup = await geofence(u, 'ByGroup');
    const unlinked = await geofence(u, 'Unlinked');
    await link(u, { deviceId: loose.id, geofenceId: direct.id });
    await link(u, { groupId: top.id, geofenceId: byGroup.id });

    // Another user's device, linked by an administrator to this user's geofence, and their own
    // geofence: neither appears in this user's answer.
    const foreignDevice = await create(other.client, '/api/devices', {
      name: 'Foreign',
      uniqueId: `cov-foreign-${Date.now()}`,
    });
    const foreignGeofence = await geofence(other.client, 'Foreign');
    await link(f.admin, { deviceId: foreignDevice.id, geofenceId: byGroup.id });
    await link(other.client, { deviceId: foreignDevice.id, geofenceId: foreignGeofence.id });

    const mine = await coverage(u);
    expect([...mine.keys()].sort((a, b) => a - b)).toEqual([direct.id, byGroup.id, unlinked.id]);
    expect(mine.get(direct.id)).toEqual({
      id: direct.id,
      deviceIds: [loose.id],
      linkedDeviceIds: [loose.id],
      linkedGroupIds: [],
    });
    expect(mine.get(byGroup.id)).toEqual({
      id: byGroup.id,
      deviceIds: [inLeaf.id, inMid.id],
      linkedDeviceIds: [],
      linkedGroupIds: [top.id],
    });
    expect(mine.get(unlinked.id)?.deviceIds).toEqual([]);

    // The other user sees their own geofence, with only their device.
    const theirs = await coverage(other.client);
    expect([...theirs.keys()]).toEqual([foreignGeofence.id]);
    expect(theirs.get(foreignGeofence.id)?.deviceIds).toEqual([foreignDevice.id]);

    // An administrator sees every device the geofence applies to.
    const all = await coverage(f.admin);
    expect(all.get(byGroup.id)?.deviceIds).toEqual([inLeaf.id, inMid.id, foreignDevice.id]);
    expect(all.get(byGroup.id)?.linkedDeviceIds).toEqual([foreignDevice.id]);

    // An unlink shows at once.
    const res = await u.json(
      '/api/permissions',
      { groupId: top.id, geofenceId: byGroup.id },
      'DELETE',
    );
    expect(res.status).toBe(204);
    expect((await coverage(u)).get(byGroup.id)?.deviceIds).toEqual([]);
  });

  it('narrows to the devices a notification is linked to, which must be the caller’s', async () => {
    const user = await makeUser(f);
    const other = await makeUser(f);
    const u = user.client;
    const group = await create(u, '/api/groups', { name: 'Rule group' });
    const inGroup = await create(u, '/api/devices', {
      name: 'InGroup',
      uniqueId: `cov-n-a-${Date.now()}`,
      groupId: group.id,
    });
    const alone = await create(u, '/api/devices', {
      name: 'Alone',
      uniqueId: `cov-n-b-${Date.now()}`,
    });
    const geofence = await create(u, '/api/geofences', { name: 'G', area: 'CIRCLE (1 1, 50)' });
    await link(u, { deviceId: alone.id, geofenceId: geofence.id });
    const rule = await create(u, '/api/notifications', {
      type: 'geofenceEnter',
      notificators: 'web',
      always: false,
    });
    await link(u, { groupId: group.id, notificationId: rule.id });

    // The rule covers only the grouped device, which no geofence is linked to.
    expect((await coverage(u, `?notificationId=${rule.id}`)).get(geofence.id)?.deviceIds).toEqual(
      [],
    );
    await link(u, { deviceId: inGroup.id, geofenceId: geofence.id });
    expect((await coverage(u, `?notificationId=${rule.id}`)).get(geofence.id)?.deviceIds).toEqual([
      inGroup.id,
    ]);

    const refused = await other.client.get(`/tarkan/geofences/coverage?notificationId=${rule.id}`);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe('Access denied - SecurityException');
  });

  it('needs a session', async () => {
    const { Client } = await import('../../support/http');
    const res = await new Client(f.server.url).get('/tarkan/geofences/coverage');
    expect(res.status).toBe(401);
  });
});
