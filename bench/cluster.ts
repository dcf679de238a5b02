/**
 * Cluster benchmark (not a test): two instances behind a round-robin balancer on one PostgreSQL
 * and one Redis, 10,000 devices reporting 4,000 fixes/s in total through the balancer, so a
 * device's consecutive fixes land on either instance; then the same fleet and feed on ONE instance
 * (PostgreSQL, no Redis); then on two separate instances that share nothing (a database each, half
 * the devices each), which tells what the machine charges for two processes apart from their
 * coordination. Every setup is fed through the same HAProxy process, so the machine carries the
 * same work besides the servers in each. For each: acknowledged and stored fixes, throughput,
 * ingest → socket latency on an administrator's socket on each instance (from the moment the fix
 * was acknowledged), and the server processes' CPU per 1,000 stored fixes.
 *
 * The three setups run in turn, `--rounds` times, each round in a rotated order, each setup on
 * fresh databases and processes. A setup's CPU figure is its median over the rounds, and each ratio
 * is the median of the ratios within a round: the machine's load drifts by tens of percent over
 * minutes, and setups measured side by side drift together.
 *
 *   npx tsx bench/cluster.ts [--devices 10000] [--rate 4000] [--seconds 20] [--rounds 5]
 *
 * PostgreSQL: BENCH_DATABASE_URL, else the machine's (postgres://root@127.0.0.1:5432/test), else
 * one started here; Redis: REDIS_URL, else the machine's, else one started here
 * (tests/support/services.ts). Targets: p99 < 300 ms; CPU per fix with two instances within 1.3×
 * of one instance's (docs/scaling.md).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { OsmAndSender } from '../server/simulator/sender';
import { createPostgresDatabase, type TempPostgres } from '../tests/support/postgres';
import { freePort, type TestServer } from '../tests/support/server';
import { postgresAnswers, redisAnswers, TestPostgres, TestRedis } from '../tests/support/services';
import { connect } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import {
  adminClient,
  log,
  osmAndMessage,
  percentile,
  printFigures,
  runIfMain,
  serverCpuMs,
  sleep,
  startBenchServer,
  storedPositions,
  type Figure,
} from './support';

const TARGET_P99_MS = 300;
const TARGET_CPU_RATIO = 1.3;
const WARMUP_S = 5;

interface Options {
  devices: number;
  rate: number;
  seconds: number;
  rounds: number;
}

/**
 * HAProxy (Debian's, installed when missing) with one front per group of `groups`, each sending
 * every HTTP request to the next port of its group in turn, keep-alive on both sides. A balancer
 * of its own process and language keeps its cost out of both the servers' figures and this
 * process's; one HAProxy process for every setup keeps what the machine does besides the servers
 * the same in each.
 */
