import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Client } from '../../support/http';
import { create, link, makeUser, apiFixtureForFile } from '../../support/entityApi';
import { poller } from '../../support/waitFor';

/**
 * The live protocol logs on `/api/socket` (docs/traccar-api.md): after `{"logs":true}` a socket
 * receives `{logs:[{host, protocol, uniqueId, deviceId, data}]}` for the device messages its user
 * may see, until `{"logs":false}`.
 */

interface LogRecord {
  host: string;
  protocol: string;
  uniqueId: string;
  deviceId: number;
  data: string;
}

interface Watcher {
  socket: WebSocket;
  records: LogRecord[];
}

let user: Client;
let ownId: number;
let otherId: number;
const f = apiFixtureForFile();
beforeAll(async () => {
  ownId = (await create(f.admin, '/api/devices', { name: 'Mine', uniqueId: 'logs-own' })).id;
  otherId = (await create(f.admin, '/api/devices', { name: 'Theirs', uniqueId: 'logs-other' })).id;
  const plain = await makeUser(f);
  user = plain.client;
  await link(f.admin, { userId: plain.id, deviceId: ownId });
}, 120_000);

function watch(client: Client, askLogs = true): Promise<Watcher> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${f.server.wsUrl}/api/socket`, {
      headers: { cookie: client.cookieHeader() },
    });
    const records: LogRecord[] = [];
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { logs?: LogRecord[] };
      if (message.logs) records.push(...message.logs);
    });
    socket.on('open', () => {
      if (askLogs) socket.send(JSON.stringify({ logs: true }));
      resolve({ socket, records });
    });
    socket.on('error', reject);
  });
}

const waitFor = poller(5000, 20);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const osmand = () => `http://127.0.0.1:${f.server.osmandPort}`;
const now = () => Math.floor(Date.now() / 1000);

/** Posts an OsmAnd message in the query form and returns the device's answer status. */
async function send(uniqueId: string, extra = '', base = osmand()): Promise<number> {
  const res = await fetch(
    `${base}/?id=${uniqueId}&lat=-23.5&lon=-46.6&timestamp=${now()}${extra}`,
    {
      method: 'POST',
    },
  );
  await res.text();
  return res.status;
}

const named = (w: Watcher, uniqueId: string, marker?: string) => () =>
  w.records.find((r) => r.uniqueId === uniqueId && (!marker || r.data.includes(marker)));

