/**
 * Cluster capacity benchmark (not a test): how many fixes a second 1, 2 and 3 instances in
 * cluster mode (one PostgreSQL, one Redis) store while every instance's administrator socket gets
 * each fix within the latency bound, each instance held to the same CPU quota. The single
 * instance runs in cluster mode too, with Redis, so the comparison shows what more instances
 * add, not what cluster mode costs; `--lone` adds one instance without Redis for reference.
 *
 * Each instance process runs in a control group of its own with `--quota` of a core given over
 * `--period-ms` periods (`bench/cpuQuota.ts`: over the kernel's default 100 ms, an instance at
 * its quota froze up to 75 ms at a time, and a fix crossing two instances met two such freezes
 * where one instance's own socket met none); PostgreSQL, Redis, HAProxy and the sender run
 * outside the quotas. The
 * fixes (OsmAnd over HTTP) go through HAProxy, which sends each device to one instance by its
 * id (`balance url_param id`, `hash-type consistent`: how an operator should deploy it,
 * docs/scaling.md); `--balance roundrobin` shows the fallback where a device's fixes alternate.
 *
 * For each setup the offered rate steps up (`--factor` a step, from `--start` fixes/s per
 * instance) with an open-loop sender: each step sends at its rate whatever the replies do, up to
 * `--inflight` requests in flight per instance, dropping what cannot be sent. A step passes
 * when the acknowledged rate is at least 95% of the rate asked, nothing failed, and the p99 of
 * acknowledgement → socket message is under `--p99` ms on every instance's socket. After the
 * first step that fails, one step between it and the last that passed refines the figure.
 * The capacity is the highest acknowledged rate of a step that passed. Every step prints the rate
 * asked and delivered, p99 per socket, each instance's CPU against its quota, the share of
 * scheduling periods an instance was throttled in, the machine's idle CPU and the sender's load,
 * then what each instance's own metrics timed of a fix's way to its sockets over the window:
 * the relay from the instance that stored it, the fan-out (the wait behind earlier batches, the
 * audience, the writes) and the event loop's delay, so a late step names where it waited.
 *
 * What stopped a setup decides whether it measured the instances. A failing step was the
 * instances' when one of them was held back by its quota in at least half the scheduling
 * periods, or used 85% of its quota while the machine had CPU to spare. Otherwise, with the
 * sender's or the socket reader's event loop over 90% busy (the column "sender") or over 5% of
 * the fixes asked dropped at its in-flight limit, or the machine's idle CPU under 5% of a core,
 * that is the sender or this machine and not the code, and the
 * setup's capacity (and any ratio using it) prints "not measured". So does a setup stopped by
 * anything else ("other": the instances below their quota, neither the sender nor the machine
 * short; a wait in the code or the database, which this cannot tell apart).
 * Stored positions are counted against acknowledged fixes at the end of each setup.
 *
 *   npx tsx bench/cluster.ts [--instances 1,2,3] [--quota 0.25] [--period-ms 10]
 *     [--balance hash|roundrobin]
 *     [--devices 10000] [--start 250] [--factor 1.25] [--steps 11] [--step-seconds 8]
 *     [--warmup 10] [--inflight 600] [--p99 300] [--lone]
 *
 * `--start` is per instance (a setup of n instances starts at n × start); `--warmup` seconds at
 * the starting rate come first, unmeasured (the instances compile their code under the quota),
 * longer when needed to send every device a fix. Default run: about 6 minutes, at most about 11.
 * PostgreSQL: BENCH_DATABASE_URL, else the machine's
 * (postgres://root@127.0.0.1:5432/test), else one started here; Redis: REDIS_URL, else the
 * machine's, else one started here (tests/support/services.ts). Targets: 2 instances ≥ 1.7× and
 * 3 instances ≥ 2.4× the capacity of one.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import net from 'node:net';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { OsmAndSender } from '../server/simulator/sender';
import { createPostgresDatabase, type TempPostgres } from '../tests/support/postgres';
import { freePort, type TestServer } from '../tests/support/server';
import { parseExposition, type Family } from '../tests/support/prometheus';
import { postgresAnswers, redisAnswers, TestPostgres, TestRedis } from '../tests/support/services';
import { connect } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import {
  DEFAULT_PERIOD_MS,
  machineCpuMs,
  openCpuQuotas,
  processCpuMs,
  type CpuGroup,
  type CpuQuotas,
} from './cpuQuota';
import {
  adminClient,
  log,
  MACHINE_SPARE,
  osmAndMessage,
  percentile,
  runIfMain,
  sleep,
  startBenchServer,
  storedPositions,
  type Figure,
} from './support';

const TARGETS: Record<number, number> = { 2: 1.7, 3: 2.4 };
/** A step passes when at least this share of the rate asked was acknowledged. */
const DELIVERED = 0.95;
/** Below this share of its quota the busiest instance was not what held a step back. */
const AT_QUOTA = 0.85;
/** Held back by its quota in this share of scheduling periods: the instance was the limit. */
const THROTTLED = 0.5;
/**
 * More of the rate asked than this share dropped at the sender's in-flight limit, by instances
 * below their quota: the limit (`--inflight`), not the instances, held the step back.
 */
