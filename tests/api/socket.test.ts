import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Client } from '../support/http';
import { TEST_ADMIN, startServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

interface Opened {
  socket: WebSocket;
  messages: string[];
  closed: Promise<{ code: number }>;
}

/** Resolves once open (with the messages collected so far), rejects with the HTTP status if refused. */
function connect(path: string, headers: Record<string, string> = {}): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(server.wsUrl + path, { headers });
    const messages: string[] = [];
    const closed = new Promise<{ code: number }>((done) =>
      socket.on('close', (code) => done({ code })),
    );
    // A browser hands a binary frame over as a Blob, which a Traccar client cannot parse.
    socket.on('message', (data, isBinary) => messages.push(isBinary ? '<binary>' : String(data)));
    socket.on('open', () => resolve({ socket, messages, closed }));
    socket.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.on('error', reject);
  });
}

async function waitFor<T>(fn: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('/api/socket', () => {
  it('refuses an unauthenticated upgrade', async () => {
    await expect(connect('/api/socket')).rejects.toThrow('HTTP 401');
    await expect(connect('/api/socket?token=bogus')).rejects.toThrow('HTTP 401');
    await expect(connect('/api/socket', { cookie: 'JSESSIONID=forged' })).rejects.toThrow(
      'HTTP 401',
    );
  });

  it('accepts the session cookie, and closes when that session logs out', async () => {
    const client = new Client(server.url);
    await client.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const other = new Client(server.url);
    await other.login(TEST_ADMIN.email, TEST_ADMIN.password);

    const mine = await connect('/api/socket', { cookie: client.cookieHeader() });
    const theirs = await connect('/api/socket', { cookie: other.cookieHeader() });
    expect(await waitFor(() => mine.messages[0])).toBe('{"positions":[]}');

    expect((await client.delete('/api/session')).status).toBe(204);
    const { code } = await mine.closed;
    expect(code).toBe(4000);
    // Another session of the same user is untouched.
    expect(theirs.socket.readyState).toBe(WebSocket.OPEN);
    theirs.socket.close();
  });

  it('accepts ?token=', async () => {
    const client = new Client(server.url);
    await client.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const token = await (await client.form('/api/session/token', {})).text();
    const opened = await connect(`/api/socket?token=${encodeURIComponent(token)}`);
    expect(await waitFor(() => opened.messages[0])).toBe('{"positions":[]}');
    opened.socket.close();
    await opened.closed;
    expect(server.output).not.toContain(token);
  });

  it('refuses a cookie from a foreign Origin', async () => {
    const client = new Client(server.url);
    await client.login(TEST_ADMIN.email, TEST_ADMIN.password);
    await expect(
      connect('/api/socket', { cookie: client.cookieHeader(), origin: 'http://evil.example' }),
    ).rejects.toThrow('HTTP 401');
  });

  it('pushes an edited device to the sockets that see it, and a newly linked one to its user', async () => {
    const admin = new Client(server.url);
    await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const created = async <T extends { id: number }>(path: string, body: unknown) => {
      const res = await admin.json(path, body);
      expect(res.status).toBe(200);
      return (await res.json()) as T;
    };
    const device = await created<{ id: number; name: string; uniqueId: string }>('/api/devices', {
      name: 'Van 12',
      uniqueId: 'socket-edit-1',
    });
    const user = async (email: string) => {
      const { id } = await created('/api/users', { name: email, email, password: 'pass-1234' });
      const client = new Client(server.url);
      await client.login(email, 'pass-1234');
      return { id, client };
    };
    const [linked, stranger] = [await user('linked@frota.test'), await user('other@frota.test')];
    const link = await admin.json('/api/permissions', { userId: linked.id, deviceId: device.id });
    expect(link.status).toBe(204);
    const open = async (client: Client) => {
      const opened = await connect('/api/socket', { cookie: client.cookieHeader() });
      await waitFor(() => opened.messages[0]);
      return opened;
    };
    const [onAdmin, onLinked, onStranger] = [
      await open(admin),
      await open(linked.client),
      await open(stranger.client),
    ];
    const named = (opened: Opened, name: string) =>
      opened.messages.find((m) => {
        const devices = (JSON.parse(m) as { devices?: { id: number; name: string }[] }).devices;
        return devices?.some((d) => d.id === device.id && d.name === name) ? m : undefined;
      });

    // No report follows: the edit itself reaches whoever sees the device, and nobody else.
    const res = await admin.json(
      `/api/devices/${device.id}`,
      { ...device, name: 'Van 12 - João' },
      'PUT',
    );
    expect(res.status).toBe(200);
    await waitFor(() => named(onAdmin, 'Van 12 - João'), 2000);
    await waitFor(() => named(onLinked, 'Van 12 - João'), 2000);
    await new Promise((r) => setTimeout(r, 300));
    expect(onStranger.messages.slice(1)).toEqual([]);

    // Linked now: the device comes to that user's map at once.
    const later = await admin.json('/api/permissions', {
      userId: stranger.id,
      deviceId: device.id,
    });
    expect(later.status).toBe(204);
    await waitFor(() => named(onStranger, 'Van 12 - João'), 2000);
    for (const opened of [onAdmin, onLinked, onStranger]) opened.socket.close();
  });
});
