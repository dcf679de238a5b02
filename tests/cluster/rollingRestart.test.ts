import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { gt06 } from '../../server/protocol/gt06';
import { OsmAndSender } from '../../server/simulator/sender';
import { startCluster, waitFor, type TestCluster } from '../support/cluster';
import { FakeTracker } from '../support/fakeTracker';
import { startHaproxy, type TestHaproxy } from '../support/haproxy';
import { Client } from '../support/http';
import { freePort, TEST_ADMIN } from '../support/server';

/**
 * A rolling restart behind the sample HAProxy configuration (`deploy/haproxy/haproxy.cfg`, used
 * as it is), under load (docs/scaling.md, "Health, readiness and draining"): each instance in
 * turn is stopped with SIGTERM, drains, and is started again. Devices resend a fix until it is
 * answered, as phones do; an administrator's map reconnects its socket when it closes. Nothing
 * acknowledged may be lost, nothing stored twice, and the map never waits long for positions.
 */

const DEVICES = 300;
/** Fixes per second over the whole fleet: each device sends one every DEVICES / RATE seconds. */
const RATE = 500;
/** The longest the administrator's socket may go without a position while devices report. */
const MAX_GAP_MS = 5_000;
/** HAProxy checks readiness every second and needs two answers to take an instance back. */
const BALANCER_RISE_MS = 3_000;

let cluster: TestCluster;
let haproxy: TestHaproxy;

beforeAll(async () => {
  cluster = await startCluster({
    instances: 2,
    // A fixed port each, kept when the instance restarts, so the balancer's file stays right.
    instanceEnv: async () => ({ GT06_PORT: String(await freePort()) }),
  });
  haproxy = await startHaproxy(cluster.instances);
}, 120_000);
afterAll(async () => {
  await haproxy?.close();
  await cluster?.stop();
});

/** An administrator's live socket through the balancer, reconnecting as the web app does. */
class ReconnectingSocket {
  /** When each message carrying positions came. */
  readonly positionsAt: number[] = [];
  readonly closeCodes: number[] = [];
  private socket: WebSocket | null = null;
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly cookie: string,
  ) {}

  open(): void {
    const socket = new WebSocket(`${this.url.replace(/^http/, 'ws')}/api/socket`, {
      headers: { cookie: this.cookie },
    });
    this.socket = socket;
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { positions?: unknown[] };
      if (message.positions && message.positions.length > 0) {
        this.positionsAt.push(performance.now());
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', (code) => {
      this.closeCodes.push(code);
      // The web app comes back within a second of a restart (`RESTART_RECONNECT_MS`).
      if (!this.stopped) setTimeout(() => this.open(), 200 + Math.random() * 800);
    });
  }

  close(): void {
    this.stopped = true;
    this.socket?.close();
  }

  /** The longest stretch without positions between `from` and `to`. */
  longestGap(from: number, to: number): number {
    const times = [from, ...this.positionsAt.filter((at) => at > from && at < to), to];
    return Math.max(...times.slice(1).map((at, i) => at - times[i]));
  }
}

