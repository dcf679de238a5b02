import http from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../support/http';
import { createTempPostgres, type TempPostgres } from '../../support/postgres';
import { TEST_ADMIN, startServer, type TestServer } from '../../support/server';

type UserJson = { id: number; userLimit: number; attributes: Record<string, unknown> };

const resellerAttrs = (domain: string, limit: number, sub = false) => ({
  'tarkan.reseller': true,
  'tarkan.subReseller': sub,
  'tarkan.domainReseller': domain,
  'tarkan.limitReseller': limit,
});

const theme = (title: string, primary: string, image = false) => ({
  config: { title, whatsapp: '', headLogo: { image, text: title }, logoWidth: 50 },
  colors: { '--el-color-primary': primary },
});

const backends = ['sqlite', ...(process.env.DATABASE_URL ? ['postgres'] : [])];

describe.each(backends)('resellers on %s', (backend) => {
  let pg: TempPostgres | null = null;
  let server: TestServer;
  let admin: Client;
  let acme: Client;
  let acmeUser: UserJson;
  let counter = 0;

  const signIn = async (email: string, password: string, host?: string) => {
    const client = new Client(server.url, { host });
    await client.login(email, password);
    return client;
  };
  /** A sign-in attempt on `host`, answered as is. */
  const tryLogin = (email: string, password: string, host?: string) =>
    new Client(server.url, { host }).form('/api/session', { email, password });
  const newUser = (by: Client, extra: Record<string, unknown> = {}) => {
    counter += 1;
    return by.json('/api/users', {
      name: `User ${counter}`,
      email: `user${counter}@frota.test`,
      password: 'user-pass-1',
      ...extra,
    });
  };
  /** A GET with its own Host header (fetch does not let a caller set it). */
  const hostGet = (path: string, host: string) =>
    new Promise<Response>((resolve, reject) => {
      const request = http.get(`${server.url}${path}`, { headers: { host } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve(new Response(Buffer.concat(chunks), { status: response.statusCode })),
        );
      });
      request.on('error', reject);
    });

  beforeAll(async () => {
    if (backend === 'postgres') pg = await createTempPostgres('dir');
    const database: Record<string, string> = pg ? { DATABASE_URL: pg.url } : {};
    server = await startServer({ env: { LICENSE_MODE: 'plus', ...database } });
    admin = await signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const made = await admin.json('/api/users', {
      name: 'Acme',
      email: 'acme@frota.test',
      password: 'acme-pass-1',
      attributes: resellerAttrs('track.acme.example', 4, true),
    });
    expect(made.status).toBe(200);
    acmeUser = (await made.json()) as UserJson;
    acme = await signIn('acme@frota.test', 'acme-pass-1');
  });
  afterAll(async () => {
    await server?.stop();
    await pg?.drop();
  });

  it('lets an administrator make a reseller, whose user limit follows the reseller limit', async () => {
    expect(acmeUser.userLimit).toBe(4);
    const me = await (await acme.get('/tarkan/resellers/me')).json();
    expect(me).toMatchObject({ domain: 'track.acme.example', limit: 4, used: 0, users: [] });
  });

  it('refuses the reseller screen to non-resellers and anonymous callers', async () => {
    const plain = await newUser(admin);
    const { email } = (await plain.json()) as { email: string };
    const client = await signIn(email, 'user-pass-1');
    const denied = await client.get('/tarkan/resellers/me');
    expect([denied.status, await denied.text()]).toEqual([
      400,
      'Reseller access required - SecurityException',
    ]);
    expect((await new Client(server.url).get('/tarkan/resellers/me')).status).toBe(401);
  });

  it('keeps reseller settings out of reach of the reseller and of registration', async () => {
    // A reseller's own edit keeps their stored settings, whatever it sends for them.
    const self = await acme.json(
      `/api/users/${acmeUser.id}`,
      { ...acmeUser, attributes: resellerAttrs('free.example', 1000, true) },
      'PUT',
    );
    expect(self.status).toBe(200);
    expect(((await self.json()) as UserJson).attributes).toEqual(acmeUser.attributes);
    const cleared = await acme.json(`/api/users/${acmeUser.id}`, { attributes: {} }, 'PUT');
    expect(cleared.status).toBe(200);
    const me = await (await acme.get('/tarkan/resellers/me')).json();
    expect(me).toMatchObject({ domain: 'track.acme.example', limit: 4 });
    // Registration never makes a reseller.
    await admin.json('/api/server', { registration: true }, 'PUT');
    try {
      const registered = await newUser(new Client(server.url), {
        attributes: { ...resellerAttrs('free.example', 10), language: 'es' },
      });
      expect(registered.status).toBe(200);
      expect(((await registered.json()) as UserJson).attributes).toEqual({ language: 'es' });
    } finally {
      await admin.json('/api/server', { registration: false }, 'PUT');
    }
    // A manager who is no reseller sets no reseller settings on their users.
    const manager = (await (await newUser(admin, { userLimit: 5 })).json()) as UserJson & {
      email: string;
    };
    const managerClient = await signIn(manager.email, 'user-pass-1');
    const granted = await newUser(managerClient, { attributes: resellerAttrs('mgr.example', 1) });
    expect([granted.status, await granted.text()]).toEqual([
      400,
      'Reseller settings require an administrator - SecurityException',
    ]);
    // Editing one's own profile still works.
    const profile = await acme.json(
      `/api/users/${acmeUser.id}`,
      { ...acmeUser, name: 'Acme Ltd' },
      'PUT',
    );
    expect(profile.status).toBe(200);
  });

  it('validates domains and refuses one another reseller holds', async () => {
    const bad = await newUser(admin, { attributes: resellerAttrs('not a host', 2) });
    expect([bad.status, await bad.text()]).toEqual([
      400,
      'Invalid reseller domain - IllegalArgumentException',
    ]);
    const clash = await newUser(admin, { attributes: resellerAttrs('TRACK.acme.example', 2) });
    expect([clash.status, await clash.text()]).toEqual([
      400,
      'Reseller domain already in use - IllegalArgumentException',
    ]);
  });

  it("refuses the main site's own domain, whose visitors must keep the main brand", async () => {
    // Without PUBLIC_URL the main site is localhost (the tests' main-brand requests use it).
    const refused = [400, 'Reseller domain is the main domain - IllegalArgumentException'];
    for (const by of [admin, acme]) {
      const claim = await newUser(by, { attributes: resellerAttrs('LocalHost', 1) });
      expect([claim.status, await claim.text()]).toEqual(refused);
    }
    const moved = await admin.json(
      `/api/users/${acmeUser.id}`,
      { ...acmeUser, attributes: { ...acmeUser.attributes, 'tarkan.domainReseller': 'localhost' } },
      'PUT',
    );
    expect([moved.status, await moved.text()]).toEqual(refused);
    const kept = (await (await admin.get(`/api/users/${acmeUser.id}`)).json()) as UserJson;
    expect(kept.attributes['tarkan.domainReseller']).toBe('track.acme.example');
  });

  it('creates sub-resellers only when allowed and within the remaining limit', async () => {
    const tooBig = await newUser(acme, { attributes: resellerAttrs('sub.acme.example', 4) });
    expect([tooBig.status, await tooBig.text()]).toEqual([
      400,
      'Sub-reseller limit exceeds your remaining limit - SecurityException',
    ]);
    const sub = await newUser(acme, { attributes: resellerAttrs('sub.acme.example', 2) });
    expect(sub.status).toBe(200);
    const subUser = (await sub.json()) as UserJson & { email: string };
    const subClient = await signIn(subUser.email, 'user-pass-1', 'track.acme.example');
    // The sub-reseller is not allowed sub-resellers of its own.
    const nested = await newUser(subClient, { attributes: resellerAttrs('deep.example', 1) });
    expect(nested.status).toBe(400);
    // Its users count for Acme too: sub-reseller + 1 user = 2 of Acme's 4.
    expect((await newUser(subClient)).status).toBe(200);
    const me = (await (await acme.get('/tarkan/resellers/me')).json()) as {
      used: number;
      users: UserJson[];
    };
    expect(me.used).toBe(2);
    expect(me.users.map((user) => user.id)).toEqual([subUser.id]);
    // Acme fills its limit; the sub-reseller, with room of its own, is refused by Acme's.
    expect((await newUser(acme)).status).toBe(200);
    expect((await newUser(acme)).status).toBe(200);
    for (const creator of [acme, subClient]) {
      const full = await newUser(creator);
      expect([full.status, await full.text()]).toEqual([
        400,
        'Reseller user limit reached - SecurityException',
      ]);
    }
  });

  it("lets a reseller's users sign in only on the reseller's domains", async () => {
    const made = await admin.json('/api/users', {
      name: 'Beta',
      email: 'beta@frota.test',
      password: 'beta-pass-1',
      attributes: resellerAttrs('track.beta.example', 10, true),
    });
    expect(made.status).toBe(200);
    const other = await newUser(admin, { attributes: resellerAttrs('other.reseller.example', 1) });
    expect(other.status).toBe(200);
    const beta = await signIn('beta@frota.test', 'beta-pass-1');
    const owned = (await (await newUser(beta)).json()) as UserJson & { email: string };
    const sub = (await (
      await newUser(beta, { attributes: resellerAttrs('fleet.sub.example', 2) })
    ).json()) as UserJson & { email: string };
    const subClient = await signIn(sub.email, 'user-pass-1', 'fleet.sub.example');
    const deep = (await (await newUser(subClient)).json()) as UserJson & { email: string };
    const refusal = [400, 'Account belongs to another domain - SecurityException'];

    for (const email of [owned.email, sub.email, deep.email]) {
      // The main domain (any Host that is no reseller's), and another reseller's domain.
      for (const host of [undefined, 'localhost', 'other.reseller.example']) {
        const refused = await tryLogin(email, 'user-pass-1', host);
        expect([refused.status, await refused.text()], `${email} on ${host}`).toEqual(refusal);
      }
    }
    // The domain is named exactly (any port); a sub-reseller's users belong to both resellers.
    expect((await tryLogin(owned.email, 'user-pass-1', 'TRACK.beta.example:8082')).status).toBe(
      200,
    );
    expect((await tryLogin(owned.email, 'user-pass-1', 'fleet.sub.example')).status).toBe(400);
    expect((await tryLogin(deep.email, 'user-pass-1', 'fleet.sub.example')).status).toBe(200);
    expect((await tryLogin(deep.email, 'user-pass-1', 'track.beta.example')).status).toBe(200);
    // A wrong password reveals nothing about the account.
    const wrong = await tryLogin(owned.email, 'wrong-pass', 'localhost');
    expect([wrong.status, await wrong.text()]).toEqual([
      401,
      'HTTP 401 Unauthorized - WebApplicationException',
    ]);
    // A token handed to the user opens a session only on their domain too.
    const onDomain = await signIn(owned.email, 'user-pass-1', 'track.beta.example');
    const token = await (await onDomain.form('/api/session/token', {})).text();
    const byToken = await new Client(server.url).get(
      `/api/session?token=${encodeURIComponent(token)}`,
    );
    expect([byToken.status, await byToken.text()]).toEqual(refusal);
    const tokenOnDomain = await new Client(server.url, { host: 'track.beta.example' }).get(
      `/api/session?token=${encodeURIComponent(token)}`,
    );
    expect(tokenOnDomain.status).toBe(200);
    // Administrators sign in anywhere; the top reseller also on the main domain.
    const adminThere = await tryLogin(TEST_ADMIN.email, TEST_ADMIN.password, 'track.beta.example');
    expect(adminThere.status).toBe(200);
    expect((await tryLogin('beta@frota.test', 'beta-pass-1')).status).toBe(200);
  });

  it('keeps a reseller away from users they do not manage', async () => {
    const other = (await (await newUser(admin)).json()) as UserJson;
    expect((await acme.get(`/api/users/${other.id}`)).status).toBe(400);
    const edit = await acme.json(`/api/users/${other.id}`, { ...other, name: 'Mine' }, 'PUT');
    expect(edit.status).toBe(400);
    expect((await acme.delete(`/api/users/${other.id}`)).status).toBe(400);
  });

  it('serves each domain its own brand, falling back to the main brand', async () => {
    expect((await admin.json('/tarkan/theme', theme('Main Fleet', '#111111'), 'PUT')).status).toBe(
      200,
    );
    const logo = await sharp({
      create: { width: 40, height: 20, channels: 4, background: '#00ff00' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([logo], { type: 'image/png' }), 'logo.png');
    const mainUpload = await admin.request('/tarkan/theme/upload?type=logo-interno', {
      method: 'POST',
      body: form,
    });
    expect(mainUpload.status).toBe(200);

    const beforeEdit = await (
      await hostGet('/tarkan/assets/custom/config.json', 'track.acme.example:8082')
    ).json();
    expect(beforeEdit).toMatchObject({ title: 'Main Fleet' });

    const saved = await acme.json('/tarkan/theme', theme('Acme Track', '#ff0000', true), 'PUT');
    expect(saved.status).toBe(200);
    const resellerConfig = await (
      await hostGet('/tarkan/assets/custom/config.json', 'track.acme.example')
    ).json();
    expect(resellerConfig).toMatchObject({ title: 'Acme Track', headLogo: { image: true } });
    const resellerColors = (await (
      await hostGet('/tarkan/assets/custom/theme.json', 'track.acme.example')
    ).json()) as Record<string, string>;
    expect(resellerColors['--el-color-primary']).toBe('#ff0000');
    const manifest = await (
      await hostGet('/tarkan/assets/custom/manifest.json', 'track.acme.example')
    ).json();
    expect(manifest).toMatchObject({ name: 'Acme Track', theme_color: '#ff0000' });
    // The logo the reseller has not uploaded is the main one.
    const resellerLogo = await hostGet('/tarkan/assets/custom/logo.png', 'track.acme.example');
    expect(resellerLogo.status).toBe(200);

    const main = await (await hostGet('/tarkan/assets/custom/config.json', 'localhost')).json();
    expect(main).toMatchObject({ title: 'Main Fleet' });
    const mainColors = (await (
      await hostGet('/tarkan/assets/custom/theme.json', 'localhost')
    ).json()) as Record<string, string>;
    expect(mainColors['--el-color-primary']).toBe('#111111');
    expect((await acme.get('/tarkan/theme')).status).toBe(200);
  });

  it('lets a reseller upload only into their own brand, and nobody else edit brands', async () => {
    const red = await sharp({ create: { width: 30, height: 30, channels: 4, background: '#f00' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([red], { type: 'image/png' }), 'logo.png');
    const upload = await acme.request('/tarkan/theme/upload?type=logo-interno', {
      method: 'POST',
      body: form,
    });
    expect(upload.status).toBe(200);
    const own = Buffer.from(
      await (await hostGet('/tarkan/assets/custom/logo.png', 'track.acme.example')).arrayBuffer(),
    );
    const main = Buffer.from(
      await (await hostGet('/tarkan/assets/custom/logo.png', 'localhost')).arrayBuffer(),
    );
    expect((await sharp(own).metadata()).width).toBe(30);
    expect((await sharp(main).metadata()).width).toBe(40);

    const plain = (await (await newUserByAdmin()).json()) as { email: string };
    const client = await signIn(plain.email, 'user-pass-1');
    expect((await client.json('/tarkan/theme', theme('Hijack', '#000000'), 'PUT')).status).toBe(
      400,
    );
    const main2 = await (await hostGet('/tarkan/assets/custom/config.json', 'localhost')).json();
    expect(main2).toMatchObject({ title: 'Main Fleet' });
  });

  const newUserByAdmin = () => newUser(admin);
});
