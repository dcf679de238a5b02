import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Client } from '../../support/http';
import { signInAdmin } from '../../support/entityApi';
import { startServer, type TestServer } from '../../support/server';
import { poller } from '../../support/waitFor';

let server: TestServer;
beforeAll(async () => {
  // The plus licence, so a brand can be saved (its sockets hear of it).
  server = await startServer({ env: { LICENSE_MODE: 'plus' } });
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

const waitFor = poller(5000, 20);

async function signedInAdmin(): Promise<Client> {
  const admin = await signInAdmin(server);
  return admin;
}

async function createdBy<T extends { id: number }>(client: Client, path: string, body: unknown) {
  const res = await client.json(path, body);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** A plain user created by `admin`, signed in. */
async function signedInUser(admin: Client, email: string) {
  const { id } = await createdBy(admin, '/api/users', {
    name: email,
    email,
    password: 'pass-1234',
  });
  const client = new Client(server.url);
  await client.login(email, 'pass-1234');
  return { id, client };
}

/** `client`'s socket, once its opening message came. */
async function open(client: Client): Promise<Opened> {
  const opened = await connect('/api/socket', { cookie: client.cookieHeader() });
  await waitFor(() => opened.messages[0]);
  return opened;
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
    const client = await signInAdmin(server);
    const other = await signInAdmin(server);

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

  it('ends a socket whose client breaks the protocol, logging no server error', async () => {
    const client = await signInAdmin(server);
    const errorsBefore = server.lines.filter((line) => line.includes('"level":50')).length;
    for (const frame of ['x'.repeat(65 * 1024), Buffer.from([0xc3, 0x28])]) {
      const opened = await connect('/api/socket', { cookie: client.cookieHeader() });
      // Sent as text: the second frame is not UTF-8.
      opened.socket.send(frame, { binary: false });
      expect([1007, 1009, 1006]).toContain((await opened.closed).code);
    }
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    await waitFor(() =>
      server.lines.filter((line) => line.includes('live socket ended by its client')).length >= 2
        ? true
        : undefined,
    );
    expect(server.lines.filter((line) => line.includes('"level":50')).length).toBe(errorsBefore);
  });

  it('accepts ?token=', async () => {
    const client = await signInAdmin(server);
    const token = await (await client.form('/api/session/token', {})).text();
    const opened = await connect(`/api/socket?token=${encodeURIComponent(token)}`);
    expect(await waitFor(() => opened.messages[0])).toBe('{"positions":[]}');
    opened.socket.close();
    await opened.closed;
    expect(server.output).not.toContain(token);
  });

  it('refuses a cookie from a foreign Origin', async () => {
    const client = await signInAdmin(server);
    await expect(
      connect('/api/socket', { cookie: client.cookieHeader(), origin: 'http://evil.example' }),
    ).rejects.toThrow('HTTP 401');
  });

  it('pushes an edited device to the sockets that see it, and a newly linked one to its user', async () => {
    const admin = await signedInAdmin();
    const created = <T extends { id: number }>(path: string, body: unknown) =>
      createdBy<T>(admin, path, body);
    const device = await created<{ id: number; name: string; uniqueId: string }>('/api/devices', {
      name: 'Van 12',
      uniqueId: 'socket-edit-1',
    });
    const user = (email: string) => signedInUser(admin, email);
    const [linked, stranger] = [await user('linked@frota.test'), await user('other@frota.test')];
    const link = await admin.json('/api/permissions', { userId: linked.id, deviceId: device.id });
    expect(link.status).toBe(204);
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
    // Nothing but the keepalive (`{}`, every 30 s) may have come meanwhile.
    expect(onStranger.messages.slice(1).filter((m) => m !== '{}')).toEqual([]);

    // Linked now: the device comes to that user's map at once.
    const later = await admin.json('/api/permissions', {
      userId: stranger.id,
      deviceId: device.id,
    });
    expect(later.status).toBe(204);
    await waitFor(() => named(onStranger, 'Van 12 - João'), 2000);
    for (const opened of [onAdmin, onLinked, onStranger]) opened.socket.close();
  });

  it('tells a user which devices they no longer see: unlinked, moved out of their group, deleted', async () => {
    const admin = await signedInAdmin();
    const created = <T extends { id: number }>(path: string, body: unknown) =>
      createdBy<T>(admin, path, body);
    const link = async (body: Record<string, number>, method = 'POST') =>
      expect((await admin.json('/api/permissions', body, method)).status).toBe(204);
    const group = await created('/api/groups', { name: 'Frota sul' });
    const device = (name: string, groupId = 0) =>
      created<{ id: number; name: string; uniqueId: string; groupId: number }>('/api/devices', {
        name,
        uniqueId: `socket-hide-${name}`,
        groupId,
      });
    const direct = await device('direct');
    const [inGroup, moved, both] = [
      await device('in-group', group.id),
      await device('moved', group.id),
      await device('both', group.id),
    ];
    const user = (email: string) => signedInUser(admin, email);
    const [viewer, stranger] = [await user('viewer@frota.test'), await user('else@frota.test')];
    await link({ userId: viewer.id, deviceId: direct.id });
    await link({ userId: viewer.id, deviceId: both.id });
    await link({ userId: viewer.id, groupId: group.id });
    await link({ userId: stranger.id, deviceId: inGroup.id });
    const [onAdmin, onViewer, onStranger] = [
      await open(admin),
      await open(viewer.client),
      await open(stranger.client),
    ];
    const removals = (opened: Opened) =>
      opened.messages.flatMap(
        (m) => (JSON.parse(m) as { removedDevices?: number[] }).removedDevices ?? [],
      );
    const removedNext = async (opened: Opened, action: () => Promise<unknown>) => {
      const before = removals(opened).length;
      await action();
      return waitFor(() => {
        const now = removals(opened);
        return now.length > before ? now.slice(before) : undefined;
      }, 2000);
    };

    // Unlinked: only that device, and only to that user.
    expect(
      await removedNext(onViewer, () => link({ userId: viewer.id, deviceId: direct.id }, 'DELETE')),
    ).toEqual([direct.id]);
    // Moved out of the group the user sees it through.
    expect(
      await removedNext(onViewer, () =>
        admin.json(`/api/devices/${moved.id}`, { ...moved, groupId: 0 }, 'PUT'),
      ),
    ).toEqual([moved.id]);
    // The group unlinked: its devices go, but one still linked directly stays.
    expect(
      await removedNext(onViewer, () => link({ userId: viewer.id, groupId: group.id }, 'DELETE')),
    ).toEqual([inGroup.id]);
    // Deleted (no lazy deletion): everyone who saw it, administrators included.
    const adminBefore = removals(onAdmin).length;
    expect(
      await removedNext(onViewer, async () =>
        expect((await admin.delete(`/api/devices/${both.id}`)).status).toBe(204),
      ),
    ).toEqual([both.id]);
    await waitFor(() => (removals(onAdmin).length > adminBefore ? true : undefined), 2000);
    expect(removals(onAdmin).slice(adminBefore)).toEqual([both.id]);
    // The message is the key alone, and the stranger, whose device stayed theirs, heard nothing.
    expect(onViewer.messages.filter((m) => m.includes('removedDevices')).at(-1)).toBe(
      JSON.stringify({ removedDevices: [both.id] }),
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(removals(onStranger)).toEqual([]);
    for (const opened of [onAdmin, onViewer, onStranger]) opened.socket.close();
  });
  it('follows the group tree and the administrator flag: a group moved or deleted, a user made or unmade an administrator', async () => {
    const admin = await signedInAdmin();
    const created = <T extends { id: number }>(path: string, body: unknown) =>
      createdBy<T>(admin, path, body);
    const link = async (body: Record<string, number>) =>
      expect((await admin.json('/api/permissions', body)).status).toBe(204);
    const [north, south] = [
      await created('/api/groups', { name: 'Regional norte' }),
      await created('/api/groups', { name: 'Regional sul' }),
    ];
    const depot = await created<{ id: number; name: string; groupId: number }>('/api/groups', {
      name: 'Pátio',
      groupId: north.id,
    });
    const device = (name: string) =>
      created<{ id: number; uniqueId: string }>('/api/devices', {
        name,
        uniqueId: `socket-tree-${name}`,
        groupId: depot.id,
      });
    const [truck, van] = [await device('truck'), await device('van')];
    // The truck has a position: whoever gains it gets it with the device.
    const fix = await fetch(
      `http://127.0.0.1:${server.osmandPort}/?id=${truck.uniqueId}&lat=-23.5&lon=-46.6&timestamp=${Math.floor(Date.now() / 1000)}`,
      { method: 'POST' },
    );
    expect(fix.status).toBe(200);
    const user = (email: string) => signedInUser(admin, email);
    const [northUser, southUser, depotUser, promoted] = [
      await user('north@frota.test'),
      await user('south@frota.test'),
      await user('depot@frota.test'),
      await user('promoted@frota.test'),
    ];
    await link({ userId: northUser.id, groupId: north.id });
    await link({ userId: southUser.id, groupId: south.id });
    await link({ userId: depotUser.id, groupId: depot.id });
    await link({ userId: promoted.id, deviceId: van.id });
    const [onNorth, onSouth, onDepot, onPromoted] = [
      await open(northUser.client),
      await open(southUser.client),
      await open(depotUser.client),
      await open(promoted.client),
    ];
    const since = (opened: Opened) => {
      const from = opened.messages.length;
      return () => opened.messages.slice(from).map((m) => JSON.parse(m) as Message);
    };
    type Message = {
      removedDevices?: number[];
      devices?: { id: number }[];
      positions?: { deviceId: number }[];
    };
    const removed = (read: () => Message[]) => read().flatMap((m) => m.removedDevices ?? []);
    const shown = (read: () => Message[]) =>
      read()
        .flatMap((m) => m.devices ?? [])
        .map((d) => d.id);
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
    const both = sorted([truck.id, van.id]);

    // The depot moves from the north region to the south one.
    let [north1, south1, depot1] = [since(onNorth), since(onSouth), since(onDepot)];
    const move = await admin.json(
      `/api/groups/${depot.id}`,
      { ...depot, groupId: south.id },
      'PUT',
    );
    expect(move.status).toBe(200);
    expect(
      sorted(await waitFor(() => (removed(north1).length === 2 ? removed(north1) : undefined))),
    ).toEqual(both);
    await waitFor(() => (both.every((id) => shown(south1).includes(id)) ? true : undefined));
    expect(
      south1()
        .flatMap((m) => m.positions ?? [])
        .map((p) => p.deviceId),
    ).toEqual([truck.id]);
    expect(removed(south1)).toEqual([]);
    await new Promise((r) => setTimeout(r, 200));
    expect(removed(depot1)).toEqual([]);
    expect(removed(north1)).toHaveLength(2);

    // The depot deleted: its devices leave everyone who saw them through it or its parent.
    [north1, south1, depot1] = [since(onNorth), since(onSouth), since(onDepot)];
    expect((await admin.delete(`/api/groups/${depot.id}`)).status).toBe(204);
    expect(
      sorted(await waitFor(() => (removed(depot1).length === 2 ? removed(depot1) : undefined))),
    ).toEqual(both);
    expect(
      sorted(await waitFor(() => (removed(south1).length === 2 ? removed(south1) : undefined))),
    ).toEqual(both);
    await new Promise((r) => setTimeout(r, 200));
    // The north region lost the depot's vehicles with the move; the deletion tells it nothing.
    expect(removed(north1)).toEqual([]);
    expect(shown(north1)).toEqual([]);

    // Made an administrator: every device beyond their own link comes; unmade: those go again.
    let promoted1 = since(onPromoted);
    const raise = await admin.json(`/api/users/${promoted.id}`, { administrator: true }, 'PUT');
    expect(raise.status).toBe(200);
    await waitFor(() => (shown(promoted1).includes(truck.id) ? true : undefined));
    expect(shown(promoted1)).not.toContain(van.id);
    promoted1 = since(onPromoted);
    const lower = await admin.json(`/api/users/${promoted.id}`, { administrator: false }, 'PUT');
    expect(lower.status).toBe(200);
    await waitFor(() => (removed(promoted1).includes(truck.id) ? true : undefined));
    expect(removed(promoted1)).not.toContain(van.id);
    for (const opened of [onNorth, onSouth, onDepot, onPromoted]) opened.socket.close();
  });

  it("tells a user's sockets, and only theirs, that their account was saved", async () => {
    const admin = await signedInAdmin();
    const [edited, other] = [
      await signedInUser(admin, 'edited@frota.test'),
      await signedInUser(admin, 'bystander@frota.test'),
    ];
    const [first, second, bystander] = [
      await open(edited.client),
      await open(edited.client),
      await open(other.client),
    ];
    const marks = [first, second, bystander].map((opened) => opened.messages.length);
    const saved = await admin.json(`/api/users/${edited.id}`, { readonly: true }, 'PUT');
    expect(saved.status).toBe(200);
    for (const opened of [first, second]) {
      await waitFor(() => (opened.messages.includes('{"userChanged":true}') ? true : undefined));
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(
      bystander.messages.slice(marks[2]).filter((m) => m !== '{}'),
      'a bystander hears nothing of it',
    ).toEqual([]);
    expect(first.messages.slice(marks[0]).filter((m) => m === '{"userChanged":true}')).toHaveLength(
      1,
    );
    for (const opened of [first, second, bystander]) opened.socket.close();
  });

  it('tells every socket that the server settings were saved', async () => {
    const admin = await signedInAdmin();
    const { client } = await signedInUser(admin, 'settings-watcher@frota.test');
    const [onUser, onAdmin] = [await open(client), await open(admin)];
    const settings = (await (await admin.get('/api/server')).json()) as Record<string, unknown>;
    const saved = await admin.json('/api/server', settings, 'PUT');
    expect(saved.status).toBe(200);
    for (const opened of [onUser, onAdmin]) {
      await waitFor(() => (opened.messages.includes('{"serverChanged":true}') ? true : undefined));
    }
    // So does the brand (title, logo, colours).
    const from = onUser.messages.length;
    const theme = {
      config: { title: 'Frota Sul', whatsapp: '', headLogo: { image: false, text: '' } },
    };
    expect((await admin.json('/tarkan/theme', theme, 'PUT')).status).toBe(200);
    await waitFor(() =>
      onUser.messages.slice(from).includes('{"serverChanged":true}') ? true : undefined,
    );
    // A refused save changes nothing and says nothing.
    const marks = [onUser, onAdmin].map((opened) => opened.messages.length);
    const refused = await client.json('/api/server', settings, 'PUT');
    expect(refused.status).toBe(400);
    await new Promise((r) => setTimeout(r, 200));
    [onUser, onAdmin].forEach((opened, i) =>
      expect(opened.messages.slice(marks[i]).filter((m) => m !== '{}')).toEqual([]),
    );
    for (const opened of [onUser, onAdmin]) opened.socket.close();
  });
});
