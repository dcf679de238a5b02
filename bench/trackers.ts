/**
 * Hardware trackers at fleet scale (not a test): 10,000 GT06 and 1,000 Teltonika devices, each
 * holding its own TCP connection to one server, report 4,000 fixes/s in total; then the same
 * devices report at the same rate as OsmAnd phones over HTTP, so the two paths' server CPU per fix
 * compare within one run on one machine (docs/protocols.md).
 *
 *   npx tsx bench/trackers.ts [--gt06 10000] [--teltonika 1000] [--rate 4000] [--seconds 30]
 *     [--warmup 5] [--batch 250]
 *
 * Devices are created through the API, 64 requests at a time; connections open `--batch` at a time
 * and each waits for its login answer (GT06's login ack, Teltonika's `01`). Then an administrator's
 * socket on `/api/socket`, and each phase sends its fixes evenly over the devices for `--warmup` +
 * `--seconds`. Measured: the rate asked and the rate written; fixes the devices saw acknowledged
 * (GT06's 0x22 acks, Teltonika's record counts) against rows stored; fix → acknowledgement and
 * ingest → socket p50/p99 (target p99 < 200 ms); the server's peak RSS (target < 1 GiB); the
 * server's CPU per 1,000 fixes, trackers against OsmAnd (target: trackers ≤ OsmAnd).
 *
 * The bench shares two cores with the server: a phase whose delivered rate fell below 95% of the
 * asked one through this process gets "not measured" instead of its verdicts, and so do its
 * latencies when its own event loop lagged, since what was measured is then this process. An
 * OsmAnd phase whose requests were all in flight was paced by the server: its verdicts stand.
 * BENCH_DATABASE_URL runs it on a temporary PostgreSQL database.
 */
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { connect } from '../server/db/connect';
import { gt06 } from '../server/protocol/gt06';
import type {
  ProtocolDefinition,
  SimulatedDevice,
  SimulatedFix,
} from '../server/protocol/shared/definition';
import { FrameStream } from '../server/protocol/shared/frameStream';
import { teltonika } from '../server/protocol/teltonika';
import { freePort, type TestServer } from '../tests/support/server';
import {
  adminClient,
  createDevices,
  log,
  newSender,
  osmAndMessage,
  percentile,
  printFigures,
  runIfMain,
  serverCpuMs,
  sleep,
  startBenchServer,
  stopBenchServer,
  type CreatedDevice,
  type Figure,
} from './support';

const TARGET_P99_MS = 200;
const TARGET_RSS_MIB = 1024;
/** Below this share of the asked rate, the phase did not run at the rate asked. */
const DELIVERED_SHARE = 0.95;
/**
 * The bench's own event-loop lag (p99) past which its timings are its own: a socket message read
 * this late carries the delay into every latency, and a late tick bunches the fixes.
 */
const BENCH_LAG_LIMIT_MS = 50;
/** How long one connection may take to be answered its login. */
const LOGIN_TIMEOUT_MS = 15_000;
/** OsmAnd requests in flight: enough that a reply waiting for its commit group never caps the rate. */
const OSMAND_CONCURRENCY = 512;
/**
 * The size of the answer to one fix, so acknowledgements can be counted from bytes while the run
 * goes on (frames are read after it): GT06's location ack (`78 78 05 22 serial crc 0D 0A`) and
 * Teltonika's 4-byte record count.
 */
const ACK_BYTES = new Map<ProtocolDefinition, number>([
  [gt06, 10],
  [teltonika, 4],
]);
/** How long the acknowledgements may stop coming before the rest count as never answered. */
const DRAIN_STALL_MS = 20_000;
const DRAIN_MAX_MS = 300_000;

export interface TrackersOptions {
  gt06: number;
  teltonika: number;
  /** Fixes per second in total. */
  rate: number;
  /** Measured seconds of each phase, after the warm-up. */
  seconds: number;
  warmup: number;
  /** Connections opened at once. */
  batch: number;
}

interface Tracker {
  protocol: ProtocolDefinition;
  device: CreatedDevice;
  /** The device side of this connection: it numbers the frames, so it builds them all. */
  sim: SimulatedDevice;
  socket: net.Socket | null;
  /** Everything the server sent and when, read after the run (reading it during would cost). */
  chunks: Buffer[];
  times: number[];
  /** Bytes of the login's answer, counted apart from the acknowledgements. */
  loginBytes: number;
  open: boolean;
}

