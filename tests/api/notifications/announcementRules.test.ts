/**
 * Who may send an announcement, and to whom: a manager with nobody to reach is told so instead of
 * "sent", and a restricted manager (read-only, or whose advanced permissions hide the users) is
 * refused, as the web app hides the screen from them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { encodePerms } from '../../../model/advancedPerms';
import type { Client } from '../../support/http';
import { link, makeUser, apiFixtureForFile } from '../../support/entityApi';

// The advanced-permission bits apply only with the plus licence.
const f = apiFixtureForFile({ LICENSE_MODE: 'plus' });
beforeAll(async () => {
  const server = (await (await f.admin.get('/api/server')).json()) as {
    attributes: Record<string, unknown>;
  };
  const saved = await f.admin.json(
    '/api/server',
    { ...server, attributes: { ...server.attributes, 'tarkan.enableAdvancedPerms': true } },
    'PUT',
  );
  expect(saved.status).toBe(200);
});

const MESSAGE = { subject: 'Aviso', body: 'Manutenção às 22h.' };

const send = async (client: Client, userIds: number[] = []) => {
  const query = userIds.map((id) => `userId=${id}`).join('&');
  const res = await client.json(`/api/notifications/send/web${query ? `?${query}` : ''}`, MESSAGE);
  return [res.status, await res.text()];
};

describe('announcement rules', () => {
  it('refuses, with the reason, an announcement that would reach nobody', async () => {
    const lonely = await makeUser(f, { userLimit: 5 });
    expect(await send(lonely.client)).toEqual([
      400,
      'Announcement has no recipients - IllegalArgumentException',
    ]);
    // With a managed user the same call goes out.
    const managed = await makeUser(f);
    await link(f.admin, { userId: lonely.id, managedUserId: managed.id });
    expect(await send(lonely.client)).toEqual([204, '']);
  });

  it('refuses a read-only manager and one whose permissions hide the users', async () => {
    const managed = await makeUser(f);
    const readonly = await makeUser(f, { userLimit: 5, readonly: true });
    await link(f.admin, { userId: readonly.id, managedUserId: managed.id });
    expect(await send(readonly.client, [managed.id])).toEqual([
      400,
      'Account is readonly - SecurityException',
    ]);

    const devicesOnly = await makeUser(f, {
      userLimit: 5,
      attributes: { 'tarkan.advancedPerms': encodePerms(['devices']) },
    });
    await link(f.admin, { userId: devicesOnly.id, managedUserId: managed.id });
    const [status, text] = await send(devicesOnly.client, [managed.id]);
    expect(status).toBe(400);
    expect(text).toMatch(/ - SecurityException$/);

    const allowed = await makeUser(f, {
      userLimit: 5,
      attributes: { 'tarkan.advancedPerms': encodePerms(['devices', 'users']) },
    });
    await link(f.admin, { userId: allowed.id, managedUserId: managed.id });
    expect(await send(allowed.client, [managed.id])).toEqual([204, '']);
  });
});
