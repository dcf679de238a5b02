/**
 * Faults with two REAL server processes in cluster mode (REDIS_URL, with PostgreSQL: the cluster
 * tests' servers, tests/support/clusterSetup.ts) on one database:
 * - PostgreSQL cut off (a proxy between the instances and it): devices get 503 on the OsmAnd port
 *   and on the web port, the API gets 503, both in Traccar's error text, nothing is acknowledged
 *   that was not stored, and everything works again by itself once PostgreSQL is back;
 * - `kill -9` of one instance under traffic: no acknowledged position is lost, nor any queued
 *   command but one sent in an answer the kill cut; the devices carry on with the other instance.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect } from '../../server/db/connect';
import type { Db } from '../../server/db/database';
import { Client } from '../support/http';
import { createPostgresDatabase, type TempPostgres } from '../support/postgres';
import { TEST_ADMIN, startServer, type TestServer } from '../support/server';
import { postgresAddress, startTcpProxy, type TcpProxy } from '../support/tcpProxy';

const REDIS_URL = inject('clusterRedisUrl');
const UNAVAILABLE = 'Database unavailable - StorageException';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Fix times in whole seconds, an hour back, so every fix is within the accepted age. */
const BASE_S = Math.floor(Date.now() / 1000) - 3600;

interface Answer {
  status: number;
  body: string;
}

/** One HTTP exchange; a connection that fails or is cut answers status 0. */
async function exchange(url: string, init: RequestInit = {}): Promise<Answer> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    return { status: res.status, body: await res.text() };
  } catch {
    return { status: 0, body: '' };
  }
}

const osmand = (server: TestServer, query: string) =>
  exchange(`http://127.0.0.1:${server.osmandPort}/?${query}`);

async function startPair(databaseUrl: string): Promise<TestServer[]> {
  const env = { DATABASE_URL: databaseUrl, REDIS_URL };
  // One after the other: the first migrates and creates the administrator.
  const first = await startServer({ env, startTimeoutMs: 60_000 });
  const second = await startServer({ env, startTimeoutMs: 60_000 });
  return [first, second];
}

async function createDevice(admin: Client, uniqueId: string): Promise<number> {
  const res = await admin.json('/api/devices', { name: uniqueId, uniqueId });
  if (res.status !== 200) throw new Error(`device: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

describe('PostgreSQL unreachable behind two instances', () => {
  let temp: TempPostgres;
  let proxy: TcpProxy;
  let direct: Db;
  let servers: TestServer[] = [];

  beforeAll(async () => {
    temp = await createPostgresDatabase(inject('clusterPostgresUrl'));
    proxy = await startTcpProxy(postgresAddress(temp.url));
    servers = await startPair(proxy.through(temp.url));
    direct = await connect({ kind: 'postgres', url: temp.url });
  }, 120_000);
  afterAll(async () => {
    proxy?.restore();
    for (const server of servers) await server.stop();
    await direct?.close();
    await proxy?.close();
    await temp?.drop();
  });

  const stored = async (deviceId: number) =>
    (
      await direct.kysely
        .selectFrom('positions')
        .select('fixTime')
        .where('deviceId', '=', deviceId)
        .orderBy('fixTime')
        .execute()
    ).map((row) => row.fixTime / 1000);

  it('answers 503 to devices and to the API, and recovers by itself', async () => {
    const [a, b] = servers;
    const admin = new Client(a.url);
    await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const deviceId = await createDevice(admin, 'cut-1');
    const query = (second: number) => `id=cut-1&timestamp=${BASE_S + second}&lat=-23.5&lon=-46.6`;
    const webPost = (server: TestServer, second: number) =>
      exchange(`${server.url}/?${query(second)}`, { method: 'POST' });

    expect(await osmand(a, query(1))).toEqual({ status: 200, body: '' });
    expect(await webPost(b, 2)).toEqual({ status: 200, body: '' });

    proxy.cut();
    const refused = [
      await osmand(a, query(3)),
      await webPost(a, 4),
      await osmand(b, query(5)),
      await webPost(b, 6),
      await exchange(`http://127.0.0.1:${b.osmandPort}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          device_id: 'cut-1',
          location: {
            timestamp: new Date((BASE_S + 7) * 1000).toISOString(),
            coords: { latitude: -23.5, longitude: -46.6 },
          },
        }),
      }),
    ];
    expect(refused).toEqual(refused.map(() => ({ status: 503, body: UNAVAILABLE })));
    const api = await admin.get('/api/devices');
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('5');
    expect(await api.text()).toBe(UNAVAILABLE);
    // Nothing was acknowledged that is not stored, and nothing refused was stored.
    expect(await stored(deviceId)).toEqual([BASE_S + 1, BASE_S + 2]);

    proxy.restore();
    // No restart: each instance's pool reconnects on its next query (the device retries).
    const retried = async (attempt: () => Promise<Answer>) => {
      const deadline = Date.now() + 20_000;
      let answer = await attempt();
      while (answer.status !== 200 && Date.now() < deadline) {
        expect(answer.status).toBe(503);
        await sleep(200);
        answer = await attempt();
      }
      return answer;
    };
    expect(await retried(() => osmand(a, query(3)))).toEqual({ status: 200, body: '' });
    expect(await retried(() => webPost(b, 4))).toEqual({ status: 200, body: '' });
    expect((await admin.get('/api/devices')).status).toBe(200);
    expect(await stored(deviceId)).toEqual([1, 2, 3, 4].map((s) => BASE_S + s));
  }, 90_000);
});