const DROPPED = 0.05;
/** The sender's event loop busier than this: it may not have sent on time. */
const SENDER_BUSY = 0.9;
/** Time left for a step's lead-in (not measured) before its window, and for replies after it. */
const LEAD_IN_MS = 2_000;
/** Fix times of one device follow each other this far apart. */
const FIX_SPACING_MS = 2_500;

/** The instances' `/metrics` answer to this token alone. */
const METRICS_TOKEN = `bench-cluster-${process.pid}`;

/** What an instance's own metrics say of a fix's way to its sockets, read at a window's ends. */
interface StageReading {
  /** Cumulative bucket counts (`le` → count) of each live histogram. */
  relay: Map<number, number>;
  delivery: Map<number, number>;
  /** p99 of the event loop's delay since the previous scrape (s); NaN when unread. */
  loopLag: number;
}

function buckets(families: Map<string, Family>, name: string): Map<number, number> {
  const counts = new Map<number, number>();
  for (const sample of families.get(name)?.samples ?? []) {
    if (sample.name !== `${name}_bucket`) continue;
    const bound = sample.labels.le === '+Inf' ? Infinity : Number(sample.labels.le);
    counts.set(bound, sample.value);
  }
  return counts;
}

async function readStages(server: TestServer): Promise<StageReading | null> {
  try {
    const res = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      signal: AbortSignal.timeout(5_000),
    });
    if (!res.ok) return null;
    const families = parseExposition(await res.text());
    const lag = families
      .get('frota_nodejs_eventloop_lag_p99_seconds')
      ?.samples.find((sample) => sample.name === 'frota_nodejs_eventloop_lag_p99_seconds');
    return {
      relay: buckets(families, 'frota_live_relay_seconds'),
      delivery: buckets(families, 'frota_live_delivery_seconds'),
      loopLag: lag?.value ?? NaN,
    };
  } catch {
    return null;
  }
}

/**
 * The 99th percentile of what a histogram counted between two readings, as the upper bound of
 * the bucket it falls in (ms): "≤ 50" means between the previous bound and 50. NaN when nothing
 * was counted; Infinity when it lies past the last bound.
 */
function bucketP99(from: Map<number, number>, to: Map<number, number>): number {
  const bounds = [...to.keys()].sort((x, y) => x - y);
  const total = (to.get(Infinity) ?? 0) - (from.get(Infinity) ?? 0);
  if (total <= 0) return NaN;
  for (const bound of bounds) {
    if ((to.get(bound) ?? 0) - (from.get(bound) ?? 0) >= total * 0.99) return bound * 1000;
  }
  return Infinity;
}

/** Per instance: p99 of relay and delivery (bucket bounds) and of the event loop's delay (ms). */
interface Stages {
  relay: number[];
  delivery: number[];
  loopLag: number[];
}

interface Options {
  instances: number[];
  quota: number;
  periodMs: number;
  balance: 'hash' | 'roundrobin';
  devices: number;
  start: number;
  factor: number;
  steps: number;
  stepSeconds: number;
  warmup: number;
  inflight: number;
  p99: number;
  lone: boolean;
}

/**
 * HAProxy (Debian's, installed when missing) in front of the instances' OsmAnd ports:
 * keep-alive on both sides, each device to one instance by the `id` of its query (consistent
 * hashing, so adding an instance moves only its share of the devices), or round-robin.
 */