describe('live protocol logs on /api/socket', () => {
  it('sends a received OsmAnd message to whoever asked and may see the device', async () => {
    const admin = await watch(f.admin);
    const plain = await watch(user);
    const silent = await watch(user, false);
    await sleep(100); // the `{logs:true}` messages reach the server first
    expect(await send('logs-own', '&marker=first')).toBe(200);

    const record = await waitFor(named(plain, 'logs-own', 'marker=first'));
    expect(record).toEqual({
      host: '127.0.0.1',
      protocol: 'osmand',
      uniqueId: 'logs-own',
      deviceId: ownId,
      data: expect.stringMatching(
        /^POST \/\?id=logs-own&lat=-23\.5&lon=-46\.6&.* HTTP\/1\.1\\r\\n/,
      ),
    });
    expect(Object.keys(record).sort()).toEqual([
      'data',
      'deviceId',
      'host',
      'protocol',
      'uniqueId',
    ]);
    expect(record.data).toMatch(/\\r\\n\\r\\n$/); // headers end; the query form has no body
    expect((await waitFor(named(admin, 'logs-own', 'marker=first'))).deviceId).toBe(ownId);

    // Another user's device and an unknown device reach the administrator only.
    expect(await send('logs-other', '&marker=second')).toBe(200);
    expect(await send('logs-ghost', '&marker=third')).toBe(400);
    expect((await waitFor(named(admin, 'logs-other'))).deviceId).toBe(otherId);
    const ghost = await waitFor(named(admin, 'logs-ghost'));
    expect(ghost).toMatchObject({ uniqueId: 'logs-ghost', deviceId: 0, protocol: 'osmand' });
    // A message that fails to decode still names its device; one naming none reaches nobody.
    const undecodable = await fetch(`${osmand()}/?id=logs-own&lat=north&lon=1&marker=bad`);
    expect(undecodable.status).toBe(400);
    const nameless = await fetch(`${osmand()}/?lat=1&lon=1&marker=nameless`, { method: 'POST' });
    expect(nameless.status).toBe(400);
    await waitFor(named(plain, 'logs-own', 'marker=bad'));
    // A refused fix of a device the user sees is logged too, and stays behind the others.
    expect(await send('logs-own', '&marker=last&speed=-5')).toBe(400);
    await waitFor(named(plain, 'logs-own', 'marker=last'));
    await waitFor(named(admin, 'logs-own', 'marker=last'));
    expect(plain.records.map((r) => r.data.match(/marker=(\w+)/)?.[1])).toEqual([
      'first',
      'bad',
      'last',
    ]);
    expect(admin.records.some((r) => r.data.includes('nameless'))).toBe(false);
    await sleep(300);
    expect(silent.records).toEqual([]);

    for (const w of [admin, plain, silent]) w.socket.close();
  });

  it('logs the web-port form, JSON bodies, and bytes that are not text as hex', async () => {
    const admin = await watch(f.admin);
    await sleep(100);
    const json = await fetch(`${f.server.url}/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: 'JSESSIONID=secret-session',
        authorization: 'Basic c2VjcmV0',
      },
      body: JSON.stringify({
        device_id: 'logs-own',
        location: { timestamp: new Date().toISOString(), coords: { latitude: 1, longitude: 2 } },
      }),
    });
    expect(json.status).toBe(200);
    const record = await waitFor(named(admin, 'logs-own', 'device_id'));
    expect(record.data).toMatch(/^POST \/ HTTP\/1\.1\\r\\n/);
    expect(record.data).toContain('\\r\\n\\r\\n{"device_id":"logs-own"');
    expect(record.host).toBe('127.0.0.1');
    // Credentials a request may carry never reach the logs' readers.
    expect(record.data).toMatch(/\\r\\ncookie: \*\*\*\\r\\n/i);
    expect(record.data).toMatch(/\\r\\nauthorization: \*\*\*\\r\\n/i);
    expect(record.data).not.toContain('secret');

    const bytes = Buffer.from(`id=logs-own&lat=1&lon=2&note=\u00ff`, 'latin1');
    const form = await fetch(`${osmand()}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: bytes,
    });
    await form.text();
    const hex = await waitFor(() =>
      admin.records.find((r) => r.data.startsWith(Buffer.from('POST / HTTP').toString('hex'))),
    );
    expect(hex.data.endsWith(bytes.toString('hex'))).toBe(true);
    expect(hex.deviceId).toBe(ownId);
    admin.socket.close();
  });

  it('stops after {"logs":false}', async () => {
    const admin = await watch(f.admin);
    const plain = await watch(user);
    await sleep(100);
    await send('logs-own', '&marker=before');
    await waitFor(named(plain, 'logs-own', 'marker=before'));

    plain.socket.send(JSON.stringify({ logs: false }));
    await sleep(100);
    await send('logs-own', '&marker=after');
    await waitFor(named(admin, 'logs-own', 'marker=after'));
    await sleep(300);
    expect(plain.records.map((r) => r.data.includes('marker=after'))).toEqual([false]);

    // And on again.
    plain.socket.send(JSON.stringify({ logs: true }));
    await sleep(100);
    await send('logs-own', '&marker=again');
    await waitFor(named(plain, 'logs-own', 'marker=again'));
    admin.socket.close();
    plain.socket.close();
  });

  it('ignores messages it does not understand, and keeps the socket', async () => {
    const plain = await watch(user, false);
    plain.socket.send('not json');
    plain.socket.send(JSON.stringify({ logs: null }));
    plain.socket.send(JSON.stringify({ other: true }));
    await sleep(100);
    await send('logs-own', '&marker=ignored');
    await sleep(400);
    expect(plain.records).toEqual([]);
    expect(plain.socket.readyState).toBe(WebSocket.OPEN);
    plain.socket.close();
  });
});
