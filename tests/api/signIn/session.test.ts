import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../support/http';
import { signInAdmin } from '../../support/entityApi';
import { TEST_ADMIN, startServer, type TestServer } from '../../support/server';

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startServer();
  admin = await signInAdmin(server);
});
afterAll(() => server?.stop());

/** Creates a user through the admin API and returns its id. */
async function createUser(
  email: string,
  password = 'user-pass',
  extra: object = {},
): Promise<number> {
  const res = await admin.json('/api/users', { name: 'Some User', email, password, ...extra });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { id: number }).id;
}

describe('sign-in', () => {
  it('answers the user and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const client = new Client(server.url);
    const res = await client.form('/api/session', {
      email: TEST_ADMIN.email.toUpperCase(),
      password: TEST_ADMIN.password,
    });
    expect(res.status).toBe(200);
    const user = (await res.json()) as Record<string, unknown>;
    expect(user).toMatchObject({ email: TEST_ADMIN.email, administrator: true, password: null });
    expect(user).not.toHaveProperty('hashedPassword');
    const cookie = client.lastSetCookie.find((c) => c.startsWith('JSESSIONID='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
    expect(cookie).not.toMatch(/; Secure/i);
    expect(client.cookies.get('JSESSIONID')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('reads the e-mail without the spaces a phone keyboard adds, as Basic credentials', async () => {
    const client = new Client(server.url);
    const res = await client.form('/api/session', {
      email: ` ${TEST_ADMIN.email} `,
      password: TEST_ADMIN.password,
    });
    expect(res.status).toBe(200);
    expect((await client.get('/api/session')).status).toBe(200);
  });

  it('rejects a wrong password with 401 and the Traccar text', async () => {
    const res = await new Client(server.url).form('/api/session', {
      email: TEST_ADMIN.email,
      password: 'wrong',
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toMatch(/^HTTP 401 Unauthorized - WebApplicationException/);
  });

  it('answers the same for an unknown account', async () => {
    const res = await new Client(server.url).form('/api/session', {
      email: 'ghost@x',
      password: 'pw',
    });
    expect(res.status).toBe(401);
    expect(await res.text()).toBe('HTTP 401 Unauthorized - WebApplicationException');
  });

  it('rejects missing fields with 400 IllegalArgumentException', async () => {
    const client = new Client(server.url);
    const noPassword = await client.form('/api/session', { email: TEST_ADMIN.email });
    expect(noPassword.status).toBe(400);
    expect(await noPassword.text()).toMatch(/password.* - IllegalArgumentException$/);
    const empty = await client.form('/api/session', { email: '', password: '' });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toMatch(/ - IllegalArgumentException$/);
  });

  it('refuses a disabled account with 400 after the right password only', async () => {
    const id = await createUser('disabled@x', 'user-pass');
    const put = await admin.json(`/api/users/${id}`, { disabled: true }, 'PUT');
    expect(put.status).toBe(200);
    const client = new Client(server.url);
    const right = await client.form('/api/session', { email: 'disabled@x', password: 'user-pass' });
    expect(right.status).toBe(400);
    expect(await right.text()).toBe('Account is disabled - SecurityException');
    expect(client.cookies.has('JSESSIONID')).toBe(false);
    const wrong = await client.form('/api/session', { email: 'disabled@x', password: 'nope' });
    expect(wrong.status).toBe(401);
  });

  it('refuses an expired account', async () => {
    await createUser('expired@x', 'user-pass', { expirationTime: '2001-01-01T00:00:00.000Z' });
    const res = await new Client(server.url).form('/api/session', {
      email: 'expired@x',
      password: 'user-pass',
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('Account has expired - SecurityException');
  });
});

describe('session check and logout', () => {
  it('GET /api/session is 404 without a session, 200 with one, 404 after logout', async () => {
    const client = new Client(server.url);
    const before = await client.get('/api/session');
    expect(before.status).toBe(404);
    expect(await before.text()).toBe('Not found - WebApplicationException');

    await client.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const cookie = client.cookies.get('JSESSIONID');
    const during = await client.get('/api/session');
    expect(during.status).toBe(200);
    expect(((await during.json()) as { email: string }).email).toBe(TEST_ADMIN.email);

    const logout = await client.delete('/api/session');
    expect(logout.status).toBe(204);
    expect(client.lastSetCookie.some((c) => c.startsWith('JSESSIONID=;'))).toBe(true);
    expect((await client.get('/api/session')).status).toBe(404);

    // The old cookie is dead on the server too, not just forgotten by the client.
    const replay = await fetch(`${server.url}/api/session`, {
      headers: { cookie: `JSESSIONID=${cookie}` },
    });
    expect(replay.status).toBe(404);
  });

  it('a new login ends the session the request carried (fixation guard)', async () => {
    const client = await signInAdmin(server);
    const first = client.cookies.get('JSESSIONID');
    await client.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const second = client.cookies.get('JSESSIONID');
    expect(second).not.toBe(first);
    const old = await fetch(`${server.url}/api/session`, {
      headers: { cookie: `JSESSIONID=${first}` },
    });
    expect(old.status).toBe(404);
    expect((await client.get('/api/session')).status).toBe(200);
  });

  it('rejects a cookie used from a foreign Origin', async () => {
    const client = new Client(server.url);
    await client.request('/api/session', {
      method: 'POST',
      headers: { origin: server.url },
      body: new URLSearchParams({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }),
    });
    const same = await client.request('/api/session', { headers: { origin: server.url } });
    expect(same.status).toBe(200);
    const foreign = await client.request('/api/session', {
      headers: { origin: 'http://evil.example' },
    });
    expect(foreign.status).toBe(404);
  });
});

describe('tokens', () => {
  it('logs in a cookie-less client by token, and stops after revocation', async () => {
    const client = new Client(server.url);
    expect((await client.form('/api/session/token', {})).status).toBe(401);
    await client.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const res = await client.form('/api/session/token', {});
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const token = await res.text();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const fresh = new Client(server.url);
    const byToken = await fresh.get(`/api/session?token=${encodeURIComponent(token)}`);
    expect(byToken.status).toBe(200);
    expect(((await byToken.json()) as { email: string }).email).toBe(TEST_ADMIN.email);
    expect(fresh.cookies.has('JSESSIONID')).toBe(true);
    expect((await fresh.get('/api/session')).status).toBe(200);

    const bearer = await fetch(`${server.url}/api/session`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.status).toBe(200);

    expect((await client.form('/api/session/token/revoke', { token })).status).toBe(204);
    const revoked = await new Client(server.url).get(
      `/api/session?token=${encodeURIComponent(token)}`,
    );
    expect(revoked.status).toBe(401);
    expect(await revoked.text()).toBe('HTTP 401 Unauthorized - WebApplicationException');
    expect(server.output).not.toContain(token);
  });

  it('accepts an ISO expiration and rejects a bad one', async () => {
    const client = await signInAdmin(server);
    const soon = new Date(Date.now() + 3600_000).toISOString();
    expect((await client.form('/api/session/token', { expiration: soon })).status).toBe(200);
    const bad = await client.form('/api/session/token', { expiration: 'tomorrow' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe('Invalid expiration date - IllegalArgumentException');
  });

  it('accepts a bare POST without body, and checks the session before the body', async () => {
    const client = new Client(server.url);
    const anonymous = await client.request('/api/session/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"expiration": 5}',
    });
    expect(anonymous.status).toBe(401);
    await client.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const bare = await client.request('/api/session/token', { method: 'POST' });
    expect(bare.status).toBe(200);
    expect(await bare.text()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('rejects an unknown token with 401', async () => {
    const res = await new Client(server.url).get('/api/session?token=not-a-token');
    expect(res.status).toBe(401);
  });
});

describe('sessions that end with their reason', () => {
  const tokenOf = async (client: Client) => (await client.form('/api/session/token', {})).text();
  const bearerStatus = async (token: string) =>
    (await fetch(`${server.url}/api/session`, { headers: { authorization: `Bearer ${token}` } }))
      .status;

  it('a cookie session started from a remember-me token ends when the token is revoked', async () => {
    const owner = await signInAdmin(server);
    const token = await tokenOf(owner);
    const remembered = new Client(server.url);
    expect((await remembered.get(`/api/session?token=${token}`)).status).toBe(200);
    expect((await remembered.get('/api/session')).status).toBe(200);

    expect((await owner.form('/api/session/token/revoke', { token })).status).toBe(204);
    expect((await remembered.get('/api/session')).status).toBe(404);
    // The session that asked for the token is not one started from it.
    expect((await owner.get('/api/session')).status).toBe(200);
  });

  it("changing one's own password ends every other session and token, not the one in use", async () => {
    const id = await createUser('changer@x', 'old-pass');
    const here = new Client(server.url);
    await here.login('changer@x', 'old-pass');
    const elsewhere = new Client(server.url);
    await elsewhere.login('changer@x', 'old-pass');
    const token = await tokenOf(elsewhere);
    const fromToken = new Client(server.url);
    expect((await fromToken.get(`/api/session?token=${token}`)).status).toBe(200);
    expect(await bearerStatus(token)).toBe(200);

    const user = (await (await here.get(`/api/users/${id}`)).json()) as Record<string, unknown>;
    const saved = await here.json(`/api/users/${id}`, { ...user, password: 'new-pass' }, 'PUT');
    expect(saved.status).toBe(200);

    expect((await here.get('/api/session')).status).toBe(200);
    expect((await elsewhere.get('/api/session')).status).toBe(404);
    expect((await fromToken.get('/api/session')).status).toBe(404);
    expect(await bearerStatus(token)).toBe(404);

    // Saving other fields (the blank password of traccar-web's form) ends nothing.
    const third = new Client(server.url);
    await third.login('changer@x', 'new-pass');
    const kept = await here.json(`/api/users/${id}`, { ...user, phone: '1', password: '' }, 'PUT');
    expect(kept.status).toBe(200);
    expect((await third.get('/api/session')).status).toBe(200);
  });

  it("an administrator setting another user's password ends all of that user's sessions and tokens", async () => {
    const id = await createUser('reset-by-admin@x', 'old-pass');
    const user = new Client(server.url);
    await user.login('reset-by-admin@x', 'old-pass');
    const token = await tokenOf(user);
    const saved = await admin.json(
      `/api/users/${id}`,
      { name: 'Some User', email: 'reset-by-admin@x', password: 'set-by-admin' },
      'PUT',
    );
    expect(saved.status).toBe(200);
    expect((await user.get('/api/session')).status).toBe(404);
    expect(await bearerStatus(token)).toBe(404);
    expect((await admin.get('/api/session')).status).toBe(200);
  });

  it('refuses a token lifetime cap that is not a whole number of days', async () => {
    const current = (await (await admin.get('/api/server')).json()) as {
      attributes: Record<string, unknown>;
    };
    const put = (value: unknown) =>
      admin.json(
        '/api/server',
        { ...current, attributes: { ...current.attributes, 'frota.tokenMaxDays': value } },
        'PUT',
      );
    const bad = await put('forever');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe(
      'frota.tokenMaxDays must be a whole number of days from 1 to 3650 - IllegalArgumentException',
    );
    expect((await put(30)).status).toBe(200);
    expect((await put('')).status).toBe(200);
  });
});

describe('cross-site requests', () => {
  const credentials = () =>
    new URLSearchParams({ email: TEST_ADMIN.email, password: TEST_ADMIN.password });
  const REFUSED = 'Cross-site request refused - SecurityException';

  it('refuses a sign-in started by another site (login CSRF), without a session cookie', async () => {
    const client = new Client(server.url);
    const attempts: Record<string, string>[] = [
      { origin: 'http://evil.example' },
      { origin: 'null' },
      { origin: server.url, 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of attempts) {
      const res = await client.request('/api/session', {
        method: 'POST',
        headers,
        body: credentials(),
      });
      expect(res.status).toBe(400);
      expect(await res.text()).toBe(REFUSED);
      expect(client.lastSetCookie).toEqual([]);
    }
    const token = await (async () => {
      const owner = await signInAdmin(server);
      return (await owner.form('/api/session/token', {})).text();
    })();
    const linked = await client.request(`/api/session?token=${token}`, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(linked.status).toBe(400);
    expect(client.cookies.has('JSESSIONID')).toBe(false);
  });

  it('still signs in the web app and non-browser clients', async () => {
    const browser = new Client(server.url);
    const same = await browser.request('/api/session', {
      method: 'POST',
      headers: { origin: server.url, 'sec-fetch-site': 'same-origin' },
      body: credentials(),
    });
    expect(same.status).toBe(200);
    // A script or native client sends neither Origin nor Sec-Fetch-Site.
    const script = await fetch(`${server.url}/api/session`, {
      method: 'POST',
      body: credentials(),
    });
    expect(script.status).toBe(200);
  });

  it('refuses cookie-carrying writes another site could forge, not JSON clients or tokens', async () => {
    const client = await signInAdmin(server);
    const cookie = client.cookieHeader();
    const device = (n: number) => ({ name: `Forged ${n}`, uniqueId: `forged-${n}` });
    const send = (headers: Record<string, string>, body: string) =>
      fetch(`${server.url}/api/devices`, { method: 'POST', headers: { cookie, ...headers }, body });
    const form = (n: number) => new URLSearchParams(device(n)).toString();

    // An HTML form on another site: no Origin in old browsers, or a foreign one.
    const formType = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const [i, headers] of [
      formType,
      { ...formType, origin: 'http://evil.example' },
      { ...formType, 'sec-fetch-site': 'cross-site' },
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/json', 'sec-fetch-site': 'same-site' },
    ].entries()) {
      const res = await send(headers, form(i));
      expect(res.status, JSON.stringify(headers)).toBe(400);
      expect(await res.text()).toBe(REFUSED);
    }
    const devices = (await (await client.get('/api/devices')).json()) as { name: string }[];
    expect(devices.some((d) => d.name.startsWith('Forged'))).toBe(false);

    // A Traccar client using the cookie with JSON, and the web app itself, go through.
    const json = { 'content-type': 'application/json' };
    expect((await send(json, JSON.stringify(device(10)))).status).toBe(200);
    const webApp = { ...json, origin: server.url, 'sec-fetch-site': 'same-origin' };
    expect((await send(webApp, JSON.stringify(device(11)))).status).toBe(200);
    // A bearer token cannot be forged by another site, whatever the body.
    const token = await (await client.form('/api/session/token', {})).text();
    const bearer = await fetch(`${server.url}/api/session/token`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: new URLSearchParams({}),
    });
    expect(bearer.status).toBe(200);
  });
});

describe('behind a TLS reverse proxy', () => {
  const signIn = (url: string, headers: Record<string, string>) =>
    new Client(url).request('/api/session', {
      method: 'POST',
      headers,
      body: new URLSearchParams({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }),
    });
  const sessionCookie = (res: Response) =>
    res.headers.getSetCookie().find((c) => c.startsWith('JSESSIONID=')) ?? '';

  it('ignores X-Forwarded-Proto without TRUST_PROXY', async () => {
    const res = await signIn(server.url, { 'x-forwarded-proto': 'https' });
    expect(res.status).toBe(200);
    expect(sessionCookie(res)).not.toMatch(/; Secure/i);
  });

  it('with TRUST_PROXY, marks the cookie Secure for HTTPS and takes the address from X-Forwarded-For', async () => {
    const proxied = await startServer({ env: { TRUST_PROXY: 'true' } });
    try {
      const https = await signIn(proxied.url, { 'x-forwarded-proto': 'https' });
      expect(https.status).toBe(200);
      expect(sessionCookie(https)).toMatch(/; Secure/i);
      const http = await signIn(proxied.url, {});
      expect(sessionCookie(http)).not.toMatch(/; Secure/i);

      const guess = (forwardedFor: string) =>
        new Client(proxied.url).request('/api/session', {
          method: 'POST',
          headers: { 'x-forwarded-for': forwardedFor },
          body: new URLSearchParams({ email: TEST_ADMIN.email, password: 'wrong' }),
        });
      for (let i = 0; i < 5; i++) expect((await guess('203.0.113.9')).status).toBe(401);
      expect((await guess('203.0.113.9')).status).toBe(429);
      // Another client behind the same proxy is another address.
      expect((await guess('203.0.113.10')).status).toBe(401);
    } finally {
      await proxied.stop();
    }
  });
});

describe('login throttle', () => {
  const wrong = (client: Client, email: string, i: number) =>
    client.form('/api/session', { email, password: `guess-${i}` });

  it('slows the guessing address with 429 and a doubling Retry-After, even for the right password', async () => {
    await createUser('slowed@x', 'slowed-pass');
    const attacker = new Client(server.url, { localAddress: '127.0.0.2' });
    for (let i = 0; i < 5; i++) {
      const res = await wrong(attacker, 'slowed@x', i);
      expect(res.status).toBe(401);
      expect(await res.text()).toBe('HTTP 401 Unauthorized - WebApplicationException');
    }
    const slowed = await attacker.form('/api/session', {
      email: 'SLOWED@x',
      password: 'slowed-pass',
    });
    expect(slowed.status).toBe(429);
    expect(await slowed.text()).toBe('Too many login attempts - SecurityException');
    expect(slowed.headers.get('retry-after')).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await wrong(attacker, 'slowed@x', 5)).status).toBe(401);
    const again = await wrong(attacker, 'slowed@x', 6);
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toBe('2');
  });

  it('never locks the owner out: after many wrong passwords from one address, others sign in', async () => {
    await createUser('victim@x', 'victim-pass');
    const attacker = new Client(server.url, { localAddress: '127.0.0.3' });
    for (let i = 0; i < 12; i++) {
      expect([401, 429]).toContain((await wrong(attacker, 'victim@x', i)).status);
    }
    expect((await wrong(attacker, 'victim@x', 12)).status).toBe(429);

    // The owner, at their usual address and at one never seen before.
    await new Client(server.url).login('victim@x', 'victim-pass');
    await new Client(server.url, { localAddress: '127.0.0.4' }).login('victim@x', 'victim-pass');
  });

  it('limits failures per address, still letting in those who signed in from it before', async () => {
    await createUser('colleague@x', 'colleague-pass');
    await createUser('newcomer@x', 'newcomer-pass');
    const office = { localAddress: '127.0.0.5' };
    await new Client(server.url, office).login('colleague@x', 'colleague-pass');
    // One person behind the office's address sprays a password over many accounts.
    const sprayer = new Client(server.url, office);
    for (let i = 0; i < 30; i++) {
      expect((await wrong(sprayer, `sprayed${i}@x`, 0)).status).toBe(401);
    }
    const refused = await new Client(server.url, office).form('/api/session', {
      email: 'newcomer@x',
      password: 'newcomer-pass',
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    await new Client(server.url, office).login('colleague@x', 'colleague-pass');
    await new Client(server.url, { localAddress: '127.0.0.6' }).login(
      'newcomer@x',
      'newcomer-pass',
    );
  });

  it("does not refill the address's budget when the sprayer signs in to their own account", async () => {
    await createUser('sprayer@x', 'sprayer-pass');
    const at = { localAddress: '127.0.0.8' };
    const sprayer = new Client(server.url, at);
    await sprayer.login('sprayer@x', 'sprayer-pass');
    for (let i = 0; i < 30; i++) {
      expect((await wrong(sprayer, `target${i}@x`, 0)).status).toBe(401);
    }
    expect((await wrong(sprayer, 'target30@x', 0)).status).toBe(429);
    for (let round = 0; round < 3; round++) {
      // Their own account still lets them in from here (it signed in from here before)…
      await new Client(server.url, at).login('sprayer@x', 'sprayer-pass');
      // …but that success is no license for one more guess at someone else's.
      expect((await wrong(sprayer, `target${31 + round}@x`, 0)).status).toBe(429);
    }
  });

  it('takes the client address from the socket, not from X-Forwarded-For, without TRUST_PROXY', async () => {
    await createUser('forwarded@x', 'forwarded-pass');
    const attacker = new Client(server.url, { localAddress: '127.0.0.7' });
    const spoofed = (i: number) =>
      attacker.request('/api/session', {
        method: 'POST',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        body: new URLSearchParams({ email: 'forwarded@x', password: `guess-${i}` }),
      });
    for (let i = 0; i < 5; i++) expect((await spoofed(i)).status).toBe(401);
    expect((await spoofed(5)).status).toBe(429);
  });
});

describe('server settings', () => {
  it('GET /api/server is public and computed', async () => {
    const res = await fetch(`${server.url}/api/server`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      id: 1,
      registration: false,
      newServer: false,
      emailEnabled: false,
    });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('PUT /api/server needs a session and an administrator', async () => {
    const anonymous = await new Client(server.url).json(
      '/api/server',
      { announcement: 'x' },
      'PUT',
    );
    expect(anonymous.status).toBe(401);

    await createUser('plain@x', 'plain-pass');
    const plain = new Client(server.url);
    await plain.login('plain@x', 'plain-pass');
    const denied = await plain.json('/api/server', { announcement: 'x' }, 'PUT');
    expect(denied.status).toBe(400);
    expect(await denied.text()).toBe('Administrator access required - SecurityException');

    const current = (await (await admin.get('/api/server')).json()) as Record<string, unknown>;
    const saved = await admin.json(
      '/api/server',
      { ...current, announcement: 'Manutenção', version: '9.9.9' },
      'PUT',
    );
    expect(saved.status).toBe(200);
    const body = (await saved.json()) as Record<string, unknown>;
    expect(body.announcement).toBe('Manutenção');
    expect(body.version).toBe(current.version);

    const bad = await admin.json('/api/server', { attributes: [1, 2] }, 'PUT');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/attributes.* - IllegalArgumentException$/);
  });

  it('keeps a null sent for a server or user field null, as Traccar does, not ""', async () => {
    const current = (await (await admin.get('/api/server')).json()) as Record<string, unknown>;
    const saved = await admin.json(
      '/api/server',
      { ...current, announcement: null, mapUrl: null, poiLayer: null },
      'PUT',
    );
    expect(saved.status).toBe(200);
    const server = (await (await admin.get('/api/server')).json()) as Record<string, unknown>;
    expect([server.announcement, server.mapUrl, server.poiLayer]).toEqual([null, null, null]);

    const id = await createUser('nulls@x', 'nulls-pass');
    const user = (await (await admin.get(`/api/users/${id}`)).json()) as Record<string, unknown>;
    // The record exactly as read back, as traccar-web's user form saves it.
    const echoed = await admin.json(`/api/users/${id}`, { ...user, phone: null }, 'PUT');
    expect([echoed.status, user.expirationTime]).toEqual([200, null]);
    const after = (await echoed.json()) as Record<string, unknown>;
    expect([after.expirationTime, after.phone, after.login]).toEqual([null, null, null]);
  });
});

describe('persistence', () => {
  it('keeps sessions across a restart on the same DATA_DIR', async () => {
    const client = await signInAdmin(server);
    await server.restart();
    const res = await client.get('/api/session');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { email: string }).email).toBe(TEST_ADMIN.email);
    expect(server.output).not.toContain(TEST_ADMIN.password);
  });
});
