/**
 * Hardware trackers at fleet scale (not a test): 10,000 GT06 and 1,000 Teltonika devices, each
 * holding its own TCP connection to one server, report 4,000 fixes/s in total, then the same
 * devices report the same rate as OsmAnd phones over HTTP, so the two paths' server CPU per fix
 * compare within one run on one machine (docs/protocols.md).
 *
 *   npx tsx bench/trackers.ts [--gt06 10000] [--teltonika 1000] [--rate 4000] [--seconds 30]
 *     [--warmup 5] [--batch 250]
 *
 * Devices are created through the API, 64 requests at a time; connections open `--batch` at a time
 * and each waits for its login answer (GT06's login ack, Teltonika's `01`). Then an administrator's
 * socket on `/api/socket`, and each phase sends its fixes evenly over the devices for `--warmup` +
 * `--seconds`. Measured: the rate asked and the rate written; fixes the devices saw acknowledged
 * (GT06's 0x22 acks, Teltonika's record counts) against rows stored; ingest → socket p50/p99
 * (target p99 < 200 ms); the server's peak RSS (target < 1 GiB); the server's CPU per 1,000 fixes
 * after the warm-up, trackers against OsmAnd (target: trackers ≤ OsmAnd).
 *
 * The bench shares two cores with the server: a phase whose delivered rate fell below 95% of the
 * asked one, or whose event loop lagged, gets "not measured" instead of a verdict, since what was
 * measured is then this process. BENCH_DATABASE_URL runs it on a temporary PostgreSQL database.
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
/** Below this share of the asked rate, the bench (not the server) set the pace. */
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
  /** Everything the server sent, read after the run (reading it during would cost the bench). */
  chunks: Buffer[];
  bytes: number;
  open: boolean;
}

