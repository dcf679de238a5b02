/**
 * Every limit holds when creators race: 20 requests fired at once at each limited resource must
 * create exactly what the limit allows. On PostgreSQL the requests are split between two server
 * processes in cluster mode sharing the database (10 each), as several instances behind a load
 * balancer would be.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../support/http';
import { createTempPostgres, type TempPostgres } from '../../support/postgres';
import { TEST_ADMIN, startServer, type TestServer } from '../../support/server';

const backends = ['sqlite', ...(process.env.DATABASE_URL ? ['postgres'] : [])];

const RACERS = 20;

interface Outcome {
  status: number;
  text: string;
}

type Json = Record<string, unknown> & { id: number };

const resellerAttrs = (domain: string, limit: number, sub = false) => ({
  'tarkan.reseller': true,
  'tarkan.subReseller': sub,
  'tarkan.domainReseller': domain,
  'tarkan.limitReseller': limit,
});

describe.each(backends)('limits under concurrent requests on %s', (backend) => {
  let pg: TempPostgres | null = null;
  const servers: TestServer[] = [];
  let admin: Client;
  let counter = 0;
  /** Letters and digits only, so it also passes as a device identifier. */
  const unique = (prefix: string) => {
    counter += 1;
    return `${prefix}${Date.now()}x${counter}`;
  };

  /** One signed-in client per server process, so racers spread over every instance. */
  const signIn = async (email: string, password: string, host?: string): Promise<Client[]> =>
    Promise.all(
      servers.map(async (server) => {
        const client = new Client(server.url, { host });
        await client.login(email, password);
        return client;
      }),
    );

  /**
   * Creates a user as `by` and signs them in on every server; a reseller on their own domain,
   * where a sub-reseller may sign in.
   */
  const newUser = async (by: Client, fields: Record<string, unknown> = {}) => {
    const email = `${unique('racer')}@frota.test`;
    const res = await by.json('/api/users', {
      name: 'Racer',
      email,
      password: 'racer-pass',
      ...fields,
    });
    if (res.status !== 200) throw new Error(`user: ${res.status} ${await res.text()}`);
    const user = (await res.json()) as Json;
    const attributes = (fields.attributes ?? {}) as Record<string, unknown>;
    const domain = attributes['tarkan.domainReseller'];
    const host = typeof domain === 'string' ? domain : undefined;
    return { user, clients: await signIn(email, 'racer-pass', host) };
  };

  /** Fires all racers at once, the i-th through `clients[i % clients.length]`. */
  const race = async (
    clients: Client[],
    request: (client: Client, index: number) => Promise<Response>,
  ): Promise<Outcome[]> =>
    Promise.all(
      Array.from({ length: RACERS }, async (_, index) => {
        const res = await request(clients[index % clients.length], index);
        return { status: res.status, text: await res.text() };
      }),
    );

  /** Exactly `allowed` racers succeeded and every other one got `refusal`. */
  const expectExactly = (outcomes: Outcome[], ok: number, allowed: number, refusal: string) => {
    const won = outcomes.filter((outcome) => outcome.status === ok);
    const lost = outcomes.filter((outcome) => outcome.status !== ok);
    expect(won).toHaveLength(allowed);
    expect(new Set(lost.map((outcome) => `${outcome.status} ${outcome.text}`))).toEqual(
      new Set([`400 ${refusal}`]),
    );
  };

  const list = async (client: Client, path: string) =>
    (await (await client.get(path)).json()) as Json[];

  beforeAll(async () => {
    if (backend === 'postgres') pg = await createTempPostgres('dir');
    // On PostgreSQL the two processes run in cluster mode (REDIS_URL), as behind a balancer.
    const redis = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const env: Record<string, string> = pg ? { DATABASE_URL: pg.url, REDIS_URL: redis } : {};
    // Two server processes sharing one database (on SQLite, one data directory), started one
    // after the other so the second finds the schema and the administrator in place.
    servers.push(await startServer({ env }));
    servers.push(await startServer({ env, dataDir: servers[0].dataDir }));
    admin = new Client(servers[0].url);
    await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await pg?.drop();
  });

  const createUserAs = (client: Client) =>
    client.json('/api/users', {
      name: 'Created',
      email: `${unique('created')}@frota.test`,
      password: 'created-pass',
    });

  it("holds a manager's user limit", async () => {
    const manager = await newUser(admin, { userLimit: 3 });
    const outcomes = await race(manager.clients, (client) => createUserAs(client));
    expectExactly(outcomes, 200, 3, 'Manager user limit reached - SecurityException');
    expect(await list(admin, `/api/users?userId=${manager.user.id}`)).toHaveLength(3);
  });

  it("holds a reseller's limit", async () => {
    const reseller = await newUser(admin, {
      attributes: resellerAttrs(`${unique('r')}.example`, 2),
    });
    const outcomes = await race(reseller.clients, (client) => createUserAs(client));
    // A reseller's user limit follows their reseller limit; either rule may be the one that
    // refuses, but only two users are made.
    const won = outcomes.filter((outcome) => outcome.status === 200);
    expect(won).toHaveLength(2);
    for (const lost of outcomes.filter((outcome) => outcome.status !== 200)) {
      expect(lost.text).toMatch(/^(Manager|Reseller) user limit reached - SecurityException$/);
    }
    expect(await list(admin, `/api/users?userId=${reseller.user.id}`)).toHaveLength(2);
  });

  it("holds a parent reseller's limit shared by two sub-resellers", async () => {
    const parent = await newUser(admin, {
      attributes: resellerAttrs(`${unique('p')}.example`, 6, true),
    });
    const subs = [
      await newUser(parent.clients[0], {
        attributes: resellerAttrs(`${unique('s')}.example`, 4),
      }),
      await newUser(parent.clients[0], {
        attributes: resellerAttrs(`${unique('s')}.example`, 4),
      }),
    ];
    for (let i = 0; i < 2; i++) expect((await createUserAs(parent.clients[0])).status).toBe(200);
    // Each sub-reseller has room for 4, the parent only for 2 more in all (6 minus the two
    // sub-resellers and its two users); each sub-reseller's racers go to every server.
    const racers = [subs[0].clients, subs[1].clients].flatMap((clients) => clients);
    const outcomes = await race(racers, (client) => createUserAs(client));
    expectExactly(outcomes, 200, 2, 'Reseller user limit reached - SecurityException');
    const overview = (await (await parent.clients[0].get('/tarkan/resellers/me')).json()) as {
      used: number;
    };
    expect(overview.used).toBe(6);
  });

  it("holds a user's device limit", async () => {
    const owner = await newUser(admin, { deviceLimit: 3 });
    const outcomes = await race(owner.clients, (client) =>
      client.json('/api/devices', { name: 'Raced', uniqueId: unique('dev') }),
    );
    expectExactly(outcomes, 200, 3, 'User device limit reached - SecurityException');
    expect(await list(owner.clients[0], '/api/devices')).toHaveLength(3);
  });

  it("holds a user's device limit when devices are linked to them", async () => {
    const owner = await newUser(admin, { deviceLimit: 2 });
    const stock: Json[] = [];
    for (let i = 0; i < RACERS; i++) {
      const res = await admin.json('/api/devices', { name: 'Stock', uniqueId: unique('lnk') });
      stock.push((await res.json()) as Json);
    }
    const admins = await signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const outcomes = await race(admins, (client, index) =>
      client.json('/api/permissions', { userId: owner.user.id, deviceId: stock[index].id }),
    );
    expectExactly(outcomes, 204, 2, 'User device limit reached - SecurityException');
    expect(await list(owner.clients[0], '/api/devices')).toHaveLength(2);
  });

  it('holds the device limit for devices added by autolink', async () => {
    const owner = await newUser(admin, { deviceLimit: 2 });
    const fresh = await race(owner.clients, (client) =>
      client.json('/tarkan/autolink', { imei: unique('86') }),
    );
    expectExactly(fresh, 200, 2, 'User device limit reached - SecurityException');

    const claimer = await newUser(admin, { deviceLimit: 2 });
    const imeis: string[] = [];
    for (let i = 0; i < RACERS; i++) {
      imeis.push(unique('87'));
      await admin.json('/api/devices', { name: 'Stock', uniqueId: imeis[i] });
    }
    const claims = await race(claimer.clients, (client, index) =>
      client.json('/tarkan/autolink', { imei: imeis[index] }),
    );
    expectExactly(claims, 200, 2, 'User device limit reached - SecurityException');
    expect(await list(claimer.clients[0], '/api/devices')).toHaveLength(2);
  });

  it('gives an unowned device to one of the accounts claiming it at once', async () => {
    const imei = unique('88');
    const device = (await (
      await admin.json('/api/devices', { name: 'Contested', uniqueId: imei })
    ).json()) as Json;
    const claimers: Client[] = [];
    for (let i = 0; i < RACERS; i++) {
      const { clients } = await newUser(admin);
      claimers.push(clients[i % clients.length]);
    }
    const outcomes = await Promise.all(
      claimers.map(async (client) => {
        const res = await client.json('/tarkan/autolink', { imei });
        return { status: res.status, text: await res.text() };
      }),
    );
    expectExactly(
      outcomes,
      200,
      1,
      'Device is registered to another account - IllegalArgumentException',
    );
    // Linked to its creator (an administrator) and to exactly one of the claimers.
    const owners = await list(admin, `/api/users?deviceId=${device.id}`);
    expect(owners.filter((owner) => owner.administrator !== true)).toHaveLength(1);
  });

  it("holds the server's device licence cap", async () => {
    const server = (await (await admin.get('/api/server')).json()) as {
      attributes: Record<string, unknown>;
    };
    const existing = (await list(admin, '/api/devices')).length;
    const setCap = (attributes: Record<string, unknown>) =>
      admin.json('/api/server', { attributes }, 'PUT');
    expect(
      (await setCap({ ...server.attributes, 'tarkan.deviceLimit': existing + 2 })).status,
    ).toBe(200);
    try {
      const owner = await newUser(admin);
      const outcomes = await race(owner.clients, (client) =>
        client.json('/api/devices', { name: 'Licensed', uniqueId: unique('cap') }),
      );
      expectExactly(outcomes, 200, 2, 'User device limit reached - SecurityException');
      expect(await list(admin, '/api/devices')).toHaveLength(existing + 2);
    } finally {
      await setCap(server.attributes);
    }
  });
});