/** Bytes the trackers received, by protocol: acknowledgements counted without reading them. */
const receivedBytes = new Map<ProtocolDefinition, number>();

/** Opens a tracker's connection and sends its login; true once the server answered something. */
function openTracker(tracker: Tracker, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answered: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answered);
    };
    const timer = setTimeout(() => finish(false), LOGIN_TIMEOUT_MS);
    const socket = net.connect({ host: '127.0.0.1', port });
    tracker.socket = socket;
    // As the simulator's trackers: a fix goes out when written, not when Nagle decides.
    socket.setNoDelay(true);
    socket.on('connect', () => {
      for (const frame of tracker.sim.hello()) socket.write(frame);
    });
    socket.on('data', (chunk: Buffer) => {
      tracker.chunks.push(chunk);
      tracker.times.push(performance.now());
      const { protocol } = tracker;
      receivedBytes.set(protocol, (receivedBytes.get(protocol) ?? 0) + chunk.length);
      finish(true);
    });
    socket.on('error', () => finish(false));
    socket.on('close', () => {
      tracker.open = false;
      finish(false);
    });
  });
}

/**
 * What a tracker's connection was answered, read from everything the server sent: whether its
 * login was accepted, and when each of its fixes was acknowledged (a GT06 location ack each, a
 * Teltonika record count of 1 each: one record per packet).
 */
function answersOf(tracker: Tracker): { login: boolean; loginBytes: number; acks: number[] } {
  // A fresh device side: Teltonika's splitter reads the login answer first.
  const reader = tracker.protocol.device.connect(tracker.device.uniqueId);
  reader.hello();
  const stream = new FrameStream(reader.splitter());
  const frames = tracker.chunks.flatMap((chunk, i) =>
    stream.push(chunk).frames.map((frame) => ({ frame, at: tracker.times[i] })),
  );
  const [first, ...rest] = frames;
  if (tracker.protocol === gt06) {
    // 78 78, length, protocol number: the login's ack is 0x01, a location's 0x22.
    const type = (frame: Buffer) => (frame[0] === 0x78 ? frame[3] : frame[4]);
    return {
      login: first !== undefined && type(first.frame) === 0x01,
      loginBytes: first?.frame.length ?? 0,
      acks: rest.filter(({ frame }) => type(frame) === 0x22).map(({ at }) => at),
    };
  }
  return {
    login: first?.frame.length === 1 && first.frame[0] === 0x01,
    loginBytes: first?.frame.length ?? 0,
    acks: rest.flatMap(({ frame, at }) =>
      frame.length === 4 ? new Array<number>(frame.readUInt32BE(0)).fill(at) : [],
    ),
  };
}