async function roundRobinBalancer(groups: number[][]): Promise<{ urls: string[]; close(): void }> {
  const installed = spawnSync('bash', ['scripts/ensure-cluster-services.sh', 'haproxy'], {
    stdio: 'inherit',
  });
  if (installed.status !== 0) throw new Error('HAProxy is missing and could not be installed');
  const fronts = await Promise.all(groups.map(() => freePort()));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'frota-haproxy-'));
  const config = path.join(dir, 'haproxy.cfg');
  await writeFile(
    config,
    [
      'global',
      '  maxconn 8192',
      'defaults',
      '  mode http',
      '  timeout connect 5s',
      '  timeout client 60s',
      '  timeout server 60s',
      ...groups.flatMap((ports, g) => [
        `frontend devices${g}`,
        `  bind 127.0.0.1:${fronts[g]}`,
        `  default_backend instances${g}`,
        `backend instances${g}`,
        '  balance roundrobin',
        '  http-reuse always',
        ...ports.map((p, i) => `  server i${i} 127.0.0.1:${p}`),
      ]),
      '',
    ].join('\n'),
  );
  const haproxy = spawn('haproxy', ['-f', config, '-db'], { stdio: 'ignore' });
  const urls = fronts.map((port) => `http://127.0.0.1:${port}`);
  for (const url of urls) {
    for (let i = 0; ; i++) {
      const answered = await fetch(`${url}/`).then(
        () => true,
        () => false,
      );
      if (answered) break;
      if (i > 100) throw new Error('HAProxy did not start');
      await sleep(100);
    }
  }
  return {
    urls,
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

/** An administrator's live socket on `server`: arrival times and raw messages, parsed later. */
async function openSocket(server: TestServer) {
  const client = await adminClient(server);
  const received: { at: number; data: Buffer }[] = [];
  const socket = new WebSocket(`${server.wsUrl}/api/socket`, {
    headers: { cookie: client.cookieHeader() },
  });
  socket.on('message', (data: Buffer) => received.push({ at: performance.now(), data }));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, received };
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
 * How the fixes reach the servers: `balanced`, one instance or a cluster behind one round-robin
 * front; `split`, separate instances each with its own database and half the devices, each behind
 * a front of its own (nothing shared, nothing coordinated: what two processes cost on this machine
 * alone).
 */
type Feed = 'balanced' | 'split';

/** What one setup measured in one round. */
interface Measured {
  acknowledged: number;
  failed: number;
  dropped: number;
  stored: number;
  /** Fixes acknowledged per second after the warm-up. */
  throughput: number;
  cpuPer1000: number;
  /** Acknowledgement → socket times, one list per socket. */
  latencies: number[][];
  /** How long each fix acknowledged after the warm-up waited for its reply (ms). */
  replies: number[];
  /** Instances measured: with one, both sockets are on it. */
  instances: number;
}

/** Runs the feed against `servers` through the balancer and measures it. */
async function run(
  label: string,
  servers: TestServer[],
  options: Options,
  feed: Feed,
): Promise<Measured> {
  const devices = (await listDevices(servers[0])).filter((d) => d.uniqueId.startsWith('cl-'));
  const idOf = new Map(devices.map((d) => [d.uniqueId, d.id]));
  const osmandPorts = servers.map((server) => Number(server.env.OSMAND_PORT));
  const balancer = await roundRobinBalancer(
    feed === 'split' ? osmandPorts.map((port) => [port]) : [osmandPorts],
  );
  // The administrator's two sockets in every setup, one on each instance when there are two.
  // On one instance both are one user's, so each batch's message is built once and written
  // twice; two instances each build their own, which is part of what the coordination costs
  // (every instance feeds its sockets every fix of the cluster).
  const socketHosts = servers.length > 1 ? servers : [servers[0], servers[0]];
  const sockets = await Promise.all(socketHosts.map(openSocket));
  // Requests in flight: enough to keep both instances' batches full (a reply waits for its
  // batch's commit), not so many that they queue on row locks and the balancer: 2,048 brought
  // two instances down to ~800 fixes/s with 1 s of CPU per 1,000 fixes.
  const concurrency = Math.min(options.devices, 512);
  const senders = balancer.urls.map(
    (url) =>
      new OsmAndSender({
        url,
        concurrency: Math.ceil(concurrency / balancer.urls.length),
        maxQueue: concurrency * 16,
        retries: 0,
        timeoutMs: 30_000,
        breakerThreshold: 1_000_000,
      }),
  );
  const acknowledgedSoFar = () => senders.reduce((sum, one) => sum + one.stats.acknowledged, 0);

  // Each device reports every devices/rate seconds; fix times follow on from an hour ago.
  const interval = (options.devices / options.rate) * 1000;
  const base = Date.now() - 3_600_000;
  const ackedAt = new Map<string, number>();
  const replies: number[] = [];
  const cpu = () => servers.reduce((sum, server) => sum + (serverCpuMs(server) ?? NaN), 0);
  const total = options.rate * (WARMUP_S + options.seconds);
  let seq = 0;
  let window = { at: 0, cpu: 0, acknowledged: 0 };
  const start = performance.now();
  while (seq < total) {
    const due = Math.min(total, Math.floor(((performance.now() - start) * options.rate) / 1000));
    for (; seq < due; seq++) {
      const index = seq % options.devices;
      const device = devices[index];
      const fixTime = base + Math.floor(seq / options.devices) * interval;
      const key = `${idOf.get(device.uniqueId)}:${fixTime}`;
      const sender = senders[index % senders.length];
      void sender.send(osmAndMessage(device.uniqueId, fixTime, seq)).then((result) => {
        if (!result.ok) return;
        ackedAt.set(key, performance.now());
        if (window.at !== 0 && result.replyMs !== undefined) replies.push(result.replyMs);
      });
    }
    if (window.at === 0 && performance.now() - start >= WARMUP_S * 1000) {
      window = { at: performance.now(), cpu: cpu(), acknowledged: acknowledgedSoFar() };
    }
    await sleep(5);
  }
  const sendEnd = performance.now();
  const sendCpu = cpu();
  const sendAcknowledged = acknowledgedSoFar();
  for (const sender of senders) {
    await sender.idle(60_000);
    await sender.close();
  }
  // The last fixes' socket messages: wait until nothing new arrives for a second (at most 15 s).
  for (let i = 0, last = -1; i < 15; i++) {
    const count = sockets.reduce((sum, s) => sum + s.received.length, 0);
    if (count === last) break;
    last = count;
    await sleep(1_000);
  }
  for (const { socket } of sockets) socket.terminate();
  balancer.close();

  const windowAcked = sendAcknowledged - window.acknowledged;
  const sumOf = (key: 'acknowledged' | 'failed' | 'dropped') =>
    senders.reduce((sum, one) => sum + one.stats[key], 0);
  const [acknowledged, failed, dropped] = [
    sumOf('acknowledged'),
    sumOf('failed'),
    sumOf('dropped'),
  ];
  // Split, each instance has a database of its own.
  const stores = feed === 'split' ? servers : [servers[0]];
  const storedNow = async () => {
    let sum = 0;
    for (const server of stores) sum += await storedPositions(server);
    return sum;
  };
  let stored = await storedNow();
  for (let i = 0; i < 20 && stored < acknowledged; i++) {
    await sleep(500);
    stored = await storedNow();
  }
  const measured: Measured = {
    acknowledged,
    failed,
    dropped,
    stored,
    throughput: windowAcked / ((sendEnd - window.at) / 1000),
    cpuPer1000: ((sendCpu - window.cpu) / windowAcked) * 1000,
    latencies: sockets.map(({ received }) => {
      const latencies: number[] = [];
      for (const { at, data } of received) {
        const message = JSON.parse(data.toString('utf8')) as {
          positions?: { deviceId: number; fixTime: string }[];
        };
        for (const position of message.positions ?? []) {
          const acked = ackedAt.get(`${position.deviceId}:${Date.parse(position.fixTime)}`);
          // Before its acknowledgement reached the device (on the instance that stored it) is 0.
          if (acked !== undefined) latencies.push(Math.max(0, at - acked));
        }
      }
      return latencies;
    }),
    replies,
    instances: servers.length,
  };
  log(
    `${label}: sent ${seq}, acknowledged ${acknowledged}, failed ${failed}, dropped ${dropped}, ` +
      `stored ${stored}, CPU per 1,000 ${Math.round(measured.cpuPer1000)} ms`,
  );
  return measured;
}

const median = (values: number[]) => percentile(values, 50);

/** One setup's figures over every round: sums, medians, and latencies pooled. */
function figuresOf(label: string, rounds: Measured[], options: Options): Figure[] {
  const sum = (key: 'acknowledged' | 'failed' | 'dropped' | 'stored') =>
    rounds.reduce((total, m) => total + m[key], 0);
  const every = (ms: number[]) => ms.map((v) => Math.round(v)).join(', ');
  const throughputs = rounds.map((m) => m.throughput);
  const replies = rounds.flatMap((m) => m.replies);
  const figures: Figure[] = [
    {
      name: `${label}: stored = acknowledged`,
      value: sum('stored'),
      unit: 'fixes',
      target: `= ${sum('acknowledged')}`,
      met: rounds.every((m) => m.stored === m.acknowledged && m.failed === 0),
      note: `${rounds.length} rounds; ${sum('failed')} refused or failed, ${sum('dropped')} not sent`,
    },
    {
      name: `${label}: throughput`,
      value: Math.round(median(throughputs)),
      unit: 'fixes/s',
      target: `≥ ${Math.round(options.rate * 0.98)} in every round`,
      met: throughputs.every((t) => t >= options.rate * 0.98),
      note: `rounds: ${every(throughputs)}; asked ${options.rate}/s for ${options.seconds} s after a ${WARMUP_S} s warm-up`,
    },
    {
      name: `${label}: server CPU per 1,000 stored fixes`,
      value: Math.round(median(rounds.map((m) => m.cpuPer1000))),
      unit: 'ms',
      note: `median; rounds: ${every(rounds.map((m) => m.cpuPer1000))} ms; user + system of the Frota processes`,
    },
    {
      // What a device waits for its answer: its batch's window and commit (docs/scaling.md).
      name: `${label}: fix → reply p50`,
      value: percentile(replies, 50),
      unit: 'ms',
    },
    {
      name: `${label}: fix → reply p99`,
      value: percentile(replies, 99),
      unit: 'ms',
    },
  ];
  const socketCount = rounds[0]?.latencies.length ?? 0;
  for (let index = 0; index < socketCount; index++) {
    const latencies = rounds.flatMap((m) => m.latencies[index]);
    const name =
      rounds[0].instances === 1
        ? `socket ${index + 1}`
        : `instance ${String.fromCharCode(65 + index)}`;
    figures.push(
      {
        name: `${label}: ingest→socket p50, ${name}`,
        value: percentile(latencies, 50),
        unit: 'ms',
        note: `${latencies.length} fixes of ${sum('acknowledged')} on its socket`,
      },
      {
        name: `${label}: ingest→socket p99, ${name}`,
        value: percentile(latencies, 99),
        unit: 'ms',
        target: `< ${TARGET_P99_MS}`,
        met: percentile(latencies, 99) < TARGET_P99_MS,
      },
    );
  }
  return figures;
}

/** A setup: its label, how its fixes are fed, and how its servers start on fresh databases. */
interface Setup {
  label: string;
  feed: Feed;
  start(): Promise<TestServer[]>;
}

async function clusterBench(options: Options): Promise<Figure[]> {
  const machinePostgres = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
  const ownPostgres = (await postgresAnswers(machinePostgres)) ? null : await TestPostgres.start();
  const adminUrl = ownPostgres?.url ?? machinePostgres;
  const machineRedis = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const ownRedis = (await redisAnswers(machineRedis)) ? null : await TestRedis.start();
  const redisUrl = ownRedis?.url ?? machineRedis;
  const databases: TempPostgres[] = [];
  const servers: TestServer[] = [];
  const database = async () => {
    const created = await seedDatabase(adminUrl, options.devices);
    databases.push(created);
    return created.url;
  };
  const start = async (env: Record<string, string>) => {
    const profile = process.env.BENCH_SERVER_NODE_OPTIONS;
    const server = await startBenchServer(profile ? { ...env, NODE_OPTIONS: profile } : env);
    servers.push(server);
    return server;
  };
  const setups: Setup[] = [
    {
      label: '2 instances',
      feed: 'balanced',
      start: async () => {
        const shared = await database();
        return [
          await start({ DATABASE_URL: shared, REDIS_URL: redisUrl }),
          await start({ DATABASE_URL: shared, REDIS_URL: redisUrl }),
        ];
      },
    },
    {
      label: '1 instance',
      feed: 'balanced',
      start: async () => [await start({ DATABASE_URL: await database() })],
    },
    {
      // Two processes that share nothing: what this machine charges for running two at once,
      // apart from any coordination (docs/scaling.md, "Limits measured").
      label: '2 separate instances',
      feed: 'split',
      start: async () => [
        await start({ DATABASE_URL: await database() }),
        await start({ DATABASE_URL: await database() }),
      ],
    },
  ];
  const measured = setups.map(() => [] as Measured[]);
  const [two, one, separate] = measured;
  try {
    for (let round = 0; round < options.rounds; round++) {
      // A rotated order each round, so no setup always runs first or last.
      for (let turn = 0; turn < setups.length; turn++) {
        const index = (round + turn) % setups.length;
        const setup = setups[index];
        const running = await setup.start();
        try {
          measured[index].push(
            await run(`round ${round + 1}, ${setup.label}`, running, options, setup.feed),
          );
        } finally {
          for (const server of servers.splice(0)) await server.stop();
          for (const created of databases.splice(0)) await created.drop();
        }
      }
    }
  } finally {
    for (const server of servers) await server.stop();
    for (const created of databases) await created.drop();
    await ownRedis?.remove();
    await ownPostgres?.remove();
  }

  const ratios = (over: Measured[]) => two.map((m, i) => m.cpuPer1000 / over[i].cpuPer1000);
  const shown = (values: number[]) => values.map((v) => v.toFixed(2)).join(', ');
  const toOne = ratios(one);
  const toSeparate = ratios(separate);
  const ratio = Math.round(median(toOne) * 100) / 100;
  return [
    ...figuresOf('2 instances', two, options),
    ...figuresOf('1 instance', one, options),
    ...figuresOf('2 separate instances', separate, options),
    {
      name: 'CPU per fix, 2 instances ÷ 2 separate instances',
      value: Math.round(median(toSeparate) * 100) / 100,
      unit: '×',
      note: `median of the rounds' ratios (${shown(toSeparate)}): the coordination alone, without what two processes cost here`,
    },
    {
      name: 'CPU per fix, 2 instances ÷ 1 instance',
      value: ratio,
      unit: '×',
      target: `≤ ${TARGET_CPU_RATIO}`,
      met: ratio <= TARGET_CPU_RATIO,
      note: `median of the rounds' ratios (${shown(toOne)}): the coordination overhead`,
    },
  ];
}

export async function main(): Promise<Figure[]> {
  const { values } = parseArgs({
    options: {
      devices: { type: 'string', default: '10000' },
      rate: { type: 'string', default: '4000' },
      seconds: { type: 'string', default: '20' },
      rounds: { type: 'string', default: '5' },
    },
  });
  const figures = await clusterBench({
    devices: Number(values.devices),
    rate: Number(values.rate),
    seconds: Number(values.seconds),
    rounds: Number(values.rounds),
  });
  printFigures('Several instances behind a balancer', figures);
  return figures;
}

runIfMain(import.meta.url, main);
