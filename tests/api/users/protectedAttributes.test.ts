import { describe, expect, it } from 'vitest';
import { encodePerms, type PermName } from '../../../model';
import { Client } from '../../support/http';
import { makeUser, apiFixtureForFile, withAdvancedPerms } from '../../support/entityApi';

// The advanced-permission bits exercised here apply only with the plus licence.
const f = apiFixtureForFile({ LICENSE_MODE: 'plus' });

interface User {
  id: number;
  email: string;
  administrator: boolean;
  readonly: boolean;
  deviceReadonly: boolean;
  limitCommands: boolean;
  disableReports: boolean;
  disabled: boolean;
  deviceLimit: number;
  userLimit: number;
  expirationTime: string | null;
  attributes: Record<string, unknown>;
}

const perms = (names: PermName[]) => encodePerms(names);
const ALL = 'F'.repeat(32);

const userOf = async (client: Client, id: number) =>
  (await (await client.get(`/api/users/${id}`)).json()) as User;

const putUser = (client: Client, id: number, body: Record<string, unknown>) =>
  client.json(`/api/users/${id}`, body, 'PUT');

describe('a user editing their own account', () => {
  it('cannot clear or raise their own advanced permissions', async () => {
    await withAdvancedPerms(f.admin, async () => {
      const limited = perms(['self', 'devices']);
      const user = await makeUser(f, {
        attributes: { 'tarkan.advancedPerms': limited, language: 'pt' },
      });
      const stillLimited = async () => {
        const device = await user.client.json('/api/devices', {
          name: 'N',
          uniqueId: `esc-${user.id}`,
        });
        expect([device.status, await device.text()]).toEqual([
          400,
          'Write access denied - SecurityException',
        ]);
        const geofences = await user.client.get('/api/geofences');
        expect([geofences.status, await geofences.text()]).toEqual([
          400,
          'Access denied - SecurityException',
        ]);
        expect((await userOf(f.admin, user.id)).attributes['tarkan.advancedPerms']).toBe(limited);
      };
      await stillLimited();

      // Removing the attribute (no string = everything allowed) keeps the stored one.
      const cleared = await putUser(user.client, user.id, { attributes: {} });
      expect(cleared.status).toBe(200);
      expect(((await cleared.json()) as User).attributes).toEqual({
        'tarkan.advancedPerms': limited,
      });
      await stillLimited();

      // So does sending every bit, or a blank value; the preference beside it is saved.
      for (const value of [ALL, '', null]) {
        const raised = await putUser(user.client, user.id, {
          attributes: { 'tarkan.advancedPerms': value, language: 'es' },
        });
        expect(raised.status).toBe(200);
        expect(((await raised.json()) as User).attributes).toEqual({
          'tarkan.advancedPerms': limited,
          language: 'es',
        });
      }
      await stillLimited();
    });
  });

  it('keeps billing, QR check-in and shared-link attributes as stored', async () => {
    // (A QR driver account cannot edit itself at all; reseller settings: resellers/resellers.test.ts.)
    const granted = {
      'tarkan.enableBilling': true,
      'tarkan.billingPrice': 99,
      'tarkan.billingTrustUnlock': false,
      'tarkan.isQrDeviceId': 5,
      'tarkan.qrCheckInTime': '2030-01-01T00:00:00.000Z',
      isShared: 3,
    };
    const user = await makeUser(f, { attributes: { ...granted, timezone: 'UTC' } });
    const attempt = await putUser(user.client, user.id, {
      attributes: {
        'tarkan.enableBilling': false,
        'tarkan.billingPrice': 0,
        'tarkan.isQrDeviceId': 999,
        speedUnit: 'kmh',
      },
    });
    expect(attempt.status).toBe(200);
    expect((await userOf(f.admin, user.id)).attributes).toEqual({ ...granted, speedUnit: 'kmh' });
  });

  it("cannot give themselves the billing's discount days (Traccar's dueDateLimitDays)", async () => {
    const user = await makeUser(f, { attributes: { dueDateLimitDays: 2 } });
    const attempt = await putUser(user.client, user.id, {
      attributes: { dueDateLimitDays: 365, timezone: 'UTC' },
    });
    expect(attempt.status).toBe(200);
    expect((await userOf(f.admin, user.id)).attributes).toEqual({
      dueDateLimitDays: 2,
      timezone: 'UTC',
    });
    // A manager over the account sets it.
    const manager = await makeUser(f, { userLimit: 5 });
    const billed = await makeUser(f, {}, manager.client);
    const set = await putUser(manager.client, billed.id, {
      ...(await userOf(manager.client, billed.id)),
      attributes: { dueDateLimitDays: 5 },
    });
    expect(set.status, await set.clone().text()).toBe(200);
    expect((await userOf(f.admin, billed.id)).attributes.dueDateLimitDays).toBe(5);
  });

  it('never widens the Traccar rights fields', async () => {
    const rights = {
      administrator: false,
      deviceReadonly: true,
      limitCommands: true,
      disableReports: true,
      disabled: false,
      deviceLimit: 2,
      userLimit: 0,
      expirationTime: '2090-01-01T00:00:00.000Z',
    };
    const user = await makeUser(f, rights);
    const attempt = await putUser(user.client, user.id, {
      name: 'Widened',
      administrator: true,
      readonly: false,
      deviceReadonly: false,
      limitCommands: false,
      disableReports: false,
      deviceLimit: -1,
      userLimit: -1,
      expirationTime: null,
      temporary: false,
    });
    expect(attempt.status).toBe(200);
    expect(await userOf(f.admin, user.id)).toMatchObject({ ...rights, name: 'Widened' });
    // And the account still has no rights it was not given.
    expect(
      (
        await user.client.json('/api/users', {
          name: 'Sub',
          email: 'x@y.z',
          password: 'sub-pass-1',
        })
      ).status,
    ).toBe(400);
  });

  it('cannot be given protected attributes at registration', async () => {
    expect((await f.admin.json('/api/server', { registration: true }, 'PUT')).status).toBe(200);
    try {
      const res = await new Client(f.server.url).json('/api/users', {
        name: 'Self Made',
        email: `self-made-${Date.now()}@frota.test`,
        password: 'self-pass',
        attributes: {
          'tarkan.advancedPerms': ALL,
          'tarkan.reseller': true,
          'tarkan.limitReseller': 100,
          'tarkan.enableBilling': false,
          'tarkan.isQrDriverId': 'D-1',
          isShared: 1,
          language: 'es',
        },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as User).attributes).toEqual({ language: 'es' });
    } finally {
      await f.admin.json('/api/server', { registration: false }, 'PUT');
    }
  });
});

