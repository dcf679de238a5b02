/**
 * Text holding a NUL character, from outside: refused with Traccar's 400 at the boundary on every
 * database (PostgreSQL can neither store nor compare it, and answered 500), storing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, startApiFixture, type ApiFixture } from '../support/entityApi';

let f: ApiFixture;
beforeAll(async () => {
  f = await startApiFixture({ OSMAND_PORT: '0' });
}, 120_000);
afterAll(() => f?.stop());

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
