/**
 * Text holding a NUL character, from outside: refused with Traccar's 400 at the boundary on every
 * database (PostgreSQL can neither store nor compare it, and answered 500), storing nothing.
 */
import { describe, expect, it } from 'vitest';
import { countRows, apiFixtureForFile } from '../../support/entityApi';

const f = apiFixtureForFile({ OSMAND_PORT: '0' });

const REFUSED = 'Text holds a NUL character - IllegalArgumentException';

describe('a NUL character in a request', () => {
  it('is refused in a body, a key, a form, a query and a path, and nothing is stored', async () => {
    const devices = await countRows(f.db, 'devices');
    const groups = await countRows(f.db, 'groups');
    const answers = [
      await f.admin.json('/api/devices', { name: 'a\u0000b', uniqueId: 'nul-1' }),
      await f.admin.json('/api/devices', { name: 'Van', uniqueId: 'nul\u00002' }),
      await f.admin.json('/api/groups', { name: 'Group', attributes: { 'k\u0000': 'v' } }),
      await f.admin.json('/api/groups', {
        name: 'Group',
        attributes: { deep: [[{ v: '\u0000' }]] },
      }),
      await fetch(`${f.server.url}/api/session`, {
        method: 'POST',
        body: new URLSearchParams({ email: 'admin\u0000', password: 'x' }),
      }),
      await f.admin.get('/api/devices?uniqueId=a%00b'),
      await f.admin.get('/api/devices/1%00'),
    ];
    const texts = await Promise.all(answers.map((r) => r.text()));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 400));
    expect(texts).toEqual(answers.map(() => REFUSED));
    expect(await countRows(f.db, 'devices')).toBe(devices);
    expect(await countRows(f.db, 'groups')).toBe(groups);
    // Unharmed: the same text without the NUL is taken.
    expect((await f.admin.json('/api/devices', { name: 'ab', uniqueId: 'nul-ok' })).status).toBe(
      200,
    );
  });

  it("is refused in a device's id on the device port, which stays up", async () => {
    const osmand = (query: string) =>
      fetch(`http://127.0.0.1:${f.server.osmandPort}/?${query}&lat=-23.5&lon=-46.6`);
    const refused = await osmand('id=a%00b');
    expect([refused.status, await refused.text()]).toEqual([
      400,
      'Device id holds a NUL character',
    ]);
    expect((await osmand('id=nul-ok')).status).toBe(200);
  });

  it('refuses a body nested deeper than Traccar takes, with its 400, storing nothing', async () => {
    // Written out: the client's own JSON.stringify would overflow its stack on it.
    const deep = `${'['.repeat(5000)}1${']'.repeat(5000)}`;
    const devices = await countRows(f.db, 'devices');
    const refused = await f.admin.request('/api/devices', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"name":"Deep","uniqueId":"deep-1","attributes":{"x":${deep}}}`,
    });
    expect([refused.status, await refused.text()]).toEqual([
      400,
      'JSON nests deeper than 1000 levels - IllegalArgumentException',
    ]);
    expect(await countRows(f.db, 'devices')).toBe(devices);
    let shallow: unknown = 1;
    for (let i = 0; i < 100; i++) shallow = [shallow];
    const taken = await f.admin.json('/api/devices', {
      name: 'Nested',
      uniqueId: 'deep-2',
      attributes: { x: shallow },
    });
    expect(taken.status).toBe(200);
  });
});

describe('text longer than a field takes', () => {
  const huge = 'x'.repeat(100_000);
  const refusal = (field: string, max: number, json = false) =>
    `Invalid ${field}: longer than ${max} characters${json ? ' as JSON' : ''} - IllegalArgumentException`;

  it('is refused in every free text field with a 400 naming it, storing nothing', async () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      [
        '/api/notifications',
        { type: huge, notificators: 'web' },
        'notifications',
        refusal('type', 128),
      ],
      [
        '/api/notifications',
        { type: 'alarm', notificators: huge },
        'notifications',
        refusal('notificators', 128),
      ],
      [
        '/api/notifications',
        { type: 'alarm', description: huge },
        'notifications',
        refusal('description', 4000),
      ],
      [
        '/api/maintenance',
        { name: 'Oil', type: huge, start: 0, period: 1 },
        'maintenances',
        refusal('type', 128),
      ],
      ['/api/commands', { type: huge, description: 'Stop' }, 'commands', refusal('type', 128)],
      [
        '/api/commands',
        { type: 'custom', description: huge },
        'commands',
        refusal('description', 4000),
      ],
      [
        '/api/geofences',
        { name: 'Yard', area: 'CIRCLE (-23.55 -46.63, 100)', description: huge },
        'geofences',
        refusal('description', 128),
      ],
      [
        '/api/attributes/computed',
        { description: 'Big', attribute: 'x', type: 'string', expression: huge },
        'attributes',
        refusal('expression', 4000),
      ],
      [
        '/api/devices',
        { name: 'Van', uniqueId: 'long-attrs', attributes: { note: huge } },
        'devices',
        refusal('attributes', 65_536, true),
      ],
    ];
    for (const [path, body, table, text] of cases) {
      const before = await countRows(f.db, table);
      const res = await f.admin.json(path, body);
      expect([res.status, await res.text()], path).toEqual([400, text]);
      expect(await countRows(f.db, table), path).toBe(before);
    }
  });

  it('is refused on a user and on the server settings too', async () => {
    const user = await f.admin.json('/api/users', {
      name: 'Long phone',
      email: 'long-phone@x.test',
      password: 'long-phone-pass',
      phone: huge,
    });
    expect([user.status, await user.text()]).toEqual([400, refusal('phone', 128)]);
    const server = (await (await f.admin.get('/api/server')).json()) as Record<string, unknown>;
    const saved = await f.admin.json('/api/server', { ...server, announcement: huge }, 'PUT');
    expect([saved.status, await saved.text()]).toEqual([400, refusal('announcement', 4000)]);
    const after = (await (await f.admin.get('/api/server')).json()) as Record<string, unknown>;
    expect(after.announcement).toBe(server.announcement);
  });
});
