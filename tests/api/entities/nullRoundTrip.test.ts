import { describe, expect, it } from 'vitest';
import { makeUser, apiFixtureForFile } from '../../support/entityApi';

const f = apiFixtureForFile();

type Json = Record<string, unknown>;

/** Traccar clients save a record exactly as they read it: null in is null stored and null out. */
describe('records saved as read back keep their nulls', () => {
  it('PUT /api/users/{id}: the admin, their own account and another user', async () => {
    const { id } = await makeUser(f);
    const self = (await (await f.admin.get('/api/session')).json()) as Json;
    for (const userId of [self.id as number, id]) {
      const read = (await (await f.admin.get(`/api/users/${userId}`)).json()) as Json;
      expect(read.expirationTime).toBeNull();
      expect(read.phone).toBeNull();
      const saved = await f.admin.json(`/api/users/${userId}`, read, 'PUT');
      expect(saved.status).toBe(200);
      const after = (await (await f.admin.get(`/api/users/${userId}`)).json()) as Json;
      for (const key of [
        'expirationTime',
        'phone',
        'login',
        'map',
        'coordinateFormat',
        'poiLayer',
      ]) {
        expect([key, after[key]]).toEqual([key, null]);
      }
    }
  });

  it('PUT /api/server', async () => {
    const read = (await (await f.admin.get('/api/server')).json()) as Json;
    const saved = await f.admin.json('/api/server', read, 'PUT');
    expect(saved.status).toBe(200);
    const after = (await (await f.admin.get('/api/server')).json()) as Json;
    for (const key of ['map', 'bingKey', 'mapUrl', 'overlayUrl', 'coordinateFormat', 'poiLayer']) {
      expect([key, after[key]]).toEqual([key, null]);
    }
    expect(after.announcement ?? null).toBeNull();
  });
});
