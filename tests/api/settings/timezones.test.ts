import { describe, expect, it } from 'vitest';
import { Client } from '../../support/http';
import { makeUser, apiFixtureForFile } from '../../support/entityApi';

const f = apiFixtureForFile();

describe('GET /api/server/timezones', () => {
  it('lists IANA zone ids for any signed-in user, sorted and unique', async () => {
    const { client } = await makeUser(f);
    for (const who of [f.admin, client]) {
      const res = await who.get('/api/server/timezones');
      expect(res.status).toBe(200);
      const zones = (await res.json()) as string[];
      expect(zones).toEqual(expect.arrayContaining(['America/Sao_Paulo', 'Europe/Lisbon', 'UTC']));
      expect(zones.every((zone) => typeof zone === 'string')).toBe(true);
      expect([...zones].sort()).toEqual(zones);
      expect(new Set(zones).size).toBe(zones.length);
    }
  });

  it('answers 401 without credentials', async () => {
    const res = await new Client(f.server.url).get('/api/server/timezones');
    expect(res.status).toBe(401);
  });
});
