import { describe, expect, it } from 'vitest';
import { Client } from '../../support/http';
import { create, link, makeUser, apiFixtureForFile } from '../../support/entityApi';

const f = apiFixtureForFile();

interface Driver {
  id: number;
  uniqueId: string;
  attributes: Record<string, unknown>;
}
interface User {
  id: number;
  attributes: Record<string, unknown>;
}

let seq = 0;
const device = (attributes: Record<string, unknown> = {}) => {
  seq += 1;
  return create(f.admin, '/api/devices', {
    name: `QR${seq}`,
    uniqueId: `qr-${seq}-${Date.now()}`,
    attributes,
  });
};

async function driver(username: string, extra: Record<string, unknown> = {}, owner = f.admin) {
  seq += 1;
  return create<Driver>(owner, '/api/drivers', {
    name: `Driver ${username}`,
    uniqueId: `drv-${seq}-${Date.now()}`,
    attributes: {
      'tarkan.enableQrCode': true,
      'tarkan.driverUsername': username,
      'tarkan.driverPassword': 'driver-pass',
      ...extra,
    },
  });
}

async function signIn(username: string): Promise<Client> {
  const client = new Client(f.server.url);
  await client.login(`qrcode-${username}`, 'driver-pass');
  return client;
}

const checkIn = (client: Client, id: number) => client.json('/tarkan/qr-driver', { id });

async function deviceAttributes(id: number) {
  const res = await f.admin.get(`/api/devices?id=${id}`);
  const [found] = (await res.json()) as { attributes: Record<string, unknown> }[];
  return found.attributes;
}

async function queued(deviceId: number) {
  return f.db.kysely
    .selectFrom('queuedCommands')
    .select('type')
    .where('deviceId', '=', deviceId)
    .execute();
}