describe('kill -9 of one instance under traffic', () => {
  let temp: TempPostgres;
  let direct: Db;
  let servers: TestServer[] = [];

  beforeAll(async () => {
    temp = await createPostgresDatabase(inject('clusterPostgresUrl'));
    servers = await startPair(temp.url);
    direct = await connect({ kind: 'postgres', url: temp.url });
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await direct?.close();
    await temp?.drop();
  });

  it('loses no acknowledged position, nor a queued command but with an answer it cut', async () => {
    const [a, b] = servers;
    const admin = new Client(b.url);
    await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const DEVICES = 12;
    const ids: number[] = [];
    for (let d = 0; d < DEVICES; d++) ids.push(await createDevice(admin, `kill-${d}`));

    /** Every fix each device sent, with what became of each attempt. */
    interface Attempt {
      device: number;
      second: number;
      server: TestServer;
      answer: Answer;
    }
    const attempts: Attempt[] = [];
    const alive = new Set([a, b]);
    let stop = false;

    // Each device sends its next fix once the previous one was answered, to the instances in
    // turn; an attempt that fails goes to the next instance, as a balancer would retry it.
    const device = async (d: number) => {
      let turn = d;
      for (let second = 1; !stop; second++) {
        const query = `id=kill-${d}&timestamp=${BASE_S + second}&lat=${-23.5 - second / 1e4}&lon=-46.6`;
        for (let tries = 0; ; tries++) {
          const pool = [a, b].filter((s) => alive.has(s));
          const server = pool[turn++ % pool.length];
          const answer = await osmand(server, query);
          attempts.push({ device: d, second, server, answer });
          if (answer.status === 200) break;
          if (tries > 50) throw new Error(`kill-${d} fix ${second} never stored`);
          await sleep(20);
        }
      }
    };

    // Commands are queued all along through the API of the instance that stays.
    const queued: string[] = [];
    const commands = (async () => {
      for (let k = 0; !stop; k++) {
        const data = `cmd-${k}`;
        const res = await admin.json('/api/commands/send', {
          deviceId: ids[k % DEVICES],
          type: 'custom',
          attributes: { data },
        });
        expect(res.status).toBe(202);
        queued.push(data);
        await sleep(40);
      }
    })();

    const traffic = Array.from({ length: DEVICES }, (_, d) => device(d));
    await sleep(2_000);
    await a.kill();
    alive.delete(a);
    const killedAt = attempts.length;
    await sleep(2_000);
    stop = true;
    await Promise.all([...traffic, commands]);

    const acknowledged = attempts.filter((t) => t.answer.status === 200);
    expect(attempts.slice(killedAt).filter((t) => t.answer.status === 200).length).toBeGreaterThan(
      DEVICES,
    );
    expect(acknowledged.filter((t) => t.server === a).length).toBeGreaterThan(DEVICES);

    const rows = await direct.kysely
      .selectFrom('positions')
      .select(['deviceId', 'fixTime'])
      .where('deviceId', 'in', ids)
      .execute();
    const storedFixes = rows.map((r) => `${ids.indexOf(r.deviceId)}:${r.fixTime / 1000 - BASE_S}`);
    const storedSet = new Set(storedFixes);
    // Every acknowledged fix is stored.
    for (const t of acknowledged) expect(storedSet.has(`${t.device}:${t.second}`)).toBe(true);
    // A fix is stored twice only when an attempt of it was cut before its answer (the device
    // sent it again); never otherwise.
    const cut = new Set(
      attempts.filter((t) => t.answer.status === 0).map((t) => `${t.device}:${t.second}`),
    );
    const twice = storedFixes.filter((fix, i) => storedFixes.indexOf(fix) !== i);
    for (const fix of twice) expect(cut.has(fix)).toBe(true);

    // Every command went once in an answer or is still queued, except one that went with a fix
    // the killed instance committed but could not answer (stored twice: it and the device's
    // retry): a command leaves the queue with the reply carrying it, as in Traccar, so one
    // lost with its reply is gone (docs/scaling.md). At most one per such fix.
    const delivered = acknowledged.map((t) => t.answer.body).filter((body) => body !== '');
    expect(new Set(delivered).size).toBe(delivered.length);
    expect(delivered.length).toBeGreaterThan(0);
    const left = (
      await direct.kysely.selectFrom('queuedCommands').select('attributes').execute()
    ).map((row) => (JSON.parse(row.attributes) as { data: string }).data);
    const lost = queued.filter((data) => !delivered.includes(data) && !left.includes(data));
    const committedUnanswered = attempts.filter(
      (t) => t.server === a && t.answer.status === 0 && twice.includes(`${t.device}:${t.second}`),
    );
    expect(lost.length).toBeLessThanOrEqual(committedUnanswered.length);
    for (const data of lost) {
      const k = Number(data.slice('cmd-'.length));
      expect(committedUnanswered.some((t) => t.device === k % DEVICES)).toBe(true);
    }
  }, 120_000);
});