describe('a manager setting advanced permissions', () => {
  it('gives their users no more than they have themselves', async () => {
    await withAdvancedPerms(f.admin, async () => {
      const own = perms(['self', 'devices', 'deviceCreate', 'users', 'userCreate', 'userEdit']);
      const manager = await makeUser(f, {
        userLimit: 10,
        attributes: { 'tarkan.advancedPerms': own },
      });
      const newSub = (attributes?: Record<string, unknown>) =>
        manager.client.json('/api/users', {
          name: 'Managed',
          email: `managed-${Date.now()}-${Math.random()}@frota.test`,
          password: 'sub-pass',
          ...(attributes ? { attributes } : {}),
        });

      for (const wider of [perms(['devices', 'geofences']), ALL, '']) {
        const res = await newSub({ 'tarkan.advancedPerms': wider });
        expect([res.status, await res.text()]).toEqual([
          400,
          'Advanced permissions exceed your own - SecurityException',
        ]);
      }
      // Without a value the new user gets the manager's own, not "everything".
      const inherited = await newSub();
      expect(inherited.status).toBe(200);
      const sub = (await inherited.json()) as User;
      expect(sub.attributes['tarkan.advancedPerms']).toBe(own);

      const narrow = perms(['devices']);
      const narrowed = await putUser(manager.client, sub.id, {
        name: 'Narrowed Sub',
        attributes: { 'tarkan.advancedPerms': narrow },
      });
      expect(narrowed.status).toBe(200);
      for (const wider of [{}, { 'tarkan.advancedPerms': ALL }, { 'tarkan.advancedPerms': '' }]) {
        const res = await putUser(manager.client, sub.id, { attributes: wider });
        expect([res.status, await res.text()]).toEqual([
          400,
          'Advanced permissions exceed your own - SecurityException',
        ]);
      }
      expect((await userOf(f.admin, sub.id)).attributes['tarkan.advancedPerms']).toBe(narrow);

      // A user an administrator gave more keeps it through the manager's unrelated edits.
      expect(
        (await putUser(f.admin, sub.id, { attributes: { 'tarkan.advancedPerms': ALL } })).status,
      ).toBe(200);
      const renamed = await putUser(manager.client, sub.id, {
        name: 'Renamed Sub',
        attributes: { 'tarkan.advancedPerms': ALL },
      });
      expect(renamed.status).toBe(200);

      // A manager without a permission string of their own is not limited by one.
      const open = await makeUser(f, { userLimit: 10 });
      const given = await open.client.json('/api/users', {
        name: 'Open Sub',
        email: `open-sub-${Date.now()}@frota.test`,
        password: 'sub-pass',
        attributes: { 'tarkan.advancedPerms': ALL },
      });
      expect(given.status).toBe(200);
      expect(((await given.json()) as User).attributes['tarkan.advancedPerms']).toBe(ALL);
    });
  });
});

describe('a link between two users', () => {
  it('makes no manager of a user whose user limit is 0', async () => {
    const manager = await makeUser(f, { userLimit: 10 });
    const first = await makeUser(f, {}, manager.client);
    const second = await makeUser(f, { readonly: true }, manager.client);
    const linked = await manager.client.json('/api/permissions', {
      userId: first.id,
      managedUserId: second.id,
    });
    expect(linked.status).toBe(204);

    // The link is there, but `first` manages nobody: it cannot lift the other's restriction.
    const lifted = await putUser(first.client, second.id, { name: 'Lifted', readonly: false });
    expect([lifted.status, await lifted.text()]).toEqual([
      400,
      'User access denied - SecurityException',
    ]);
    expect((await userOf(f.admin, second.id)).readonly).toBe(true);

    // Given a user limit, the same link makes `first` a manager of `second`, as in Traccar.
    expect((await putUser(f.admin, first.id, { userLimit: 5 })).status).toBe(200);
    const renamed = await putUser(first.client, second.id, { name: 'Renamed by a manager' });
    expect(renamed.status).toBe(200);
  });
});