describe('QR driver accounts', () => {
  it('creates a driver account without storing or returning the password', async () => {
    const created = await driver('ana');
    expect(created.attributes['tarkan.driverPassword']).toBeUndefined();
    expect(created.attributes['tarkan.driverUserId']).toEqual(expect.any(Number));
    const stored = await f.db.kysely
      .selectFrom('drivers')
      .select('attributes')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(stored.attributes).not.toContain('driver-pass');
    const client = await signIn('ana');
    const me = (await (await client.get('/api/session')).json()) as User & { readonly: boolean };
    expect(me.readonly).toBe(true);
    expect(me.attributes['tarkan.isQrDriverId']).toBe(created.uniqueId);
  });

  it('refuses a username that is already taken', async () => {
    await driver('bruno');
    const res = await f.admin.json('/api/drivers', {
      name: 'Other',
      uniqueId: `drv-clash-${Date.now()}`,
      attributes: {
        'tarkan.enableQrCode': true,
        'tarkan.driverUsername': 'bruno',
        'tarkan.driverPassword': 'other-driver-pass',
      },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('Driver username already in use - IllegalArgumentException');
  });

  it('disables the account with QR check-in off and removes it with the driver', async () => {
    const created = await driver('carla');
    await signIn('carla');
    const off = await f.admin.json(
      `/api/drivers/${created.id}`,
      { ...created, attributes: { ...created.attributes, 'tarkan.enableQrCode': false } },
      'PUT',
    );
    expect(off.status).toBe(200);
    const refused = await new Client(f.server.url).form('/api/session', {
      email: 'qrcode-carla',
      password: 'driver-pass',
    });
    expect(refused.status).toBe(400);
    const userId = created.attributes['tarkan.driverUserId'] as number;
    expect((await f.admin.delete(`/api/drivers/${created.id}`)).status).toBe(204);
    const gone = await f.db.kysely
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .executeTakeFirst();
    expect(gone).toBeUndefined();
  });
});

describe('POST /tarkan/qr-driver', () => {
  it('checks a driver in to an allowed vehicle and out again', async () => {
    const allowed = await device();
    const other = await device();
    const d = await driver('davi');
    await link(f.admin, { deviceId: allowed.id, driverId: d.id });
    const client = await signIn('davi');

    const refused = await checkIn(client, other.id);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe(
      'Vehicle not allowed for this driver - IllegalArgumentException',
    );

    const res = await checkIn(client, allowed.id);
    expect(res.status).toBe(200);
    const user = (await res.json()) as User;
    expect(user.attributes['tarkan.isQrDeviceId']).toBe(allowed.id);
    expect((await deviceAttributes(allowed.id)).qrDriverId).toBe(d.uniqueId);

    const status = (await (await client.get('/tarkan/qr-driver')).json()) as {
      device: { id: number; name: string } | null;
      since: string | null;
    };
    expect(status.device).toMatchObject({ id: allowed.id, name: allowed.name });
    expect(Date.parse(status.since ?? '')).toBeGreaterThan(Date.now() - 60_000);

    const out = await checkIn(client, 0);
    expect(out.status).toBe(200);
    expect(((await out.json()) as User).attributes['tarkan.isQrDeviceId']).toBeUndefined();
    expect((await deviceAttributes(allowed.id)).qrDriverId).toBeUndefined();
  });

  it("allows the owner's devices when none is linked to the driver", async () => {
    const alice = await makeUser(f, { deviceLimit: -1 });
    const own = await create(alice.client, '/api/devices', {
      name: 'Alice car',
      uniqueId: `alice-${Date.now()}`,
    });
    const foreign = await device();
    await driver('elisa', {}, alice.client);
    const client = await signIn('elisa');
    expect((await checkIn(client, foreign.id)).status).toBe(400);
    expect((await checkIn(client, own.id)).status).toBe(200);
  });

  it('unlocks a QR-locked vehicle when the driver may', async () => {
    const locked = await device({ isQrLocked: true });
    const d = await driver('fabio', { 'tarkan.driverUnlockDevice': true });
    await link(f.admin, { deviceId: locked.id, driverId: d.id });
    const client = await signIn('fabio');
    expect((await checkIn(client, locked.id)).status).toBe(200);
    expect(await queued(locked.id)).toEqual([{ type: 'engineResume' }]);
    expect((await deviceAttributes(locked.id)).isQrLocked).toBe(false);
  });

  it('locks a vehicle left without a driver when the rule is on (timeout 0)', async () => {
    const car = await device({ 'tarkan.driverLockDevice': true, 'tarkan.lockDeviceTimeout': 0 });
    const d = await driver('gil');
    await link(f.admin, { deviceId: car.id, driverId: d.id });
    const client = await signIn('gil');
    await checkIn(client, car.id);
    await checkIn(client, 0);
    // The scheduler runs due timers every 15 s; the timer is due at once.
    await expect
      .poll(async () => (await deviceAttributes(car.id)).isQrLocked, { timeout: 20_000 })
      .toBe(true);
    expect(await queued(car.id)).toEqual([{ type: 'engineStop' }]);
  }, 30_000);

  it('is refused to anyone but a driver, and needs a session', async () => {
    const car = await device();
    const res = await checkIn(f.admin, car.id);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('Driver access required - SecurityException');
    const anonymous = await checkIn(new Client(f.server.url), car.id);
    expect(anonymous.status).toBe(401);
  });

  it('keeps a driver away from every other API', async () => {
    await driver('hugo');
    const client = await signIn('hugo');
    for (const path of ['/api/devices', '/api/users', '/api/positions', '/tarkan/shares']) {
      const res = await client.get(path);
      expect(res.status, path).toBe(400);
      expect(await res.text()).toBe('Access denied - SecurityException');
    }
    expect((await client.get('/api/session')).status).toBe(200);
    expect((await client.get('/api/server')).status).toBe(200);
    const autolink = await client.json('/tarkan/autolink', { imei: 'x1' });
    expect(autolink.status).toBe(400);
    expect(await autolink.text()).toBe('Write access denied - SecurityException');
  });
});

describe('a QR driver saved without a password', () => {
  it('gets an account that cannot sign in until a password is set', async () => {
    const res = await f.admin.json('/api/drivers', {
      name: 'No password',
      uniqueId: `drv-nopass-${Date.now()}`,
      attributes: { 'tarkan.enableQrCode': true, 'tarkan.driverUsername': 'iris' },
    });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as Driver;
    const refused = await new Client(f.server.url).form('/api/session', {
      email: 'qrcode-iris',
      password: 'driver-pass',
    });
    expect(refused.status).toBe(401);
    const set = await f.admin.json(
      `/api/drivers/${saved.id}`,
      {
        ...saved,
        attributes: { ...saved.attributes, 'tarkan.driverPassword': 'driver-pass' },
      },
      'PUT',
    );
    expect(set.status).toBe(200);
    await signIn('iris');
  });
});

describe('engine rules act with their owner’s rights', () => {
  /** Sets restriction flags on a user as the administrator. */
  async function restrict(id: number, fields: Record<string, unknown>) {
    const users = (await (await f.admin.get('/api/users')).json()) as { id: number }[];
    const user = users.find((u) => u.id === id)!;
    const res = await f.admin.json(`/api/users/${id}`, { ...user, ...fields }, 'PUT');
    expect(res.status, await res.clone().text()).toBe(200);
  }

  it('refuses to save a rule its owner could not carry out, writing nothing', async () => {
    const limited = await makeUser(f, { deviceLimit: -1, limitCommands: true });
    const refusals = [
      ['/api/drivers', driverBody('jana', { 'tarkan.driverLockDevice': true }), 'engineStop'],
      ['/api/drivers', driverBody('jana', { 'tarkan.driverUnlockDevice': true }), 'engineResume'],
      [
        '/api/devices',
        {
          name: 'Locking car',
          uniqueId: `lock-${Date.now()}`,
          attributes: { 'tarkan.driverLockDevice': true },
        },
        'engineStop',
      ],
      [
        '/api/geofences',
        { name: 'Yard', area: 'CIRCLE (-23.55 -46.63, 100)', attributes: { lockOnEnter: true } },
        'engineStop',
      ],
      [
        '/api/geofences',
        { name: 'Yard', area: 'CIRCLE (-23.55 -46.63, 100)', attributes: { lockOnExit: 'true' } },
        'engineStop',
      ],
    ] as const;
    for (const [path, body, command] of refusals) {
      const res = await limited.client.json(path, body);
      expect([res.status, await res.text()], path).toEqual([
        400,
        `Rule sends ${command}, which this account may not send - SecurityException`,
      ]);
    }
    // The refused driver left no account behind.
    const account = await new Client(f.server.url).form('/api/session', {
      email: 'qrcode-jana',
      password: 'driver-pass',
    });
    expect(account.status).toBe(401);
    // Without a rule the same objects save.
    expect((await limited.client.json('/api/drivers', driverBody('jana'))).status).toBe(200);
    // An edit that leaves an administrator's rule as it was is no new rule.
    const yard = await create<{ attributes: Record<string, unknown> }>(f.admin, '/api/geofences', {
      name: 'Depot',
      area: 'CIRCLE (-23.55 -46.63, 100)',
      attributes: { lockOnExit: true },
    });
    await link(f.admin, { userId: limited.id, geofenceId: yard.id });
    const renamed = await limited.client.json(
      `/api/geofences/${yard.id}`,
      { ...yard, name: 'Main depot' },
      'PUT',
    );
    expect(renamed.status, await renamed.clone().text()).toBe(200);
  });

  it('sends nothing for an owner who may no longer send the command', async () => {
    const owner = await makeUser(f, { deviceLimit: -1 });
    const car = await create(owner.client, '/api/devices', {
      name: 'Owner car',
      uniqueId: `owner-car-${Date.now()}`,
      attributes: { isQrLocked: true },
    });
    await create(
      owner.client,
      '/api/drivers',
      driverBody('kaio', { 'tarkan.driverUnlockDevice': true }),
    );
    const client = await signIn('kaio');

    // Commands taken away after the rule was saved: the check-in stands, the engine stays off.
    await restrict(owner.id, { limitCommands: true });
    expect((await checkIn(client, car.id)).status).toBe(200);
    expect(await queued(car.id)).toEqual([]);
    expect((await deviceAttributes(car.id)).isQrLocked).toBe(true);

    // Given back: the rule acts again, as the owner.
    await restrict(owner.id, { limitCommands: false });
    expect((await checkIn(client, 0)).status).toBe(200);
    expect((await checkIn(client, car.id)).status).toBe(200);
    expect(await queued(car.id)).toEqual([{ type: 'engineResume' }]);
    expect((await deviceAttributes(car.id)).isQrLocked).toBe(false);
  });
});

function driverBody(username: string, extra: Record<string, unknown> = {}) {
  seq += 1;
  return {
    name: `Driver ${username}`,
    uniqueId: `drv-${seq}-${Date.now()}`,
    attributes: {
      'tarkan.enableQrCode': true,
      'tarkan.driverUsername': username,
      'tarkan.driverPassword': 'driver-pass',
      ...extra,
    },
  };
}