describe('a rolling restart behind HAProxy', () => {
  it('loses no acknowledged fix, stores none twice, and keeps the map fed', async () => {
    const [a, b] = cluster.instances;
    const admin = new Client(haproxy.webUrl);
    await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const ids = new Map<string, number>();
    const uniqueIds = Array.from({ length: DEVICES }, (_, i) => `rolling-${i}`);
    for (let i = 0; i < uniqueIds.length; i += 20) {
      await Promise.all(
        uniqueIds.slice(i, i + 20).map(async (uniqueId) => {
          const res = await admin.json('/api/devices', { name: uniqueId, uniqueId });
          expect(res.status).toBe(200);
          ids.set(uniqueId, ((await res.json()) as { id: number }).id);
        }),
      );
    }

    // A tracker's TCP port goes through the balancer too.
    const trackerId = gt06.device.uniqueId(777);
    expect((await admin.json('/api/devices', { name: 'gt06', uniqueId: trackerId })).status).toBe(
      200,
    );
    const tracker = await FakeTracker.connect(gt06, haproxy.gt06Port, trackerId);
    tracker.sendHello();
    expect((await tracker.next()).read.kind).toBe('ack');
    await tracker.close();

    const socket = new ReconnectingSocket(haproxy.webUrl, admin.cookieHeader());
    socket.open();

    const sender = new OsmAndSender({
      url: haproxy.osmandUrl,
      concurrency: 128,
      maxQueue: DEVICES * 2,
      // Resending is the devices' own (below), as long as it takes.
      retries: 0,
      timeoutMs: 10_000,
      breakerThreshold: Number.MAX_SAFE_INTEGER,
    });
    const t0 = Math.floor(Date.now() / 1000 - 7200) * 1000;
    const acknowledged = new Set<string>();
    let sent = 0;
    let resent = 0;
    let sending = true;
    const period = (DEVICES / RATE) * 1000;
    const device = async (uniqueId: string, offset: number) => {
      await new Promise((resolve) => setTimeout(resolve, offset));
      const started = performance.now();
      for (let k = 0; sending; k++) {
        const time = t0 + k * 1000;
        const query = `id=${uniqueId}&lat=-23.55&lon=-46.63&speed=10&timestamp=${time / 1000}`;
        sent++;
        for (;;) {
          const result = await sender.send(query);
          if (result.ok) break;
          // No answer, or not a success: the phone keeps the fix and sends it again.
          resent++;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        acknowledged.add(`${ids.get(uniqueId)}:${time}`);
        const next = started + (k + 1) * period - performance.now();
        if (next > 0) await new Promise((resolve) => setTimeout(resolve, next));
      }
    };
    const loadStart = performance.now();
    const devices = uniqueIds.map((uniqueId, i) => device(uniqueId, (i / DEVICES) * period));
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    const exitCodes: (number | null)[] = [];
    for (const server of [a, b]) {
      exitCodes.push(await cluster.restart(server));
      await new Promise((resolve) => setTimeout(resolve, BALANCER_RISE_MS));
    }
    const loadEnd = performance.now();
    sending = false;
    await Promise.all(devices);
    await sender.close();
    socket.close();

    const rows = await cluster.query<{ device_id: string; fix_time: string; n: string }>(
      `select device_id, fix_time, count(*) as n from positions
       where device_id = any($1) group by device_id, fix_time`,
      [[...ids.values()]],
    );
    const duplicates = rows.filter((row) => Number(row.n) > 1);
    const stored = new Set(rows.map((row) => `${row.device_id}:${row.fix_time}`));
    const gap = socket.longestGap(loadStart + 1_000, loadEnd);
    const seconds = (loadEnd - loadStart) / 1000;
    console.info(
      `rolling restart: ${sent} fixes sent over ${seconds.toFixed(1)} s ` +
        `(${Math.round(sent / seconds)}/s), ${resent} resends, ${acknowledged.size} acknowledged, ` +
        `${stored.size} stored, ${duplicates.length} duplicates; socket closes ` +
        `${JSON.stringify(socket.closeCodes)}, longest gap ${Math.round(gap)} ms`,
    );

    expect(exitCodes).toEqual([0, 0]);
    expect(duplicates).toEqual([]);
    expect([...acknowledged].filter((key) => !stored.has(key))).toEqual([]);
    expect([...stored].filter((key) => !acknowledged.has(key))).toEqual([]);
    expect(acknowledged.size).toBe(sent);
    // The map was on one of the instances, so it was sent elsewhere at least once.
    expect(socket.closeCodes).toContain(1012);
    expect(gap).toBeLessThanOrEqual(MAX_GAP_MS);
    await waitFor(() => (socket.closeCodes.length > 0 ? true : undefined));
  }, 120_000);
});