/** Bytes the trackers have received in all, to tell when the acknowledgements stopped coming. */
let receivedBytes = 0;

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
      tracker.bytes += chunk.length;
      receivedBytes += chunk.length;
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
 * login was accepted, and how many of its fixes were acknowledged (a GT06 location ack each, or
 * Teltonika's record count).
 */
function answersOf(tracker: Tracker): { login: boolean; fixes: number } {
  // A fresh device side: Teltonika's splitter reads the login answer first.
  const reader = tracker.protocol.device.connect(tracker.device.uniqueId);
  reader.hello();
  const stream = new FrameStream(reader.splitter());
  const frames = tracker.chunks.flatMap((chunk) => stream.push(chunk).frames);
  if (tracker.protocol === gt06) {
    // 78 78, length, protocol number: the login's ack is 0x01, a location's 0x22.
    const type = (frame: Buffer) => (frame[0] === 0x78 ? frame[3] : frame[4]);
    return {
      login: frames.length > 0 && type(frames[0]) === 0x01,
      fixes: frames.filter((frame) => type(frame) === 0x22).length,
    };
  }
  const [answer, ...acks] = frames;
  return {
    login: answer?.length === 1 && answer[0] === 0x01,
    fixes: acks.reduce((sum, ack) => sum + (ack.length === 4 ? ack.readUInt32BE(0) : 0), 0),
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

/** What one paced phase did, after its warm-up. */
interface Paced {
  /** Fixes handed on after the warm-up, and in how long. */
  delivered: number;
  seconds: number;
  serverCpuMs: number;
  benchCpuMs: number;
  lagP99Ms: number;
}

/**
 * Calls `send(seq)` for `total` fixes at `rate` per second, in ticks (one timer for the fleet, not
 * one per device); `delivered()` says how many went out so far. CPU and the delivered count are
 * taken over the time after `warmupS`.
 */
async function paced(
  server: TestServer,
  total: number,
  rate: number,
  warmupS: number,
  send: (seq: number) => void,
  delivered: () => number,
): Promise<Paced> {
  const lag = monitorEventLoopDelay({ resolution: 5 });
  const start = performance.now();
  let warm: { at: number; delivered: number; cpu: number; bench: NodeJS.CpuUsage } | null = null;
  let seq = 0;
  while (seq < total) {
    const now = performance.now();
    if (warm === null && now - start >= warmupS * 1000) {
      warm = {
        at: now,
        delivered: delivered(),
        cpu: serverCpuMs(server) ?? NaN,
        bench: process.cpuUsage(),
      };
      lag.enable();
    }
    const due = Math.min(total, Math.floor(((now - start) * rate) / 1000));
    for (; seq < due; seq++) send(seq);
    await sleep(5);
  }
  const end = performance.now();
  lag.disable();
  if (warm === null) throw new Error('the phase ended before its warm-up did');
  const bench = process.cpuUsage(warm.bench);
  return {
    delivered: delivered() - warm.delivered,
    seconds: (end - warm.at) / 1000,
    serverCpuMs: (serverCpuMs(server) ?? NaN) - warm.cpu,
    benchCpuMs: (bench.user + bench.system) / 1000,
    lagP99Ms: lag.percentile(99) / 1e6,
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

/** A phase's verdicts stand only when the bench kept up with what it was asked. */
function benchLimit(run: Paced, rate: number): string | null {
  const deliveredRate = run.delivered / run.seconds;
  if (deliveredRate < rate * DELIVERED_SHARE) {
    return `not measured: the bench delivered ${Math.round(deliveredRate)} of ${rate}/s`;
  }
  if (run.lagP99Ms > BENCH_LAG_LIMIT_MS) {
    return `not measured: the bench's event loop lagged ${Math.round(run.lagP99Ms)} ms (p99)`;
  }
  return null;
}

/** A figure with a target, or the reason it has no verdict. */
function judged(figure: Figure, limit: string | null): Figure {
  if (limit === null) return figure;
  const { target, ...rest } = figure;
  delete rest.met;
  const note = [rest.note, `target ${target} ${limit}`].filter(Boolean).join('; ');
  return { ...rest, note };
}

export async function trackersBench(options: TrackersOptions): Promise<Figure[]> {
  const fleetSize = options.gt06 + options.teltonika;
  if (options.gt06 > 1_000_000 || options.teltonika > 1_000_000) {
    throw new Error('at most 1,000,000 devices of a protocol (their IMEIs have 6 digits free)');
  }
  // The bench holds every connection, plus the OsmAnd sender's and a few of its own.
  const needed = fleetSize + OSMAND_CONCURRENCY + 256;
  const ownLimit = openFileLimit('self');
  if (needed > ownLimit) {
    throw new Error(`${needed} sockets needed, the open-file limit is ${ownLimit}: ulimit -n`);
  }
  // With their log line at info level (quieted here), ports of 0 cannot be read back: pick them.
  const server = await startBenchServer({
    GT06_PORT: String(await freePort()),
    TELTONIKA_PORT: String(await freePort()),
  });
  const serverLimit = openFileLimit(server.pid ?? 'self');
  if (needed > serverLimit) {
    await stopBenchServer(server);
    throw new Error(`the server may open ${serverLimit} files, ${needed} are needed`);
  }
  const trackers: Tracker[] = [];
  let socket: WebSocket | null = null;
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMiB(server.pid) ?? 0);
  }, 250);
  try {
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
        bytes: 0,
        open: true,
      });
    }
    const ports = new Map([gt06, teltonika].map((p) => [p, server.devicePort(p.name)]));
    const openStart = performance.now();
    let answered = 0;
    for (let at = 0; at < trackers.length; at += options.batch) {
      const batch = trackers.slice(at, at + options.batch);
      const results = await Promise.all(
        batch.map((tracker) => openTracker(tracker, ports.get(tracker.protocol) ?? 0)),
      );
      answered += results.filter(Boolean).length;
    }
    const loggedIn = trackers.filter((tracker) => tracker.open && answersOf(tracker).login);
    const openS = (performance.now() - openStart) / 1000;
    const rssConnected = rssMiB(server.pid) ?? NaN;
    log(
      `${answered} of ${fleetSize} connections answered in ${openS.toFixed(1)} s, ` +
        `${loggedIn.length} logins accepted; server RSS ${Math.round(rssConnected)} MiB`,
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
    const trackerRun = await paced(
      server,
      total,
      options.rate,
      options.warmup,
      (seq) => {
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
      () => written,
    );
    const unflushed = trackers.reduce((sum, t) => sum + (t.socket?.writableLength ?? 0), 0);
    await quiet(() => receivedBytes);
    await quiet(() => received.length, 15);
    const trackerMessages = received.length - pending;
    const trackerRss = rssMiB(server.pid) ?? NaN;
    log(
      `trackers: wrote ${written} (${skipped} to closed connections), ${unflushed} bytes unflushed ` +
        `at the end, server CPU ${Math.round(trackerRun.serverCpuMs)} ms for ${trackerRun.delivered}`,
    );

    // The same devices, the same rate, as OsmAnd phones.
    const queries = Array.from({ length: total }, (_, seq) => {
      const round = roundsPerPhase + Math.floor(seq / fleetSize);
      return osmAndMessage(trackers[seq % fleetSize].device.uniqueId, fixTime(round), seq);
    });
    const sender = newSender(server, OSMAND_CONCURRENCY);
    log(`OsmAnd: ${options.rate} fixes/s for ${options.warmup} + ${options.seconds} s`);
    const osmandRun = await paced(
      server,
      total,
      options.rate,
      options.warmup,
      (seq) => {
        const index = seq % fleetSize;
        sentAt[index * rounds + roundsPerPhase + Math.floor(seq / fleetSize)] = performance.now();
        void sender.send(queries[seq]);
      },
      () => sender.stats.sent,
    );
    const backlog = sender.stats.queued + sender.stats.inFlight;
    await sender.idle(60_000);
    await sender.close();
    await quiet(() => received.length, 15);
    const endRss = rssMiB(server.pid) ?? NaN;
    clearInterval(sampler);
    socket.terminate();

    // Everything below is read after the run.
    const stored = await storedByProtocol(server);
    const answers = trackers.map(answersOf);
    const acknowledged = answers.reduce((sum, a) => sum + a.fixes, 0);
    const trackerStored = (stored.get('gt06') ?? 0) + (stored.get('teltonika') ?? 0);
    const osmandStored = stored.get('osmand') ?? 0;
    const latencies: [number[], number[]] = [[], []];
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
        else latencies[round < roundsPerPhase ? 0 : 1].push(at - sent);
      }
    }
    const [trackerLatencies, osmandLatencies] = latencies;
    const osmand = sender.stats;
    log(
      `OsmAnd: sent ${osmand.sent}, acknowledged ${osmand.acknowledged}, failed ${osmand.failed}, ` +
        `dropped ${osmand.dropped}, ${backlog} queued or in flight at the end; ` +
        `socket: ${trackerMessages} messages during the trackers' phase, ${unmatched} positions unmatched`,
    );

    const trackerLimit = benchLimit(trackerRun, options.rate);
    const osmandLimit = benchLimit(osmandRun, options.rate);
    const perThousand = (run: Paced) => (run.serverCpuMs / run.delivered) * 1000;
    const trackerCpu = perThousand(trackerRun);
    const osmandCpu = perThousand(osmandRun);
    const fleetLabel = `${options.gt06} GT06 + ${options.teltonika} Teltonika`;
    const rateFigure = (label: string, run: Paced): Figure => {
      const rate = run.delivered / run.seconds;
      return {
        name: `${label}: rate delivered (asked ${options.rate}/s)`,
        value: Math.round(rate),
        unit: 'fixes/s',
        target: `≥ ${Math.round(options.rate * DELIVERED_SHARE)}`,
        met: rate >= options.rate * DELIVERED_SHARE,
        note: `${run.delivered} in ${run.seconds.toFixed(1)} s after a ${options.warmup} s warm-up`,
      };
    };
    const latencyFigures = (label: string, values: number[], limit: string | null): Figure[] => [
      {
        name: `${label}: ingest→socket p50`,
        value: percentile(values, 50),
        unit: 'ms',
        note: `${values.length} positions matched`,
      },
      judged(
        {
          name: `${label}: ingest→socket p99`,
          value: percentile(values, 99),
          unit: 'ms',
          target: `< ${TARGET_P99_MS}`,
          met: percentile(values, 99) < TARGET_P99_MS,
        },
        limit,
      ),
    ];
    const benchFigures = (label: string, run: Paced): Figure[] => [
      {
        name: `${label}: bench event-loop lag p99`,
        value: run.lagP99Ms,
        unit: 'ms',
        note: `verdicts need ≤ ${BENCH_LAG_LIMIT_MS} ms`,
      },
      {
        name: `${label}: bench process CPU`,
        value: Math.round((run.benchCpuMs / run.seconds / 1000) * 100),
        unit: '% of a core',
      },
    ];
    return [
      { name: `device creation, ${fleetSize} devices (API)`, value: createS, unit: 's' },
      {
        name: `connections logged in, ${fleetLabel}`,
        value: loggedIn.length,
        unit: 'connections',
        target: `= ${fleetSize}`,
        met: loggedIn.length === fleetSize,
        note: `opened ${options.batch} at a time in ${openS.toFixed(1)} s`,
      },
      rateFigure('trackers', trackerRun),
      {
        name: 'trackers: stored = acknowledged',
        value: trackerStored,
        unit: 'rows',
        target: `= ${acknowledged}`,
        met: trackerStored === acknowledged,
        note: `${written} written, ${acknowledged} acknowledged (GT06 0x22 acks + Teltonika record counts), ${written - acknowledged} unanswered`,
      },
      ...latencyFigures('trackers', trackerLatencies, trackerLimit),
      judged(
        {
          name: 'trackers: server CPU per 1,000 fixes',
          value: Math.round(trackerCpu),
          unit: 'ms',
          target: `≤ OsmAnd's ${Math.round(osmandCpu)}`,
          met: trackerCpu <= osmandCpu,
          note: 'user + system after the warm-up',
        },
        trackerLimit ?? osmandLimit,
      ),
      ...benchFigures('trackers', trackerRun),
      rateFigure('OsmAnd', osmandRun),
      {
        name: 'OsmAnd: stored = acknowledged',
        value: osmandStored,
        unit: 'rows',
        target: `= ${osmand.acknowledged}`,
        met: osmandStored === osmand.acknowledged,
        note: `${osmand.sent} sent, ${osmand.failed} failed, ${osmand.dropped} dropped`,
      },
      ...latencyFigures('OsmAnd', osmandLatencies, osmandLimit),
      judged(
        {
          name: 'OsmAnd: server CPU per 1,000 fixes',
          value: Math.round(osmandCpu),
          unit: 'ms',
          note: `same server, devices and rate; ${OSMAND_CONCURRENCY} requests in flight at most`,
        },
        osmandLimit,
      ),
      ...benchFigures('OsmAnd', osmandRun),
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