/** The server's resident memory (MiB) from /proc; null where that is not available. */
function rssMiB(pid: number | null): number | null {
  if (pid === null) return null;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** CPU time (ms) of the server's main thread alone (its event loop), from /proc. */
function mainThreadCpuMs(server: TestServer): number {
  const pid = server.pid;
  if (pid === null) return NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    // As serverCpuMs (bench/support.ts): utime and stime after the command name, in ticks.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** Open files a process may hold, from /proc (the soft limit). */
function openFileLimit(pid: number | 'self'): number {
  const limits = readFileSync(`/proc/${pid}/limits`, 'utf8');
  const match = /Max open files\s+(\d+|unlimited)/.exec(limits);
  return match && match[1] !== 'unlimited' ? Number(match[1]) : Infinity;
}

/** Positions stored, by protocol, read from the server's database. */
async function storedByProtocol(server: TestServer): Promise<Map<string, number>> {
  const url = server.env.DATABASE_URL;
  const db = await connect(
    url
      ? { kind: 'postgres', url }
      : { kind: 'sqlite', file: path.join(server.dataDir, 'frota.db') },
  );
  try {
    const rows = await db.kysely
      .selectFrom('positions')
      .select((eb) => ['protocol', eb.fn.countAll<number>().as('count')])
      .groupBy('protocol')
      .execute();
    return new Map(rows.map((row) => [row.protocol ?? '', Number(row.count)]));
  } finally {
    await db.close();
  }
}

/** What one phase did, counted from the end of its warm-up. */
interface Phase {
  /** When its first fix was due (performance.now()). */
  startedAt: number;
  /** Fixes handed on (written to a socket, or to the HTTP sender) after the warm-up. */
  delivered: number;
  /** From the end of the warm-up to the last fix handed on. */
  sendSeconds: number;
  /** Fixes acknowledged while sending (after the warm-up), and in all once answers stopped. */
  acknowledgedWhileSending: number;
  acknowledged: number;
  /** From the last fix handed on to the last acknowledgement. */
  drainSeconds: number;
  /**
   * Server CPU from the end of the warm-up until the last acknowledgement: a server that falls
   * behind does the sending window's work after it, and that work is the fixes' cost too.
   */
  serverCpuMs: number;
  /**
   * The share of the sending window the server's main thread spent on the CPU: near 1, its
   * event loop (decoding, processing, SQLite's synchronous writes, sockets) was the bottleneck.
   */
  mainThreadBusy: number;
  benchCpuMs: number;
  lagP99Ms: number;
  /** OsmAnd requests in flight, on average over the ticks after the warm-up. */
  inFlight: number;
}

interface PhaseHooks {
  send(seq: number): void;
  delivered(): number;
  acknowledged(): number;
  inFlight(): number;
  /** Resolves once everything handed on was answered, or the answers stopped. */
  drained(): Promise<void>;
}

/**
 * Calls `send(seq)` for `total` fixes at `rate` per second, in ticks (one timer for the fleet, not
 * one per device), then waits for the answers. Figures count from the end of `warmupS`.
 */
async function runPhase(
  server: TestServer,
  total: number,
  rate: number,
  warmupS: number,
  hooks: PhaseHooks,
): Promise<Phase> {
  const lag = monitorEventLoopDelay({ resolution: 5 });
  const start = performance.now();
  let warm: {
    at: number;
    delivered: number;
    acknowledged: number;
    cpu: number;
    mainThread: number;
    bench: NodeJS.CpuUsage;
  } | null = null;
  let inFlight = 0;
  let ticks = 0;
  let seq = 0;
  while (seq < total) {
    const now = performance.now();
    if (warm === null && now - start >= warmupS * 1000) {
      warm = {
        at: now,
        delivered: hooks.delivered(),
        acknowledged: hooks.acknowledged(),
        cpu: serverCpuMs(server) ?? NaN,
        mainThread: mainThreadCpuMs(server),
        bench: process.cpuUsage(),
      };
      lag.enable();
    }
    const due = Math.min(total, Math.floor(((now - start) * rate) / 1000));
    for (; seq < due; seq++) hooks.send(seq);
    if (warm !== null) {
      inFlight += hooks.inFlight();
      ticks++;
    }
    await sleep(5);
  }
  const sent = performance.now();
  lag.disable();
  if (warm === null) throw new Error('the phase ended before its warm-up did');
  const bench = process.cpuUsage(warm.bench);
  const acknowledgedWhileSending = hooks.acknowledged() - warm.acknowledged;
  const delivered = hooks.delivered() - warm.delivered;
  const mainThread = mainThreadCpuMs(server) - warm.mainThread;
  await hooks.drained();
  return {
    startedAt: start,
    delivered,
    sendSeconds: (sent - warm.at) / 1000,
    mainThreadBusy: mainThread / (sent - warm.at),
    acknowledgedWhileSending,
    acknowledged: hooks.acknowledged() - warm.acknowledged,
    drainSeconds: (performance.now() - sent) / 1000,
    serverCpuMs: (serverCpuMs(server) ?? NaN) - warm.cpu,
    benchCpuMs: (bench.user + bench.system) / 1000,
    lagP99Ms: lag.percentile(99) / 1e6,
    inFlight: inFlight / Math.max(1, ticks),
  };
}

/** Waits until `count()` stops changing for a second (at most `maxS` seconds). */
async function quiet(count: () => number, maxS = 30): Promise<void> {
  for (let i = 0, last = -1; i < maxS && count() !== last; i++) {
    last = count();
    await sleep(1_000);
  }
}

/** The fix of the `seq`-th report: somewhere in São Paulo, moving, with the ignition on. */
function fixOf(seq: number, time: number): SimulatedFix {
  return {
    time,
    valid: true,
    latitude: -23.55 + ((seq * 7) % 1000) * 0.0001,
    longitude: -46.63 - ((seq * 13) % 1000) * 0.0001,
    speed: seq % 40,
    course: seq % 360,
    satellites: 9,
    ignition: true,
    batteryLevel: 90,
  };
}

/**
 * Why a phase's rate-bound verdicts (all of them) do not stand, or null: the bench delivered
 * under 95% of the asked rate by its own fault. The OsmAnd sender holds at most
 * `OSMAND_CONCURRENCY` requests: when they were all in flight, the server's answers set the pace,
 * not this process, and the verdicts stand (missed).
 */
function rateLimit(phase: Phase, rate: number, concurrency: number | null): string | null {
  const deliveredRate = phase.delivered / phase.sendSeconds;
  const serverPaced = concurrency !== null && phase.inFlight >= concurrency * 0.9;
  if (deliveredRate >= rate * DELIVERED_SHARE || serverPaced) return null;
  return `not measured: the bench delivered ${Math.round(deliveredRate)} of ${rate}/s`;
}

/** Why a phase's latencies are not the server's, or null: the bench's own loop ran late. */
function lagLimit(phase: Phase): string | null {
  if (phase.lagP99Ms <= BENCH_LAG_LIMIT_MS) return null;
  return `not measured: the bench's event loop lagged ${Math.round(phase.lagP99Ms)} ms (p99)`;
}

/**
 * The seconds of the phase (after the warm-up) whose fixes' p99 missed the target, each with that
 * p99: spikes that come back at a fixed period point at a timer in the server, not at the load.
 */
function slowSeconds(
  latencies: number[],
  seconds: number[],
  warmupS: number,
): { second: number; p99: number }[] {
  const bySecond = new Map<number, number[]>();
  for (const [i, latency] of latencies.entries()) {
    if (seconds[i] < warmupS) continue;
    let bucket = bySecond.get(seconds[i]);
    if (!bucket) bySecond.set(seconds[i], (bucket = []));
    bucket.push(latency);
  }
  return [...bySecond]
    .map(([second, values]) => ({ second, p99: percentile(values, 99) }))
    .filter(({ p99 }) => p99 >= TARGET_P99_MS)
    .sort((a, b) => a.second - b.second);
}

/** A figure with its target, or without a verdict and the reason why. */
function judged(figure: Figure, limit: string | null): Figure {
  if (limit === null) return figure;
  const { target, ...rest } = figure;
  delete rest.met;
  const reason = target ? `target ${target} ${limit}` : limit;
  return { ...rest, note: [rest.note, reason].filter(Boolean).join('; ') };
}

export async function trackersBench(options: TrackersOptions): Promise<Figure[]> {
  const fleetSize = options.gt06 + options.teltonika;
  receivedBytes.clear();
  if (options.gt06 > 1_000_000 || options.teltonika > 1_000_000) {
    throw new Error('at most 1,000,000 devices of a protocol (their IMEIs have 6 digits free)');
  }
  // The bench holds every connection, plus the OsmAnd sender's and a few of its own.
  const needed = fleetSize + OSMAND_CONCURRENCY + 256;
  const ownLimit = openFileLimit('self');
  if (needed > ownLimit) {
    throw new Error(`${needed} sockets needed, the open-file limit is ${ownLimit}: ulimit -n`);
  }
  // Their `listening on port` line is at info level, which bench servers do not log: a port of
  // 0 could not be read back, so the ports are picked here. BENCH_SERVER_NODE_OPTIONS (as in
  // bench/cluster.ts), e.g. `--max-old-space-size=512`, tells a heap V8 merely let grow from
  // memory the server holds on to.
  const nodeOptions = process.env.BENCH_SERVER_NODE_OPTIONS;
  const server = await startBenchServer({
    GT06_PORT: String(await freePort()),
    TELTONIKA_PORT: String(await freePort()),
    ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
  });
  const trackers: Tracker[] = [];
  let socket: WebSocket | null = null;
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMiB(server.pid) ?? 0);
  }, 250);
  try {
    const serverLimit = openFileLimit(server.pid ?? 'self');
    if (needed > serverLimit) {
      throw new Error(`the server may open ${serverLimit} files, ${needed} are needed`);
    }
    const admin = await adminClient(server);
    const createStart = performance.now();
    // IMEIs of 15 digits: the prefix and 6 digits of the device's number.
    const gt06Devices = await createDevices(admin, options.gt06, '860000000', 64);
    const teltonikaDevices = await createDevices(admin, options.teltonika, '350000000', 64);
    const createS = (performance.now() - createStart) / 1000;
    log(`${fleetSize} devices created through the API in ${createS.toFixed(1)} s`);

    // Interleaved, so each protocol's share of the rate is spread over the whole round.
    const fleet = [
      ...gt06Devices.map((device, i) => ({
        device,
        protocol: gt06,
        key: (i + 0.5) / options.gt06,
      })),
      ...teltonikaDevices.map((device, i) => ({
        device,
        protocol: teltonika,
        key: (i + 0.5) / options.teltonika,
      })),
    ].sort((a, b) => a.key - b.key);
    for (const { device, protocol } of fleet) {
      trackers.push({
        protocol,
        device,
        sim: protocol.device.connect(device.uniqueId),
        socket: null,
        chunks: [],
        times: [],
        loginBytes: 0,
        open: true,
      });
    }
    const ports = new Map([gt06, teltonika].map((p) => [p, server.devicePort(p.name)]));
    const openStart = performance.now();
    for (let at = 0; at < trackers.length; at += options.batch) {
      const batch = trackers.slice(at, at + options.batch);
      await Promise.all(
        batch.map((tracker) => openTracker(tracker, ports.get(tracker.protocol) ?? 0)),
      );
    }
    const openS = (performance.now() - openStart) / 1000;
    let loggedIn = 0;
    for (const tracker of trackers) {
      const answers = answersOf(tracker);
      tracker.loginBytes = answers.loginBytes;
      if (tracker.open && answers.login) loggedIn++;
    }
    const rssConnected = rssMiB(server.pid) ?? NaN;
    log(
      `${loggedIn} of ${fleetSize} logins accepted in ${openS.toFixed(1)} s; ` +
        `server RSS ${Math.round(rssConnected)} MiB`,
    );
    // Fixes acknowledged so far, from the bytes received beyond the logins' answers.
    const loginBytes = new Map<ProtocolDefinition, number>();
    for (const tracker of trackers) {
      loginBytes.set(
        tracker.protocol,
        (loginBytes.get(tracker.protocol) ?? 0) + tracker.loginBytes,
      );
    }
    const trackerAcks = () =>
      [...ACK_BYTES].reduce(
        (sum, [protocol, size]) =>
          sum +
          Math.floor(((receivedBytes.get(protocol) ?? 0) - (loginBytes.get(protocol) ?? 0)) / size),
        0,
      );

    const received: { at: number; data: Buffer }[] = [];
    const viewer = await adminClient(server);
    socket = new WebSocket(`${server.wsUrl}/api/socket`, {
      headers: { cookie: viewer.cookieHeader() },
    });
    // Arrival times and raw bytes only: parsing during the run would cost this process.
    socket.on('message', (data: Buffer) => received.push({ at: performance.now(), data }));
    const opened = socket;
    await new Promise<void>((resolve, reject) => {
      opened.once('open', () => resolve());
      opened.once('error', reject);
    });
    // The socket's first messages (every device and its status) are not what is measured.
    await quiet(() => received.length, 20);

    // What the server does while holding the connections and nothing arrives.
    const idleCpuStart = serverCpuMs(server) ?? NaN;
    await sleep(5_000);
    const idleCpuPerS = ((serverCpuMs(server) ?? NaN) - idleCpuStart) / 5;

    // Fix times: one per device per round, whole seconds apart (GT06 reports seconds), all in
    // the recent past, trackers' rounds first, then OsmAnd's.
    const total = Math.round(options.rate * (options.warmup + options.seconds));
    const roundsPerPhase = Math.ceil(total / fleetSize);
    const spacing = Math.max(1, Math.ceil(fleetSize / options.rate)) * 1000;
    const rounds = 2 * roundsPerPhase;
    const base = Math.floor((Date.now() - 60_000 - rounds * spacing) / 1000) * 1000;
    const fixTime = (round: number) => base + round * spacing;
    const sentAt = new Float64Array(fleetSize * rounds).fill(NaN);
    const indexOf = new Map(trackers.map((tracker, index) => [tracker.device.id, index]));

    // Built before the clock starts: the sending loop only writes.
    const frames = Array.from({ length: total }, (_, seq) => {
      const round = Math.floor(seq / fleetSize);
      return trackers[seq % fleetSize].sim.position(fixOf(seq, fixTime(round)));
    });
    const pending = received.length;
    let written = 0;
    let skipped = 0;
    log(`trackers: ${options.rate} fixes/s for ${options.warmup} + ${options.seconds} s`);
    const trackerPhase = await runPhase(server, total, options.rate, options.warmup, {
      send: (seq) => {
        const index = seq % fleetSize;
        const tracker = trackers[index];
        if (!tracker.open || tracker.socket === null) {
          skipped++;
          return;
        }
        sentAt[index * rounds + Math.floor(seq / fleetSize)] = performance.now();
        tracker.socket.write(frames[seq]);
        written++;
      },
      delivered: () => written,
      acknowledged: trackerAcks,
      inFlight: () => 0,
      drained: async () => {
        const deadline = performance.now() + DRAIN_MAX_MS;
        let last = trackerAcks();
        let changed = performance.now();
        while (last < written && performance.now() < deadline) {
          await sleep(100);
          const now = trackerAcks();
          if (now !== last) changed = performance.now();
          else if (performance.now() - changed > DRAIN_STALL_MS) break;
          last = now;
        }
      },
    });
    const unflushed = trackers.reduce((sum, t) => sum + (t.socket?.writableLength ?? 0), 0);
    await quiet(() => received.length, 15);
    const trackerRss = rssMiB(server.pid) ?? NaN;
    log(
      `trackers: wrote ${written} (${skipped} to closed connections), ${unflushed} bytes unflushed, ` +
        `${trackerAcks()} acknowledged, the last ${trackerPhase.drainSeconds.toFixed(1)} s after the last write`,
    );

    // The same devices, the same rate, as OsmAnd phones.
    const queries = Array.from({ length: total }, (_, seq) => {
      const round = roundsPerPhase + Math.floor(seq / fleetSize);
      return osmAndMessage(trackers[seq % fleetSize].device.uniqueId, fixTime(round), seq);
    });
    const sender = newSender(server, OSMAND_CONCURRENCY);
    const replies: number[] = [];
    log(`OsmAnd: ${options.rate} fixes/s for ${options.warmup} + ${options.seconds} s`);
    const osmandPhase = await runPhase(server, total, options.rate, options.warmup, {
      send: (seq) => {
        const at = (seq % fleetSize) * rounds + roundsPerPhase + Math.floor(seq / fleetSize);
        void sender.send(queries[seq]).then((result) => {
          if (!result.ok || result.replyMs === undefined) return;
          replies.push(result.replyMs);
          // From the request, not from the call: a message waiting in this process's queue for
          // a free connection is this process's delay, not the server's.
          sentAt[at] = performance.now() - result.replyMs;
        });
      },
      delivered: () => sender.stats.sent,
      acknowledged: () => sender.stats.acknowledged,
      inFlight: () => sender.stats.inFlight,
      drained: () => sender.idle(DRAIN_MAX_MS),
    });
    await sender.close();
    await quiet(() => received.length, 15);
    const endRss = rssMiB(server.pid) ?? NaN;
    clearInterval(sampler);
    socket.terminate();

    // Everything below is read after the run.
    const stored = await storedByProtocol(server);
    const ackLatencies: number[] = [];
    let acknowledged = 0;
    for (const [index, tracker] of trackers.entries()) {
      // A connection's fixes are answered in the order they were sent (docs/protocols.md).
      const { acks } = answersOf(tracker);
      acknowledged += acks.length;
      for (const [round, at] of acks.entries()) {
        const sent = sentAt[index * rounds + round];
        if (!Number.isNaN(sent)) ackLatencies.push(at - sent);
      }
    }
    const trackerStored = (stored.get('gt06') ?? 0) + (stored.get('teltonika') ?? 0);
    const osmandStored = stored.get('osmand') ?? 0;
    const latencies: [number[], number[]] = [[], []];
    /** The second of the trackers' phase each of their latencies was sent in. */
    const trackerSeconds: number[] = [];
    let unmatched = 0;
    for (const { at, data } of received.slice(pending)) {
      const message = JSON.parse(data.toString('utf8')) as {
        positions?: { deviceId: number; fixTime: string }[];
      };
      for (const position of message.positions ?? []) {
        const index = indexOf.get(position.deviceId);
        const round = (Date.parse(position.fixTime) - base) / spacing;
        const sent =
          index !== undefined && Number.isInteger(round) && round >= 0 && round < rounds
            ? sentAt[index * rounds + round]
            : NaN;
        if (Number.isNaN(sent)) unmatched++;
        else if (round < roundsPerPhase) {
          latencies[0].push(at - sent);
          trackerSeconds.push(Math.floor((sent - trackerPhase.startedAt) / 1000));
        } else latencies[1].push(at - sent);
      }
    }
    const [trackerLatencies, osmandLatencies] = latencies;
    const slow = slowSeconds(trackerLatencies, trackerSeconds, options.warmup);
    const osmand = sender.stats;
    log(
      `OsmAnd: sent ${osmand.sent}, acknowledged ${osmand.acknowledged}, failed ${osmand.failed}, ` +
        `dropped ${osmand.dropped}, ${Math.round(osmandPhase.inFlight)} in flight on average; ` +
        `${unmatched} socket positions unmatched`,
    );

    const trackerRateLimit = rateLimit(trackerPhase, options.rate, null);
    const osmandRateLimit = rateLimit(osmandPhase, options.rate, OSMAND_CONCURRENCY);
    const trackerLimit = trackerRateLimit ?? lagLimit(trackerPhase);
    const osmandLimit = osmandRateLimit ?? lagLimit(osmandPhase);
    const perThousand = (phase: Phase) => (phase.serverCpuMs / phase.acknowledged) * 1000;
    const trackerCpu = perThousand(trackerPhase);
    const osmandCpu = perThousand(osmandPhase);
    const fleetLabel = `${options.gt06} GT06 + ${options.teltonika} Teltonika`;
    const rateFigures = (label: string, phase: Phase): Figure[] => {
      const rate = phase.delivered / phase.sendSeconds;
      const acknowledgedRate = phase.acknowledgedWhileSending / phase.sendSeconds;
      return [
        {
          name: `${label}: rate delivered (asked ${options.rate}/s)`,
          value: Math.round(rate),
          unit: 'fixes/s',
          target: `≥ ${Math.round(options.rate * DELIVERED_SHARE)}`,
          met: rate >= options.rate * DELIVERED_SHARE,
          note: `${phase.delivered} in ${phase.sendSeconds.toFixed(1)} s after a ${options.warmup} s warm-up`,
        },
        {
          name: `${label}: rate acknowledged while sending`,
          value: Math.round(acknowledgedRate),
          unit: 'fixes/s',
          note: `the last answer ${phase.drainSeconds.toFixed(1)} s after the last fix`,
        },
      ];
    };
    /** p50 and p99; the p99 held to the target for ingest → socket, the figure asked for. */
    const latencyFigures = (
      label: string,
      stage: string,
      values: number[],
      limit: string | null,
      of: number,
    ): Figure[] => {
      const p99 = percentile(values, 99);
      const judgedP99: Figure = stage.endsWith('socket')
        ? judged(
            {
              name: `${label}: ${stage} p99`,
              value: p99,
              unit: 'ms',
              target: `< ${TARGET_P99_MS}`,
              met: p99 < TARGET_P99_MS,
            },
            limit,
          )
        : { name: `${label}: ${stage} p99`, value: p99, unit: 'ms' };
      return [
        {
          name: `${label}: ${stage} p50`,
          value: percentile(values, 50),
          unit: 'ms',
          note: `${values.length} of ${of} fixes matched`,
        },
        judgedP99,
      ];
    };
    const phaseFigures = (label: string, phase: Phase): Figure[] => [
      {
        name: `${label}: server main thread busy`,
        value: Math.round(phase.mainThreadBusy * 100),
        unit: '% of the time',
        note: 'while sending, after the warm-up; all threads: the CPU figure',
      },
      {
        name: `${label}: bench event-loop lag p99`,
        value: phase.lagP99Ms,
        unit: 'ms',
        note: `verdicts need ≤ ${BENCH_LAG_LIMIT_MS} ms`,
      },
      {
        name: `${label}: bench process CPU`,
        value: Math.round((phase.benchCpuMs / phase.sendSeconds / 1000) * 100),
        unit: '% of a core',
      },
    ];
    return [
      { name: `device creation, ${fleetSize} devices (API)`, value: createS, unit: 's' },
      {
        name: `connections logged in, ${fleetLabel}`,
        value: loggedIn,
        unit: 'connections',
        target: `= ${fleetSize}`,
        met: loggedIn === fleetSize,
        note: `opened ${options.batch} at a time in ${openS.toFixed(1)} s`,
      },
      ...rateFigures('trackers', trackerPhase),
      {
        name: 'trackers: stored = acknowledged',
        value: trackerStored,
        unit: 'rows',
        target: `= ${acknowledged}`,
        met: trackerStored === acknowledged,
        note: `${written} written, ${acknowledged} acknowledged (GT06 0x22 acks + Teltonika record counts), ${written - acknowledged} unanswered`,
      },
      ...latencyFigures('trackers', 'fix→ack', ackLatencies, trackerLimit, written),
      ...latencyFigures('trackers', 'ingest→socket', trackerLatencies, trackerLimit, written),
      {
        name: `trackers: seconds with ingest→socket p99 ≥ ${TARGET_P99_MS} ms`,
        value: slow.length,
        unit: 's',
        note:
          slow.length === 0
            ? `of ${Math.round(trackerPhase.sendSeconds)} after the warm-up`
            : `of ${Math.round(trackerPhase.sendSeconds)} after the warm-up; second: p99 ms ` +
              slow
                .slice(0, 15)
                .map(({ second, p99 }) => `${second}: ${Math.round(p99)}`)
                .join(', '),
      },
      judged(
        {
          name: 'trackers: server CPU per 1,000 fixes',
          value: Math.round(trackerCpu),
          unit: 'ms',
          target: `≤ OsmAnd's ${Math.round(osmandCpu)}`,
          met: trackerCpu <= osmandCpu,
          note: 'user + system, from the warm-up to the last answer',
        },
        trackerRateLimit ?? osmandRateLimit,
      ),
      ...phaseFigures('trackers', trackerPhase),
      ...rateFigures('OsmAnd', osmandPhase),
      {
        name: 'OsmAnd: stored = acknowledged',
        value: osmandStored,
        unit: 'rows',
        target: `= ${osmand.acknowledged}`,
        met: osmandStored === osmand.acknowledged,
        note: `${osmand.sent} sent, ${osmand.failed} failed, ${osmand.dropped} dropped (sender's queue full)`,
      },
      ...latencyFigures('OsmAnd', 'fix→reply', replies, osmandLimit, osmand.sent),
      ...latencyFigures('OsmAnd', 'ingest→socket', osmandLatencies, osmandLimit, osmand.sent),
      judged(
        {
          name: 'OsmAnd: server CPU per 1,000 fixes',
          value: Math.round(osmandCpu),
          unit: 'ms',
          note: `same server, devices and rate; ${OSMAND_CONCURRENCY} requests in flight at most, ${Math.round(osmandPhase.inFlight)} on average`,
        },
        osmandRateLimit,
      ),
      ...phaseFigures('OsmAnd', osmandPhase),
      {
        name: 'server RSS peak',
        value: Math.round(peakRss),
        unit: 'MiB',
        target: `< ${TARGET_RSS_MIB}`,
        met: peakRss < TARGET_RSS_MIB,
        note: `${Math.round(rssConnected)} connected, ${Math.round(trackerRss)} after the trackers, ${Math.round(endRss)} at the end`,
      },
      {
        name: `server CPU idle, ${fleetSize} connections`,
        value: Math.round(idleCpuPerS),
        unit: 'ms/s',
      },
    ];
  } finally {
    clearInterval(sampler);
    socket?.terminate();
    for (const tracker of trackers) tracker.socket?.destroy();
    await stopBenchServer(server);
  }
}

export async function main(): Promise<Figure[]> {
  const { values } = parseArgs({
    options: {
      gt06: { type: 'string', default: '10000' },
      teltonika: { type: 'string', default: '1000' },
      rate: { type: 'string', default: '4000' },
      seconds: { type: 'string', default: '30' },
      warmup: { type: 'string', default: '5' },
      batch: { type: 'string', default: '250' },
    },
    // Run from bench/run.ts, the process's arguments are not this bench's.
    strict: false,
  });
  const number = (value: unknown, fallback: number) => {
    const parsed = Number(value);
    return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
  };
  const figures = await trackersBench({
    gt06: number(values.gt06, 10_000),
    teltonika: number(values.teltonika, 1_000),
    rate: number(values.rate, 4_000),
    seconds: number(values.seconds, 30),
    warmup: number(values.warmup, 5),
    batch: number(values.batch, 250),
  });
  printFigures('Hardware trackers at fleet scale', figures);
  return figures;
}

runIfMain(import.meta.url, main);
