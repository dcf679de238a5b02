import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../support/http';
import { signInAdmin } from '../../support/entityApi';
import { startServer, type TestServer } from '../../support/server';

describe('registration', () => {
  let server: TestServer;
  let admin: Client;

  beforeAll(async () => {
    server = await startServer();
    admin = await signInAdmin(server);
  });
  afterAll(() => server?.stop());

  const newcomer = { name: 'Newcomer', email: 'new@x.test', password: 'new-pass' };

  it('is refused while registration is off', async () => {
    const res = await new Client(server.url).json('/api/users', newcomer);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('Registration disabled - SecurityException');
  });

  it('works once an admin enables it, with safe defaults forced', async () => {
    const on = await admin.json('/api/server', { registration: true }, 'PUT');
    expect(on.status).toBe(200);
    expect(((await on.json()) as { registration: boolean }).registration).toBe(true);

    const res = await new Client(server.url).json('/api/users', {
      ...newcomer,
      administrator: true,
      deviceLimit: 500,
      userLimit: -1,
      readonly: false,
    });
    expect(res.status).toBe(200);
    const user = (await res.json()) as Record<string, unknown>;
    expect(user).toMatchObject({
      email: 'new@x.test',
      administrator: false,
      deviceLimit: -1,
      userLimit: 0,
    });
    expect(user.password).toBeNull();
    await new Client(server.url).login('new@x.test', 'new-pass');
  });

  it('validates the form', async () => {
    const client = new Client(server.url);
    const cases: [object, string][] = [
      [{ ...newcomer, email: 'NEW@x.test' }, 'Email already in use - IllegalArgumentException'],
      [
        { ...newcomer, email: 'other@x.test', name: 'Al' },
        'Name too short - IllegalArgumentException',
      ],
      [{ ...newcomer, email: 'abc' }, 'Email too short - IllegalArgumentException'],
      [
        { ...newcomer, email: 'other@x.test', name: 'N'.repeat(129) },
        'Name too long - IllegalArgumentException',
      ],
      [
        { ...newcomer, email: `${'e'.repeat(122)}@x.test` },
        'Email too long - IllegalArgumentException',
      ],
      [
        { ...newcomer, email: 'other@x.test', password: '123' },
        'Password too short - IllegalArgumentException',
      ],
    ];
    for (const [body, text] of cases) {
      const res = await client.json('/api/users', body);
      expect(res.status).toBe(400);
      expect(await res.text()).toBe(text);
    }
    // The password rules (OWASP ASVS), from another visitor: every try counts toward the
    // registration rate limit of its address.
    const visitor = new Client(server.url, { localAddress: '127.0.4.1' });
    const passwordCases: [object, string][] = [
      // Eight characters, not blanks alone…
      [
        { ...newcomer, email: 'other@x.test', password: '    ' },
        'Password too short - IllegalArgumentException',
      ],
      [
        { ...newcomer, email: 'other@x.test', password: 'seven-7' },
        'Password too short - IllegalArgumentException',
      ],
      [
        { ...newcomer, email: 'other@x.test', password: ' '.repeat(12) },
        'Password too short - IllegalArgumentException',
      ],
      // …not among the commonest, in any case…
      [
        { ...newcomer, email: 'other@x.test', password: 'Password1' },
        'Password too common - IllegalArgumentException',
      ],
      [
        { ...newcomer, email: 'other@x.test', password: 'senha123' },
        'Password too common - IllegalArgumentException',
      ],
      // …and not the account's own e-mail, its name before the @, or its name.
      [
        { ...newcomer, email: 'other@x.test', password: 'OTHER@x.test' },
        'Password matches the account - IllegalArgumentException',
      ],
      [
        { ...newcomer, email: 'fernanda.lima@x.test', password: 'fernanda.lima' },
        'Password matches the account - IllegalArgumentException',
      ],
      [
        { ...newcomer, name: 'Fernanda Lima', email: 'other@x.test', password: 'fernanda lima' },
        'Password matches the account - IllegalArgumentException',
      ],
    ];
    for (const [body, text] of passwordCases) {
      const res = await visitor.json('/api/users', body);
      expect([res.status, await res.text()]).toEqual([400, text]);
    }
    const badAttributes = await client.json('/api/users', {
      ...newcomer,
      email: 'o@x.test',
      attributes: 'x',
    });
    expect(badAttributes.status).toBe(400);
    expect(await badAttributes.text()).toMatch(/attributes.* - IllegalArgumentException$/);
  });

  it('lets users read and save their own preferences, not others', async () => {
    const me = new Client(server.url);
    const user = (await me.login('new@x.test', 'new-pass')) as { id: number };
    const saved = await me.json(
      `/api/users/${user.id}`,
      {
        name: 'New Name',
        administrator: true,
        attributes: { language: 'es', timezone: 'America/Sao_Paulo' },
      },
      'PUT',
    );
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      name: 'New Name',
      administrator: false,
      attributes: { language: 'es', timezone: 'America/Sao_Paulo' },
    });
    expect(((await (await me.get(`/api/users/${user.id}`)).json()) as { name: string }).name).toBe(
      'New Name',
    );

    const other = await me.get('/api/users/1');
    expect(other.status).toBe(400);
    expect(await other.text()).toBe('User access denied - SecurityException');
    expect((await new Client(server.url).get(`/api/users/${user.id}`)).status).toBe(401);
    expect((await admin.get(`/api/users/${user.id}`)).status).toBe(200);
    expect((await admin.get('/api/users/424242')).status).toBe(404);
  });
});

describe('first administrator with a generated password', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ admin: null });
  });
  afterAll(() => server?.stop());

  it('prints the password once, and it signs in as administrator', async () => {
    const line = await server.waitForLine(/password: /);
    const password = /password:\s+(\S+)/.exec(line)![1];
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(server.output).toContain('first administrator created');
    const user = await new Client(server.url).login('admin', password);
    expect(user.administrator).toBe(true);

    await server.restart();
    const banners = server.lines.filter((l) => /password: /.test(l));
    expect(banners).toHaveLength(1);
    await new Client(server.url).login('admin', password);
  });
});