async function balancer(
  ports: number[],
  balance: Options['balance'],
): Promise<{ url: string; pid: number | null; shares(): Promise<number[]>; close(): void }> {
  const installed = spawnSync('bash', ['scripts/ensure-cluster-services.sh', 'haproxy'], {
    stdio: 'inherit',
  });
  if (installed.status !== 0) throw new Error('HAProxy is missing and could not be installed');
  const front = await freePort();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'frota-haproxy-'));
  const config = path.join(dir, 'haproxy.cfg');
  await writeFile(
    config,
    [
      'global',
      '  maxconn 8192',
      `  stats socket ${path.join(dir, 'stats.sock')}`,
      'defaults',
      '  mode http',
      '  timeout connect 5s',
      '  timeout client 60s',
      '  timeout server 60s',
      'frontend devices',
      `  bind 127.0.0.1:${front}`,
      '  default_backend instances',
      'backend instances',
      ...(balance === 'hash'
        ? ['  balance url_param id', '  hash-type consistent']
        : ['  balance roundrobin']),
      // Equal weights, but many points per instance on the hash ring: at the default weight
      // (1) 10,000 devices split 44/56% over two instances and 36/28/36% over three; at 256,
      // within 1% (docs/scaling.md, "Balancing devices over instances").
      '  default-server weight 256',
      '  http-reuse always',
      ...ports.map((p, i) => `  server i${i} 127.0.0.1:${p}`),
      '',
    ].join('\n'),
  );
  const haproxy = spawn('haproxy', ['-f', config, '-db'], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${front}`;
  for (let i = 0; ; i++) {
    const answered = await fetch(`${url}/`).then(
      () => true,
      () => false,
    );
    if (answered) break;
    if (i > 100) {
      haproxy.kill();
      throw new Error('HAProxy did not start');
    }
    await sleep(100);
  }
  return {
    url,
    pid: haproxy.pid ?? null,
    shares: async () => {
      // `show stat` CSV: proxy name, server name, …, the 8th field the requests sent it.
      const csv = await new Promise<string>((resolve, reject) => {
        let text = '';
        const socket = net.connect(path.join(dir, 'stats.sock'), () => socket.end('show stat\n'));
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      const counts = ports.map((_, i) => {
        const row = csv.split('\n').find((line) => line.startsWith(`instances,i${i},`));
        return Number(row?.split(',')[7] ?? NaN);
      });
      const total = counts.reduce((sum, c) => sum + c, 0);
      return counts.map((c) => c / total);
    },
    close: () => {
      haproxy.kill();
      void rm(dir, { recursive: true, force: true });
    },
  };
}

/** The devices `server` knows, as the administrator sees them. */
async function listDevices(server: TestServer): Promise<{ id: number; uniqueId: string }[]> {
  const admin = await adminClient(server);
  const res = await admin.get('/api/devices');
  if (res.status !== 200) throw new Error(`GET /api/devices: HTTP ${res.status}`);
  return (await res.json()) as { id: number; uniqueId: string }[];
}

/**
 * A fresh database with the schema and `count` devices, written directly: creating 10,000 devices
 * through the API would take a minute and is not what this measures.
 */
async function seedDatabase(adminUrl: string, count: number): Promise<TempPostgres> {
  const database = await createPostgresDatabase(adminUrl);
  const db = await connect({ kind: 'postgres', url: database.url });
  try {
    await migrateToLatest(db);
    const rows = Array.from({ length: count }, (_, index) => ({
      name: `Cluster ${index}`,
      uniqueId: `cl-${String(index).padStart(6, '0')}`,
      attributes: '{}',
      state: '{}',
      disabled: false,
    }));
    for (let at = 0; at < rows.length; at += 1000) {
      await db.kysely
        .insertInto('devices')
        .values(rows.slice(at, at + 1000))
        .execute();
    }
  } finally {
    await db.close();
  }
  return database;
}

/**
 * The administrators' sockets, read on a thread of their own so that parsing every fix three
 * times over does not delay the sender. Plain JavaScript: the thread loads no TypeScript. It
 * posts, every 100 ms, [socket, deviceId, fixTime, arrival] quadruples; arrival is
 * `timeOrigin + now()`, comparable across threads.
 */
const WATCHER = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const WebSocket = require(workerData.ws);
let out = [];
let opened = 0;
workerData.sockets.forEach(({ url, cookie }, index) => {
  const socket = new WebSocket(url, { headers: { cookie } });
  socket.on('open', () => { if (++opened === workerData.sockets.length) parentPort.postMessage({ open: true }); });
  socket.on('error', (error) => parentPort.postMessage({ error: String(error) }));
  socket.on('message', (data) => {
    const at = performance.timeOrigin + performance.now();
    const message = JSON.parse(data.toString('utf8'));
    for (const p of message.positions || []) out.push(index, p.deviceId, Date.parse(p.fixTime), at);
  });
});
setInterval(() => {
  parentPort.postMessage({ elu: performance.eventLoopUtilization() });
  if (out.length === 0) return;
  const array = Float64Array.from(out);
  out = [];
  parentPort.postMessage({ arrivals: array }, [array.buffer]);
}, 100);
`;

interface Watcher {
  /** Per socket, arrival times (absolute ms) of each fix, by `keyOf`. */
  arrivals: Map<number, number>[];
  /** The reading thread's event loop utilisation so far (a late reader delays arrivals). */
  elu(): EventLoopUtilization | null;
  close(): Promise<void>;
}

/**
 * A fix's key: its device and its place in the device's sequence (a number, so the sender's
 * thread spends little on looking fixes up).
 */
type KeyOf = (deviceId: number, fixTime: number) => number;

async function watchSockets(servers: TestServer[], keyOf: KeyOf): Promise<Watcher> {
  const sockets = await Promise.all(
    servers.map(async (server) => ({
      url: `${server.wsUrl}/api/socket`,
      cookie: (await adminClient(server)).cookieHeader(),
    })),
  );
  const worker = new Worker(WATCHER, {
    eval: true,
    workerData: { sockets, ws: createRequire(import.meta.url).resolve('ws') },
  });
  const arrivals = servers.map(() => new Map<number, number>());
  let elu: EventLoopUtilization | null = null;
  await new Promise<void>((resolve, reject) => {
    type Posted = {
      open?: true;
      error?: string;
      arrivals?: Float64Array;
      elu?: EventLoopUtilization;
    };
    worker.on('message', (message: Posted) => {
      if (message.open) resolve();
      if (message.elu) elu = message.elu;
      if (message.error) reject(new Error(message.error));
      const a = message.arrivals;
      if (!a) return;
      for (let i = 0; i < a.length; i += 4) {
        const key = keyOf(a[i + 1], a[i + 2]);
        const seen = arrivals[a[i]];
        if (!seen.has(key)) seen.set(key, a[i + 3]);
      }
    });
    worker.on('error', reject);
  });
  return {
    arrivals,
    elu: () => elu,
    close: async () => {
      await sleep(300); // the last posting
      await worker.terminate();
    },
  };
}

/** An instance under its quota, and its CPU time so far. */
interface Instance {
  server: TestServer;
  group: CpuGroup | null;
}

/** What one step measured. */
interface Step {
  asked: number;
  delivered: number;
  dropped: number;
  failed: number;
  /** p99 ack → socket per socket (ms); NaN with no fix seen. */
  p99: number[];
  /** CPU each instance used during the window (cores). */
  cores: number[];
  /** Share of scheduling periods each instance was throttled in. */
  throttled: number[];
  /** Idle CPU left on the machine (cores). */
  spare: number;
  /** The busier of the sender's and the socket reader's event loop utilisation. */
  senderBusy: number;
  /** What each instance's own metrics timed over the window. */
  stages: Stages;
  passed: boolean;
  /** What held a failing step back. */
  limit: 'instances' | 'sender' | 'machine' | 'other' | null;
}

interface SetupResult {
  label: string;
  instances: number;
  steps: Step[];
  /** The highest acknowledged rate of a passing step; null when none passed. */
  capacity: number | null;
  /** Why the capacity is not the instances', when it is not. */
  notMeasured: string | null;
  acknowledged: number;
  stored: number;
  failed: number;
  /** Each instance's share of the requests the balancer sent. */
  shares: number[];
}

/** Drives one running setup: warm-up, then the steps. */
async function measure(
  label: string,
  instances: Instance[],
  options: Options,
  quotaKnown: boolean,
): Promise<Omit<SetupResult, 'stored'>> {
  const servers = instances.map((i) => i.server);
  const devices = (await listDevices(servers[0])).filter((d) => d.uniqueId.startsWith('cl-'));
  const front = await balancer(
    servers.map((s) => Number(s.env.OSMAND_PORT)),
    options.balance,
  );
  const base = Date.now() - 3 * 3_600_000;
  const keyOf: KeyOf = (deviceId, fixTime) =>
    deviceId * 2 ** 20 + Math.round((fixTime - base) / FIX_SPACING_MS);
  const watcher = await watchSockets(servers, keyOf);
  const n = servers.length;
  const sender = new OsmAndSender({
    url: front.url,
    concurrency: options.inflight * n,
    maxQueue: Math.max(64, options.inflight * n),
    retries: 0,
    timeoutMs: 30_000,
    breakerThreshold: 1_000_000,
  });
  const sentPerDevice = new Uint32Array(devices.length);
  let next = 0;
  /** Acknowledgement times (absolute ms) of fixes by `deviceId:fixTime`. */
  let acked = new Map<number, number>();
  let totalAcked = 0;
  let totalFailed = 0;
  const now = () => performance.timeOrigin + performance.now();

  /** Sends at `rate` for `ms`; answers what was offered, acknowledged in the window, etc. */
  const run = async (rate: number, ms: number, windowFrom: number, windowTo: number) => {
    const counts = { acked: 0, failed: 0, dropped: 0 };
    const started = performance.now();
    let sent = 0;
    while (performance.now() - started < ms) {
      const due = Math.floor(((performance.now() - started) * rate) / 1000);
      for (; sent < due; sent++) {
        const index = next++ % devices.length;
        const device = devices[index];
        const fixTime = base + sentPerDevice[index]++ * FIX_SPACING_MS;
        const key = keyOf(device.id, fixTime);
        void sender.send(osmAndMessage(device.uniqueId, fixTime, next)).then((result) => {
          if (result.dropped) {
            counts.dropped++;
            return;
          }
          if (!result.ok) {
            counts.failed++;
            totalFailed++;
            return;
          }
          totalAcked++;
          const at = now();
          const since = performance.now() - started;
          if (since >= windowFrom && since < windowTo) {
            counts.acked++;
            acked.set(key, at);
          }
        });
      }
      await sleep(2);
    }
    return counts;
  };

  const cpu = () => servers.map((s) => (s.pid === null ? NaN : (processCpuMs(s.pid) ?? NaN)));
  const throttling = () =>
    instances.map((i) => i.group?.throttling() ?? { periods: 0, throttled: 0 });

  const steps: Step[] = [];
  let shares: number[] = [];
  const step = async (asked: number): Promise<Step> => {
    acked = new Map();
    const windowMs = options.stepSeconds * 1000;
    // Marks taken at the window's ends, while the sender keeps sending.
    const marks: {
      cpu: number[];
      throttle: { periods: number; throttled: number }[];
      machine: { busy: number; idle: number };
      elu: EventLoopUtilization;
      readers: EventLoopUtilization | null;
      at: number;
      stages: Promise<(StageReading | null)[]>;
    }[] = [];
    const mark = () =>
      marks.push({
        cpu: cpu(),
        throttle: throttling(),
        machine: machineCpuMs(),
        elu: performance.eventLoopUtilization(),
        readers: watcher.elu(),
        at: performance.now(),
        stages: Promise.all(servers.map(readStages)),
      });
    const timers = [setTimeout(mark, LEAD_IN_MS), setTimeout(mark, LEAD_IN_MS + windowMs)];
    const counts = await run(asked, LEAD_IN_MS + windowMs, LEAD_IN_MS, LEAD_IN_MS + windowMs);
    timers.forEach(clearTimeout);
    if (marks.length < 2) mark();
    // Replies and socket messages of the window's last fixes.
    await sender.idle(10_000);
    await sleep(1_000);
    const [from, to] = marks;
    const seconds = (to.at - from.at) / 1000;
    const [before, after] = await Promise.all([from.stages, to.stages]);
    const stageOf = (read: (a: StageReading, b: StageReading) => number) =>
      servers.map((_server, i) => {
        const a = before[i];
        const b = after[i];
        return a && b ? read(a, b) : NaN;
      });
    const stages: Stages = {
      relay: stageOf((a, b) => bucketP99(a.relay, b.relay)),
      delivery: stageOf((a, b) => bucketP99(a.delivery, b.delivery)),
      loopLag: stageOf((_a, b) => b.loopLag * 1000),
    };
    const cores = from.cpu.map((c, i) => (to.cpu[i] - c) / 1000 / seconds);
    const throttled = from.throttle.map((t, i) => {
      const periods = to.throttle[i].periods - t.periods;
      return periods > 0 ? (to.throttle[i].throttled - t.throttled) / periods : 0;
    });
    const spare = (to.machine.idle - from.machine.idle) / 1000 / seconds;
    const readers = (to.readers?.active ?? NaN) - (from.readers?.active ?? NaN);
    const readerIdle = (to.readers?.idle ?? NaN) - (from.readers?.idle ?? NaN);
    const readersBusy = readers / (readers + readerIdle);
    const senderBusy = Math.max(
      performance.eventLoopUtilization(to.elu, from.elu).utilization,
      Number.isFinite(readersBusy) ? readersBusy : 0,
    );
    const p99 = watcher.arrivals.map((seen) => {
      const latencies: number[] = [];
      for (const [key, at] of acked) {
        const arrived = seen.get(key);
        // On the instance that stored it, the socket may hear of a fix before the sender does.
        if (arrived !== undefined) latencies.push(Math.max(0, arrived - at));
      }
      // A fix acknowledged in the window that never reached a socket counts as too late.
      const missing = acked.size - latencies.length;
      for (let i = 0; i < missing; i++) latencies.push(Infinity);
      seen.clear();
      return percentile(latencies, 99);
    });
    const delivered = counts.acked / (options.stepSeconds || 1);
    const passed =
      delivered >= asked * DELIVERED && counts.failed === 0 && p99.every((p) => p < options.p99);
    // An instance held back in most scheduling periods used its whole quota; one near its quota
    // on a machine with CPU to spare was too. Near the quota on a machine with none left, it
    // may have been waiting for a core rather than for its quota.
    const atQuota = cores.some(
      (c, i) =>
        throttled[i] >= THROTTLED || (c >= options.quota * AT_QUOTA && spare >= MACHINE_SPARE),
    );
    const limit: Step['limit'] = passed
      ? null
      : quotaKnown && atQuota
        ? 'instances'
        : senderBusy > SENDER_BUSY || counts.dropped > asked * options.stepSeconds * DROPPED
          ? 'sender'
          : spare < MACHINE_SPARE
            ? 'machine'
            : 'other';
    const result: Step = {
      asked,
      delivered,
      dropped: counts.dropped,
      failed: counts.failed,
      p99,
      cores,
      throttled,
      spare,
      senderBusy,
      stages,
      passed,
      limit,
    };
    printStep(label, result, options);
    return result;
  };

  try {
    // Every device once at least: a device's first fix on an instance reads what it has not
    // cached yet (its audience, its state), which is not the steady cost being measured.
    const warmupMs = Math.max(options.warmup * 1000, (devices.length / (options.start * n)) * 1000);
    log(
      `${label}: warming up for ${Math.round(warmupMs / 1000)} s at ${options.start * n} fixes/s`,
    );
    await run(options.start * n, warmupMs, Infinity, Infinity);
    await sender.idle(20_000);
    for (const seen of watcher.arrivals) seen.clear();
    let rate = options.start * n;
    let lastPassed: number | null = null;
    for (let s = 0; s < options.steps; s++) {
      const result = await step(Math.round(rate));
      steps.push(result);
      if (result.passed) {
        lastPassed = rate;
        rate *= options.factor;
        continue;
      }
      // One step halfway (geometrically) between the last that passed and this one.
      if (lastPassed !== null && s + 1 < options.steps) {
        steps.push(await step(Math.round(Math.sqrt(lastPassed * rate))));
      }
      break;
    }
  } finally {
    await sender.idle(30_000);
    await sender.close();
    await watcher.close();
    shares = await front.shares().catch(() => []);
    front.close();
  }
  const passing = steps.filter((s) => s.passed);
  const capacity = passing.length > 0 ? Math.max(...passing.map((s) => s.delivered)) : null;
  const failing = steps.find((s) => !s.passed);
  let notMeasured: string | null = null;
  if (!quotaKnown) notMeasured = 'no CPU quota';
  else if (!failing) notMeasured = 'never saturated: raise --steps or --start';
  else if (failing.limit === 'sender') notMeasured = 'the sender was the limit';
  else if (failing.limit === 'machine')
    notMeasured = "the machine's CPU outside the quotas ran out";
  else if (failing.limit === 'other')
    notMeasured = 'it stopped below its quota (a wait in the code or the database)';
  return {
    label,
    instances: n,
    steps,
    capacity,
    notMeasured,
    acknowledged: totalAcked,
    failed: totalFailed,
    shares,
  };
}

const fixed = (value: number, digits = 0) =>
  Number.isFinite(value) ? value.toFixed(digits) : value === Infinity ? '∞' : '-';

function printStep(label: string, s: Step, options: Options): void {
  const verdict = s.passed ? 'pass' : `FAIL (${s.limit})`;
  console.log(
    `  ${label.padEnd(22)} asked ${String(s.asked).padStart(5)}/s  delivered ${fixed(s.delivered).padStart(5)}/s` +
      `  dropped ${String(s.dropped).padStart(6)}  failed ${s.failed}` +
      `  p99 ${s.p99.map((p) => fixed(p)).join('/')} ms` +
      `  CPU ${s.cores.map((c) => fixed(c, 2)).join('/')} of ${options.quota}` +
      `  throttled ${s.throttled.map((t) => fixed(t * 100)).join('/')}%` +
      `  machine idle ${fixed(s.spare, 2)} cores  sender ${fixed(s.senderBusy * 100)}%  ${verdict}`,
  );
  // The instances' own timing of the way to the sockets: where a late fix waited.
  const { relay, delivery, loopLag } = s.stages;
  console.log(
    `  ${''.padEnd(22)} stages, p99 per instance: relay ≤ ${relay.map((v) => fixed(v)).join('/')} ms` +
      `  fan-out ≤ ${delivery.map((v) => fixed(v)).join('/')} ms` +
      `  event-loop delay ${loopLag.map((v) => fixed(v)).join('/')} ms`,
  );
}

async function capacityBench(options: Options): Promise<SetupResult[]> {
  const quotas: CpuQuotas | string = openCpuQuotas();
  if (typeof quotas === 'string') {
    log(`no CPU quota can be set here (${quotas}): capacities will print "not measured"`);
  } else {
    log(
      `CPU quotas: ${quotas.kind}, ${options.quota} core per instance over ${options.periodMs} ms periods`,
    );
  }
  const machinePostgres = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
  const ownPostgres = (await postgresAnswers(machinePostgres)) ? null : await TestPostgres.start();
  const adminUrl = ownPostgres?.url ?? machinePostgres;
  const machineRedis = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const ownRedis = (await redisAnswers(machineRedis)) ? null : await TestRedis.start();
  const redisUrl = ownRedis?.url ?? machineRedis;

  const setups: { label: string; count: number; redis: boolean }[] = [
    ...options.instances.map((count) => ({
      label: `${count} instance${count > 1 ? 's' : ''}`,
      count,
      redis: true,
    })),
    ...(options.lone ? [{ label: '1 lone (no Redis)', count: 1, redis: false }] : []),
  ];
  const results: SetupResult[] = [];
  try {
    for (const setup of setups) {
      const database = await seedDatabase(adminUrl, options.devices);
      const instances: Instance[] = [];
      try {
        for (let i = 0; i < setup.count; i++) {
          const profile = process.env.BENCH_SERVER_NODE_OPTIONS;
          const env: Record<string, string> = {
            DATABASE_URL: database.url,
            METRICS_TOKEN,
            ...(setup.redis ? { REDIS_URL: redisUrl } : {}),
            ...(profile ? { NODE_OPTIONS: profile } : {}),
          };
          const server = await startBenchServer(env);
          let group: CpuGroup | null = null;
          if (typeof quotas !== 'string' && server.pid !== null) {
            group = quotas.create(
              `frota-bench-${process.pid}-${results.length}-${i}`,
              options.quota,
              options.periodMs,
            );
            group.add(server.pid);
          }
          instances.push({ server, group });
        }
        const measured = await measure(setup.label, instances, options, typeof quotas !== 'string');
        const stored = await settledCount(instances[0].server, measured.acknowledged);
        log(
          `${setup.label}: acknowledged ${measured.acknowledged}, stored ${stored}, failed ${measured.failed}`,
        );
        results.push({ ...measured, stored });
      } finally {
        for (const { server, group } of instances) {
          await server.stop();
          group?.remove();
        }
        await database.drop();
      }
    }
  } finally {
    await ownRedis?.remove();
    await ownPostgres?.remove();
  }
  return results;
}

/** Stored positions, once they stop changing (a reply may come before a count sees its commit). */
async function settledCount(server: TestServer, acknowledged: number): Promise<number> {
  let stored = await storedPositions(server);
  for (let i = 0; i < 20 && stored < acknowledged; i++) {
    await sleep(500);
    stored = await storedPositions(server);
  }
  return stored;
}

function summary(results: SetupResult[], options: Options): Figure[] {
  const figures: Figure[] = [];
  console.log(
    `\nCluster capacity, ${options.quota} core per instance, ${options.balance === 'hash' ? 'devices hashed to instances' : 'round-robin'}, p99 ack → socket < ${options.p99} ms`,
  );
  const one = results.find((r) => r.instances === 1 && r.label.startsWith('1 instance'));
  for (const r of results) {
    const capacity = r.capacity === null ? 'none passed' : `${Math.round(r.capacity)} fixes/s`;
    const perCore =
      r.capacity === null
        ? ''
        : `, ${Math.round(r.capacity / (options.quota * r.instances))} per core`;
    const stored = r.stored === r.acknowledged ? 'stored = acknowledged' : 'STORED ≠ ACKNOWLEDGED';
    console.log(
      `  ${r.label.padEnd(22)} ${capacity}${perCore}${r.notMeasured ? ` (not measured: ${r.notMeasured})` : ''}` +
        `; ${stored} (${r.stored} / ${r.acknowledged}, ${r.failed} failed)` +
        (r.instances > 1
          ? `; requests per instance ${r.shares.map((x) => fixed(x * 100)).join('/')}%`
          : ''),
    );
    figures.push({
      name: `${r.label}: capacity`,
      value: r.capacity === null ? NaN : Math.round(r.capacity),
      unit: 'fixes/s',
      note: r.notMeasured ? `not measured: ${r.notMeasured}` : undefined,
    });
  }
  for (const r of results) {
    const target = TARGETS[r.instances];
    if (!target || !one || r === one) continue;
    const name = `${r.label} ÷ 1 instance`;
    if (r.capacity === null || one.capacity === null || r.notMeasured || one.notMeasured) {
      const why = [r, one].map((x) => x.notMeasured).find((x) => x) ?? 'no step passed';
      console.log(`  ${name.padEnd(22)} not measured (${why}); target ≥ ${target}×`);
      continue;
    }
    const ratio = r.capacity / one.capacity;
    const met = ratio >= target;
    console.log(
      `  ${name.padEnd(22)} ${ratio.toFixed(2)}×  target ≥ ${target}× ${met ? 'met' : 'missed'}`,
    );
    figures.push({ name, value: ratio, unit: '×', target: `≥ ${target}`, met });
  }
  return figures;
}

export async function main(): Promise<Figure[]> {
  const { values } = parseArgs({
    options: {
      instances: { type: 'string', default: '1,2,3' },
      quota: { type: 'string', default: '0.25' },
      'period-ms': { type: 'string', default: String(DEFAULT_PERIOD_MS) },
      balance: { type: 'string', default: 'hash' },
      devices: { type: 'string', default: '10000' },
      start: { type: 'string', default: '250' },
      factor: { type: 'string', default: '1.25' },
      steps: { type: 'string', default: '11' },
      'step-seconds': { type: 'string', default: '8' },
      warmup: { type: 'string', default: '10' },
      inflight: { type: 'string', default: '600' },
      p99: { type: 'string', default: '300' },
      lone: { type: 'boolean', default: false },
    },
  });
  if (values.balance !== 'hash' && values.balance !== 'roundrobin') {
    throw new Error('--balance is hash or roundrobin');
  }
  const options: Options = {
    instances: values.instances.split(',').filter(Boolean).map(Number),
    quota: Number(values.quota),
    periodMs: Number(values['period-ms']),
    balance: values.balance,
    devices: Number(values.devices),
    start: Number(values.start),
    factor: Number(values.factor),
    steps: Number(values.steps),
    stepSeconds: Number(values['step-seconds']),
    warmup: Number(values.warmup),
    inflight: Number(values.inflight),
    p99: Number(values.p99),
    lone: values.lone,
  };
  const started = Date.now();
  const results = await capacityBench(options);
  const figures = summary(results, options);
  log(
    `took ${Math.round((Date.now() - started) / 1000)} s; load average now ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  return figures;
}

runIfMain(import.meta.url, main);
