/**
 * Ids and other whole numbers beyond what a JavaScript number holds exactly, or infinite, from
 * outside: refused with Traccar's 400 on every database (PostgreSQL answered 500 past its
 * `bigint`), storing nothing; the largest safe id is still an id.
 */
import { describe, expect, it } from 'vitest';
import { countRows, apiFixtureForFile } from '../../support/entityApi';

const f = apiFixtureForFile({ OSMAND_PORT: '0' });

const HUGE = '99999999999999999999';

describe('an integer too large to be an id', () => {
  it('is refused in a path, a query and a body, and nothing is stored', async () => {
    const device = (await (
      await f.admin.json('/api/devices', { name: 'Van', uniqueId: 'safe-int-1' })
    ).json()) as { id: number };
    const devices = await countRows(f.db, 'devices');
    const groups = await countRows(f.db, 'groups');
    const answers = [
      await f.admin.get(`/api/devices/${HUGE}`),
      await f.admin.get(`/api/devices?id=${HUGE}`),
      await f.admin.get('/api/positions?id=1e309'),
      await f.admin.get('/api/devices?id=1&id=1e309'),
      await f.admin.delete(`/api/groups/${HUGE}`),
      await f.admin.json(`/api/devices/${HUGE}`, { id: 1, name: 'x', uniqueId: 'x' }, 'PUT'),
      await f.admin.json('/api/groups', { name: 'Group', groupId: 1e20 }),
      await f.admin.json('/api/commands/send', { deviceId: 1e20, type: 'engineStop' }),
      await f.admin.request('/api/devices', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name":"Car","uniqueId":"safe-int-2","groupId":1e309}',
      }),
      await f.admin.json(
        `/api/devices/${device.id}`,
        { id: device.id, name: 'Van', uniqueId: 'safe-int-1', calendarId: 2 ** 63 },
        'PUT',
      ),
    ];
    const texts = await Promise.all(answers.map((r) => r.text()));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 400));
    for (const text of texts) expect(text).toMatch(/ - IllegalArgumentException$/);
    expect(texts[0]).toBe('params/id must be <= 9007199254740991 - IllegalArgumentException');
    expect(texts[2]).toBe('Number is not finite - IllegalArgumentException');
    expect(await countRows(f.db, 'devices')).toBe(devices);
    expect(await countRows(f.db, 'groups')).toBe(groups);
    const kept = (await (await f.admin.get(`/api/devices/${device.id}`)).json()) as {
      calendarId: number;
    };
    expect(kept.calendarId).toBe(0);
  });

  it('stays an id up to the largest safe integer: absent, not malformed', async () => {
    const answer = await f.admin.get(`/api/devices/${Number.MAX_SAFE_INTEGER}`);
    expect(answer.status).toBe(404);
  });
});
