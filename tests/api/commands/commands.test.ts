import { describe, expect, it } from 'vitest';
import { COMMAND_TYPES, encodePerms } from '../../../model';
import {
  addPosition,
  countRows,
  create,
  link,
  makeUser,
  apiFixtureForFile,
} from '../../support/entityApi';

// The advanced-permission bits exercised here apply only with the plus licence.
const f = apiFixtureForFile({ LICENSE_MODE: 'plus' });

const OSMAND = [
  'custom',
  'engineStop',
  'engineResume',
  'positionSingle',
  'positionPeriodic',
  'alarmArm',
  'alarmDisarm',
  'rebootDevice',
];

async function queued(deviceId: number) {
  return f.db.kysely
    .selectFrom('queuedCommands')
    .select(['deviceId', 'type', 'attributes'])
    .where('deviceId', '=', deviceId)
    .orderBy('id')
    .execute();
}

describe('commands', () => {
  it('saves commands and lists them with deviceId 0', async () => {
    const saved = await create(f.admin, '/api/commands', {
      description: 'Block',
      type: 'engineStop',
      attributes: { 'tarkan.changeNative': 'engineStop' },
    });
    expect(saved).toEqual({
      id: saved.id,
      deviceId: 0,
      description: 'Block',
      type: 'engineStop',
      textChannel: false,
      attributes: { 'tarkan.changeNative': 'engineStop' },
    });
    expect((await f.admin.json('/api/commands', { description: 'No type' })).status).toBe(400);
  });

  it('lists types: all without a device, the OsmAnd set for one', async () => {
    const device = await create(f.admin, '/api/devices', { name: 'Types', uniqueId: 'types-1' });
    const all = (await (await f.admin.get('/api/commands/types')).json()) as { type: string }[];
    expect(all.map((t) => t.type)).toEqual([...COMMAND_TYPES]);
    const get = async (query: string) =>
      (
        (await (await f.admin.get(`/api/commands/types?${query}`)).json()) as { type: string }[]
      ).map((t) => t.type);
    expect(await get(`deviceId=${device.id}`)).toEqual(OSMAND);
    await addPosition(f.db, device.id, Date.now());
    expect(await get(`deviceId=${device.id}`)).toEqual(OSMAND);
    expect(await get(`deviceId=${device.id}&textChannel=true`)).toEqual(['custom']);
    expect((await f.admin.get('/api/commands/types?deviceId=424242')).status).toBe(404);
    const stranger = await makeUser(f);
    expect(
      await (await stranger.client.get(`/api/commands/types?deviceId=${device.id}`)).text(),
    ).toBe('Device access denied - SecurityException');
  });

  it('queues sent commands (202) for the OsmAnd listener', async () => {
    const user = await makeUser(f);
    const device = await create(user.client, '/api/devices', { name: 'Send', uniqueId: 'send-1' });
    const res = await user.client.json('/api/commands/send', {
      deviceId: device.id,
      type: 'custom',
      attributes: { data: 'reboot now' },
    });
    expect(res.status).toBe(202);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({
      id: expect.any(Number),
      deviceId: device.id,
      type: 'custom',
      textChannel: false,
      attributes: { data: 'reboot now' },
    });

    const saved = await create(user.client, '/api/commands', {
      description: 'Stop',
      type: 'engineStop',
      attributes: {},
    });
    const bySaved = await user.client.json('/api/commands/send', {
      id: saved.id,
      deviceId: device.id,
    });
    expect(bySaved.status).toBe(202);
    expect(await bySaved.json()).toMatchObject({ type: 'engineStop', deviceId: device.id });
    expect((await queued(device.id)).map((q) => q.type)).toEqual(['custom', 'engineStop']);

    const count = await countRows(f.db, 'queued_commands');
    const refused: [Record<string, unknown>, string][] = [
      [
        { deviceId: device.id, type: 'custom', attributes: { data: 'x', noQueue: true } },
        'Failed to send command - IllegalArgumentException',
      ],
      [
        { deviceId: device.id, type: 'teleport' },
        'Unknown command type - IllegalArgumentException',
      ],
      [
        { deviceId: device.id, type: 'custom', textChannel: true },
        'SMS is not configured - IllegalArgumentException',
      ],
      [{ type: 'custom' }, 'deviceId is required - IllegalArgumentException'],
    ];
    for (const [body, text] of refused) {
      const r = await user.client.json('/api/commands/send', body);
      expect(r.status).toBe(400);
      expect(await r.text()).toBe(text);
    }
    const other = await create(f.admin, '/api/devices', { name: 'Not mine', uniqueId: 'send-2' });
    const denied = await user.client.json('/api/commands/send', {
      deviceId: other.id,
      type: 'custom',
    });
    expect(await denied.text()).toBe('Device access denied - SecurityException');
    const adminSaved = await create(f.admin, '/api/commands', {
      description: 'Admin',
      type: 'custom',
    });
    const notTheirs = await user.client.json('/api/commands/send', {
      id: adminSaved.id,
      deviceId: device.id,
    });
    expect(await notTheirs.text()).toBe('Command access denied - SecurityException');
    expect(await countRows(f.db, 'queued_commands')).toBe(count);
  });

  it('sends to a group as an array of queued commands', async () => {
    const group = await create(f.admin, '/api/groups', { name: 'Send group' });
    const sub = await create(f.admin, '/api/groups', { name: 'Send sub', groupId: group.id });
    const a = await create(f.admin, '/api/devices', {
      name: 'GA',
      uniqueId: 'g-a',
      groupId: group.id,
    });
    const b = await create(f.admin, '/api/devices', {
      name: 'GB',
      uniqueId: 'g-b',
      groupId: sub.id,
    });
    const res = await f.admin.json(`/api/commands/send?groupId=${group.id}`, {
      type: 'positionSingle',
    });
    expect(res.status).toBe(202);
    const list = (await res.json()) as { deviceId: number }[];
    expect(list.map((q) => q.deviceId)).toEqual([a.id, b.id]);
  });

  it('lists saved commands usable on a device, by link and protocol', async () => {
    const device = await create(f.admin, '/api/devices', { name: 'Usable', uniqueId: 'use-1' });
    const group = await create(f.admin, '/api/groups', { name: 'Use group' });
    await f.admin.json(`/api/devices/${device.id}`, { groupId: group.id }, 'PUT');
    const direct = await create(f.admin, '/api/commands', {
      description: 'A direct',
      type: 'engineStop',
    });
    const viaGroup = await create(f.admin, '/api/commands', {
      description: 'B group',
      type: 'custom',
    });
    const unsupported = await create(f.admin, '/api/commands', {
      description: 'C photo',
      type: 'requestPhoto',
    });
    await create(f.admin, '/api/commands', { description: 'D unlinked', type: 'custom' });
    await link(f.admin, { deviceId: device.id, commandId: direct.id });
    await link(f.admin, { deviceId: device.id, commandId: unsupported.id });
    await link(f.admin, { groupId: group.id, commandId: viaGroup.id });
    const list = (await (await f.admin.get(`/api/commands/send?deviceId=${device.id}`)).json()) as {
      description: string;
    }[];
    expect(list.map((c) => c.description)).toEqual(['A direct', 'B group']);
  });

  it('limitCommands blocks saved-command CRUD and unsaved sends, not saved sends', async () => {
    const user = await makeUser(f, { limitCommands: true });
    const device = await create(f.admin, '/api/devices', { name: 'Limited', uniqueId: 'lim-c' });
    const saved = await create(f.admin, '/api/commands', {
      description: 'Allowed',
      type: 'engineResume',
    });
    await link(f.admin, { userId: user.id, deviceId: device.id });
    await link(f.admin, { userId: user.id, commandId: saved.id });
    const count = await countRows(f.db, 'commands');
    const denied = [
      await user.client.json('/api/commands', { description: 'x', type: 'custom' }),
      await user.client.json(`/api/commands/${saved.id}`, { description: 'y' }, 'PUT'),
      await user.client.delete(`/api/commands/${saved.id}`),
      await user.client.json('/api/commands/send', { deviceId: device.id, type: 'custom' }),
    ];
    for (const res of denied) {
      expect(res.status).toBe(400);
      expect(await res.text()).toBe('Write access denied - SecurityException');
    }
    expect(await countRows(f.db, 'commands')).toBe(count);
    expect((await user.client.get('/api/commands')).status).toBe(200);
    const ok = await user.client.json('/api/commands/send', { id: saved.id, deviceId: device.id });
    expect(ok.status).toBe(202);
  });

  it('advanced permissions gate sending, with lock/unlock bits for engine commands', async () => {
    const user = await makeUser(f, {
      attributes: { 'tarkan.advancedPerms': encodePerms(['devices', 'deviceLock']) },
    });
    const device = await create(user.client, '/api/devices', { name: 'Adv', uniqueId: 'adv-c' });
    const server = (await (await f.admin.get('/api/server')).json()) as Record<string, unknown>;
    await f.admin.json(
      '/api/server',
      { ...server, attributes: { 'tarkan.enableAdvancedPerms': true } },
      'PUT',
    );
    const stop = await user.client.json('/api/commands/send', {
      deviceId: device.id,
      type: 'engineStop',
    });
    expect(stop.status).toBe(202);
    const resume = await user.client.json('/api/commands/send', {
      deviceId: device.id,
      type: 'engineResume',
    });
    expect(await resume.text()).toBe('Write access denied - SecurityException');
    const custom = await user.client.json('/api/commands/send', {
      deviceId: device.id,
      type: 'custom',
    });
    expect(custom.status).toBe(400);
    await f.admin.json('/api/server', { ...server, attributes: {} }, 'PUT');
    expect((await queued(device.id)).map((q) => q.type)).toEqual(['engineStop']);
  });
});
