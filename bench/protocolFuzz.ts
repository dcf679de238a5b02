/**
 * Protocol fuzz run (not a test): every hardware port of one server open (TCP, and UDP where the
 * protocol has it) takes, for `--minutes`, what broken and hostile peers send, from `--connections`
 * concurrent TCP clients and `--udp` datagram senders: random bytes, valid frames cut short, valid
 * frames with bytes flipped, a megabyte of junk, valid logins followed by garbage, a mix of valid
 * and broken frames in random packet sizes, and connections abandoned mid-frame (closed, reset,
 * half-closed, or held silent to the end of the run). Valid frames come from each protocol's
 * device side (`definition.device`), as `tests/unit/server/protocol/fuzz.test.ts` builds them.
 *
 *   npx tsx bench/protocolFuzz.ts [--minutes 2] [--connections 100] [--udp 8] [--held 300]
 *     [--settle 60] [--seed N]
 *
 * Measured: the server never died (its process alive and `/api/health` 200 every second); no
 * leaked connection (once every client closed, the server's TCP connections on the device ports,
 * read with `ss`, and its socket descriptors return to where they were); memory flat (RSS at the
 * start, its peak and at the end, and the live heap after full collections, which RSS cannot
 * tell from heap V8 has not given back); and what was thrown at it. BENCH_DATABASE_URL runs it on
 * a temporary PostgreSQL database.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { portVariable } from '../server/config';
import { DEVICE_PROTOCOLS } from '../server/protocol';
import type { ProtocolDefinition, SimulatedFix } from '../server/protocol/shared/definition';
import { teltonika } from '../server/protocol/teltonika';
import { udpPacket } from '../server/protocol/teltonika/frames';
import { freePort, type TestServer } from '../tests/support/server';
import {
  adminClient,
  log,
  printFigures,
  runIfMain,
  sleep,
  startBenchServer,
  stopBenchServer,
  type Figure,
} from './support';

/**
 * What the server may hold after the run beyond what it held before, measured after full
 * collections (`bench/liveHeap.mjs`): caches that fill up to their bounds, nothing that grows with
 * the connections.
 */
const LIVE_GROWTH_LIMIT_MIB = 16;
/** Known devices per protocol, so valid logins bind and their positions are stored. */
const KNOWN_DEVICES = 10;
/** The oversize junk one connection sends, in writes of 64 KiB. */
const OVERSIZE_BYTES = 1024 * 1024;
const HEALTH_TIMEOUT_MS = 5_000;
/** How long after a megabyte of junk the server has to drop the connection. */
const OVERSIZE_DROP_MS = 5_000;

export interface FuzzOptions {
  minutes: number;
  /** Concurrent TCP clients. */
  connections: number;
  /** Concurrent UDP senders. */
  udp: number;
  /** Connections held silent mid-frame until the run ends, at most this many at once. */
  held: number;
  /** Longest wait, after every client closed, for the server's connections to be gone. */
  settle: number;
  seed: number;
}

/** A small deterministic generator (mulberry32): the run's choices repeat with the same seed. */
function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const below = (random: Random, n: number) => Math.floor(random() * n);
const pick = <T>(random: Random, items: readonly T[]): T => items[below(random, items.length)];

/** What was thrown at the server. */
const counts = {
  connections: 0,
  /** Connections that did not open, by error code. */
  connectFailed: new Map<string, number>(),
  /** Connections the server ended before the client did. */
  closedByServer: 0,
  /** Megabytes of junk sent, and how many of those connections the server dropped. */
  oversize: 0,
  oversizeDropped: 0,
  /** Megabyte connections the server kept, by protocol. */
  oversizeKept: new Map<string, number>(),
  framesValid: 0,
  framesBroken: 0,
  tcpBytes: 0,
  bytesReceived: 0,
  datagrams: 0,
  udpBytes: 0,
  udpPeers: 0,
  scenarios: new Map<string, number>(),
};

/** The frames a device of the protocol sends: a login, positions, a heartbeat, a command answer. */
function validFrames(protocol: ProtocolDefinition, uniqueId: string, random: Random): Buffer[] {
  const device = protocol.device.connect(uniqueId);
  const fix: SimulatedFix = {
    // Somewhere in the last day, so a position stored is a plausible one.
    time: Math.floor((Date.now() - below(random, 86_400) * 1000) / 1000) * 1000,
    valid: random() < 0.9,
    latitude: -23.55 + random() * 0.2,
    longitude: -46.63 - random() * 0.2,
    speed: below(random, 60),
    course: below(random, 360),
    satellites: below(random, 12),
    ignition: random() < 0.5,
    power: 12.4,
    batteryLevel: below(random, 101),
    odometer: below(random, 1_000_000),
    alarm: random() < 0.2 ? 'sos' : undefined,
    driverUniqueId: random() < 0.1 ? '00A1B2C3' : undefined,
  };
  const frames = [...device.hello(), device.position(fix), device.heartbeat()];
  frames.push(device.position({ ...fix, time: fix.time + 1000, alarm: undefined }));
  const command = protocol.encode(
    { type: 'engineStop', attributes: {} },
    { uniqueId, state: new Map(), transport: 'tcp' },
  );
  if (command) {
    const read = device.receive(command);
    if (read.kind === 'command') frames.push(device.answer(read, 'Engine stopped'));
  }
  return frames;
}

/** A valid frame broken the ways the unit fuzz test breaks them. */
function broken(frame: Buffer, random: Random): Buffer {
  const copy = Buffer.from(frame);
  switch (below(random, 4)) {
    case 0:
      return copy.subarray(0, below(random, copy.length));
    case 1: {
      const flips = 1 + below(random, 4);
      for (let i = 0; i < flips && copy.length > 0; i++) {
        copy[below(random, copy.length)] = below(random, 256);
      }
      return copy;
    }
    case 2:
      return Buffer.concat([randomBytes(1 + below(random, 40)), copy]);
    default: {
      // A length or count field lying high.
      const at = Math.min(copy.length - 1, 2 + below(random, 6));
      if (at >= 0) copy[at] = 0xff;
      return copy;
    }
  }
}

/** One client connection: writes that report whether the bytes went out, and how it ended. */
class Client {
  private closedByUs = false;
  private endedByServer = false;
  ended = false;

  private constructor(readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => (counts.bytesReceived += chunk.length));
    // The server's FIN, or a write that found the connection reset, before the client closed.
    const byServer = () => {
      if (this.closedByUs || this.endedByServer) return;
      this.endedByServer = true;
      counts.closedByServer++;
    };
    socket.on('end', byServer);
    socket.on('error', byServer);
    socket.on('close', () => {
      byServer();
      this.ended = true;
    });
  }

  static open(port: number): Promise<Client | null> {
    return new Promise((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port });
      const failed = (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        const code = error.code ?? 'error';
        counts.connectFailed.set(code, (counts.connectFailed.get(code) ?? 0) + 1);
        resolve(null);
      };
      const timer = setTimeout(() => {
        socket.destroy();
        failed(Object.assign(new Error('timeout'), { code: 'timeout' }));
      }, 10_000);
      socket.once('error', failed);
      socket.once('connect', () => {
        clearTimeout(timer);
        // Errors from here on are the connection's, not the opening's.
        socket.off('error', failed);
        counts.connections++;
        resolve(new Client(socket));
      });
    });
  }

  /** Writes `bytes`; resolves false when the connection is gone (the server dropped it). */
  write(bytes: Buffer): Promise<boolean> {
    if (this.ended || this.socket.destroyed || bytes.length === 0) {
      return Promise.resolve(!this.ended);
    }
    return new Promise((resolve) => {
      this.socket.write(bytes, (error) => {
        if (!error) counts.tcpBytes += bytes.length;
        resolve(!error);
      });
    });
  }

  /** Writes `bytes` in random packet sizes with short pauses, as a mobile network delivers them. */
  async dribble(bytes: Buffer, random: Random): Promise<boolean> {
    for (let at = 0; at < bytes.length;) {
      const size = 1 + below(random, 512);
      if (!(await this.write(bytes.subarray(at, at + size)))) return false;
      at += size;
      if (random() < 0.3) await sleep(below(random, 20));
    }
    return true;
  }

  /** Whether the server ends the connection within `ms`. */
  async endedWithin(ms: number): Promise<boolean> {
    const deadline = performance.now() + ms;
    while (!this.endedByServer && performance.now() < deadline) await sleep(50);
    return this.endedByServer;
  }

  /** Ends it our way: a clean close (FIN after the writes), or a reset. */
  close(how: 'end' | 'destroy' | 'reset' = 'end'): Promise<void> {
    this.closedByUs = true;
    if (this.ended) return Promise.resolve();
    const closed = new Promise<void>((resolve) => this.socket.once('close', () => resolve()));
    if (how === 'reset') this.socket.resetAndDestroy();
    else if (how === 'destroy') this.socket.destroy();
    else {
      this.socket.end();
      // The server may never close its side of a half-open connection: do not wait forever.
      setTimeout(() => this.socket.destroy(), 2_000).unref();
    }
    return closed;
  }
}

interface Target {
  protocol: ProtocolDefinition;
  port: number;
  /** Identifiers the server knows for this protocol. */
  known: string[];
}

/** Connections held silent mid-frame until the end of the run. */
const held = new Set<Client>();

type Scenario = (
  client: Client,
  target: Target,
  random: Random,
  limits: FuzzOptions,
) => Promise<void>;

const identifier = (target: Target, random: Random) =>
  // Mostly known devices, sometimes one nobody registered.
  random() < 0.8
    ? pick(random, target.known)
    : target.protocol.device.uniqueId(900_000 + below(random, 1000));

const SCENARIOS: Record<string, { weight: number; run: Scenario }> = {
  random: {
    weight: 3,
    run: async (client, _target, random) => {
      const chunks = 1 + below(random, 20);
      for (let i = 0; i < chunks; i++) {
        if (!(await client.write(randomBytes(1 + below(random, 2048))))) return;
        await sleep(below(random, 20));
      }
      await client.close();
    },
  },
  truncated: {
    weight: 2,
    run: async (client, target, random) => {
      const frames = validFrames(target.protocol, identifier(target, random), random);
      for (const frame of frames) {
        counts.framesBroken++;
        if (!(await client.write(frame.subarray(0, below(random, frame.length))))) return;
        await sleep(below(random, 20));
      }
      await client.close();
    },
  },
  flipped: {
    weight: 2,
    run: async (client, target, random) => {
      const frames = validFrames(target.protocol, identifier(target, random), random);
      const stream: Buffer[] = [];
      for (let i = 0; i < 10; i++) {
        const frame = frames[i % frames.length];
        // The login stays whole half the time, so flipped frames reach a bound session too.
        const keep = i === 0 && random() < 0.5;
        stream.push(keep ? frame : broken(frame, random));
        if (keep) counts.framesValid++;
        else counts.framesBroken++;
      }
      if (await client.dribble(Buffer.concat(stream), random)) await client.close();
    },
  },
  oversize: {
    weight: 1,
    run: async (client, target, random) => {
      // The server drops it past its 64 KiB limits. Loopback's socket buffers take most of a
      // megabyte before the server reads it, so the drop is waited for, not inferred from writes.
      for (let sent = 0; sent < OVERSIZE_BYTES; sent += 64 * 1024) {
        if (!(await client.write(randomBytes(64 * 1024)))) break;
      }
      counts.oversize++;
      if (await client.endedWithin(OVERSIZE_DROP_MS)) counts.oversizeDropped++;
      else {
        const name = target.protocol.name;
        counts.oversizeKept.set(name, (counts.oversizeKept.get(name) ?? 0) + 1);
      }
      await client.close(random() < 0.5 ? 'end' : 'destroy');
    },
  },
  loginGarbage: {
    weight: 2,
    run: async (client, target, random) => {
      const [login, ...rest] = validFrames(target.protocol, identifier(target, random), random);
      counts.framesValid += 1 + Math.min(2, rest.length);
      if (!(await client.write(Buffer.concat([login, ...rest.slice(0, 2)])))) return;
      await sleep(below(random, 100));
      const garbage = 1 + below(random, 8);
      for (let i = 0; i < garbage; i++) {
        if (!(await client.write(randomBytes(1 + below(random, 16 * 1024))))) return;
        await sleep(below(random, 20));
      }
      await client.close();
    },
  },
  mixed: {
    weight: 3,
    run: async (client, target, random) => {
      const frames = validFrames(target.protocol, identifier(target, random), random);
      const stream: Buffer[] = [frames[0]];
      counts.framesValid++;
      for (let i = 0; i < 30; i++) {
        const roll = random();
        const frame = pick(random, frames);
        if (roll < 0.5) {
          stream.push(frame);
          counts.framesValid++;
        } else if (roll < 0.85) {
          stream.push(broken(frame, random));
          counts.framesBroken++;
        } else {
          stream.push(randomBytes(1 + below(random, 300)));
        }
      }
      if (await client.dribble(Buffer.concat(stream), random)) await client.close();
    },
  },
  abandoned: {
    weight: 2,
    run: async (client, target, random, limits) => {
      const frames = validFrames(target.protocol, identifier(target, random), random);
      const frame = pick(random, frames);
      counts.framesBroken++;
      const login = random() < 0.5 ? [frames[0]] : [];
      const cut = frame.subarray(0, 1 + below(random, Math.max(1, frame.length - 1)));
      if (!(await client.write(Buffer.concat([...login, cut])))) return;
      const how = below(random, 4);
      if (how === 3 && held.size < limits.held) {
        // Silent mid-frame until the run ends (the server would wait out its idle timeout).
        held.add(client);
        return;
      }
      await sleep(below(random, 200));
      await client.close(how === 0 ? 'destroy' : how === 1 ? 'reset' : 'end');
    },
  },
};

const scenarioNames = Object.keys(SCENARIOS);
const totalWeight = scenarioNames.reduce((sum, name) => sum + SCENARIOS[name].weight, 0);

function pickScenario(random: Random): string {
  let roll = random() * totalWeight;
  for (const name of scenarioNames) {
    roll -= SCENARIOS[name].weight;
    if (roll < 0) return name;
  }
  return scenarioNames[scenarioNames.length - 1];
}

async function tcpWorker(targets: Target[], until: number, random: Random, options: FuzzOptions) {
  while (performance.now() < until) {
    const target = pick(random, targets);
    const name = pickScenario(random);
    counts.scenarios.set(name, (counts.scenarios.get(name) ?? 0) + 1);
    const client = await Client.open(target.port);
    if (!client) {
      await sleep(100);
      continue;
    }
    try {
      await SCENARIOS[name].run(client, target, random, options);
    } finally {
      if (!held.has(client)) await client.close('destroy');
    }
  }
}

/** A datagram a device (or not) of the protocol sends over UDP. */
function datagram(target: Target, random: Random): Buffer {
  const uniqueId = identifier(target, random);
  const frames = validFrames(target.protocol, uniqueId, random);
  let frame = pick(random, frames);
  if (target.protocol === teltonika && frame.length > 12 && frame.readUInt32BE(0) === 0) {
    // Teltonika's UDP packets carry the IMEI and the AVL data without the TCP framing.
    const data = frame.subarray(8, 8 + frame.readUInt32BE(4));
    frame = udpPacket(below(random, 0x10000), below(random, 256), uniqueId, data);
  }
  const roll = random();
  if (roll < 0.3) {
    counts.framesValid++;
    return frame;
  }
  if (roll < 0.8) {
    counts.framesBroken++;
    return broken(frame, random);
  }
  // Random, up to near the largest datagram.
  return randomBytes(1 + below(random, random() < 0.05 ? 65_000 : 1_400));
}

async function udpWorker(targets: Target[], until: number, random: Random) {
  let socket: dgram.Socket | null = null;
  let sent = 0;
  try {
    while (performance.now() < until) {
      if (socket === null || sent >= 50) {
        // A new source port now and then: the server keeps a session per peer, and many peers
        // must not grow it without bound either.
        socket?.close();
        socket = dgram.createSocket('udp4');
        socket.on('error', () => undefined);
        socket.on('message', (message) => (counts.bytesReceived += message.length));
        counts.udpPeers++;
        sent = 0;
      }
      const target = pick(random, targets);
      const bytes = datagram(target, random);
      const current = socket;
      await new Promise<void>((resolve) =>
        current.send(bytes, target.port, '127.0.0.1', () => resolve()),
      );
      counts.datagrams++;
      counts.udpBytes += bytes.length;
      sent++;
      await sleep(below(random, 10));
    }
  } finally {
    socket?.close();
  }
}

/** The server's resident memory (MiB), from /proc. */
function rssMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

/**
 * The server's live heap (MiB): what survives full collections, which the preload
 * (bench/liveHeap.mjs) runs on SIGUSR2 and writes down.
 */
async function liveHeapMiB(pid: number, file: string): Promise<number> {
  const read = () =>
    readFile(file, 'utf8').then(
      (text) => text.trim().split('\n'),
      () => [],
    );
  const known = (await read()).length;
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 100; i++) {
    await sleep(100);
    const lines = await read();
    if (lines.length > known) return Number(lines[lines.length - 1]) / 1024 / 1024;
  }
  return NaN;
}

/** Sockets among the server process's open descriptors. */
function socketDescriptors(pid: number): number {
  let sockets = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) sockets++;
    } catch {
      // Closed between the listing and the read.
    }
  }
  return sockets;
}

/**
 * The server's side of TCP connections on the device ports, by state (`ss`): everything but the
 * listening sockets. TIME-WAIT is the kernel's memory of a connection the server closed first,
 * no longer the process's.
 */
function serverConnections(ports: ReadonlySet<number>): Map<string, number> {
  const filter = `( ${[...ports].map((port) => `sport = :${port}`).join(' or ')} )`;
  // Tens of thousands of TIME-WAIT lines after a busy run: a generous buffer.
  const output = execFileSync('ss', ['-Htan', 'state', 'all', 'exclude', 'listening', filter], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const states = new Map<string, number>();
  for (const line of output.split('\n')) {
    const [state, , , local] = line.trim().split(/\s+/);
    if (!local) continue;
    const port = Number(local.slice(local.lastIndexOf(':') + 1));
    if (ports.has(port)) states.set(state, (states.get(state) ?? 0) + 1);
  }
  return states;
}

const live = (states: Map<string, number>) =>
  [...states].reduce((sum, [state, n]) => (state === 'TIME-WAIT' ? sum : sum + n), 0);
const shown = (states: Map<string, number>) =>
  [...states].map(([state, n]) => `${state} ${n}`).join(', ') || 'none';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function fuzzBench(options: FuzzOptions): Promise<Figure[]> {
  const env: Record<string, string> = {};
  // Their `listening on port` line is at info level, which bench servers do not log: a port of
  // 0 could not be read back, so the ports are picked here (TCP and UDP take the same number).
  for (const protocol of DEVICE_PROTOCOLS) {
    env[portVariable(protocol.name)] = String(await freePort());
  }
  // The live heap is read through a preload in the server (bench/liveHeap.mjs); as in
  // bench/trackers.ts, BENCH_SERVER_NODE_OPTIONS adds to its options.
  const heapDir = await mkdtemp(path.join(os.tmpdir(), 'frota-fuzz-'));
  const heapFile = path.join(heapDir, 'live-heap');
  env.BENCH_LIVE_HEAP_FILE = heapFile;
  env.NODE_OPTIONS = [
    `--import=${new URL('./liveHeap.mjs', import.meta.url).href}`,
    process.env.BENCH_SERVER_NODE_OPTIONS ?? '',
  ].join(' ');
  const server: TestServer = await startBenchServer(env);
  const pid = server.pid;
  if (pid === null) throw new Error('the server has no process id');
  try {
    const admin = await adminClient(server);
    const targets: Target[] = [];
    for (const [index, protocol] of DEVICE_PROTOCOLS.entries()) {
      // Distinct numbers per protocol: some families share an identifier format.
      const known = Array.from({ length: KNOWN_DEVICES }, (_, i) =>
        protocol.device.uniqueId(index * 1000 + i),
      );
      for (const uniqueId of known) {
        const res = await admin.json('/api/devices', { name: `Fuzz ${uniqueId}`, uniqueId });
        if (res.status !== 200) throw new Error(`POST /api/devices: HTTP ${res.status}`);
      }
      targets.push({ protocol, port: server.devicePort(protocol.name), known });
    }
    const udpTargets = targets.filter((t) => t.protocol.transports.includes('udp'));
    const ports = new Set(targets.map((t) => t.port));
    const linesBefore = server.lines.length;

    await sleep(2_000);
    const liveBefore = await liveHeapMiB(pid, heapFile);
    const before = {
      rss: rssMiB(pid),
      sockets: socketDescriptors(pid),
      connections: serverConnections(ports),
    };
    log(
      `${targets.length} protocols (${udpTargets.length} with UDP), seed ${options.seed}: ` +
        `RSS ${Math.round(before.rss)} MiB, ${before.sockets} sockets, ` +
        `device-port connections: ${shown(before.connections)}`,
    );

    // Health every second, and memory and connections while it runs.
    const health = { checks: 0, failures: 0, slowest: 0, died: false };
    let peakRss = before.rss;
    let peakConnections = 0;
    let watching = true;
    const watch = (async () => {
      for (let tick = 0; watching; tick++) {
        if (!alive(pid)) {
          health.died = true;
          return;
        }
        const started = performance.now();
        const ok = await fetch(`${server.url}/api/health`, {
          signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
        }).then(
          (res) => res.status === 200,
          () => false,
        );
        health.checks++;
        if (!ok) health.failures++;
        health.slowest = Math.max(health.slowest, performance.now() - started);
        peakRss = Math.max(peakRss, rssMiB(pid));
        if (tick % 5 === 0)
          peakConnections = Math.max(peakConnections, live(serverConnections(ports)));
        await sleep(1_000);
      }
    })();

    const start = performance.now();
    const until = start + options.minutes * 60_000;
    log(
      `fuzzing for ${options.minutes} min: ${options.connections} TCP clients, ${options.udp} UDP senders`,
    );
    // Each worker its own generator from the run's seed, so the run repeats.
    const workers = [
      ...Array.from({ length: options.connections }, (_, i) =>
        tcpWorker(targets, until, rng(options.seed + 1 + i), options),
      ),
      ...Array.from({ length: options.udp }, (_, i) =>
        udpWorker(udpTargets, until, rng(options.seed + 10_000 + i)),
      ),
    ];
    // Halfway, what the server holds under load (a full collection costs it one pause).
    let liveHalfway = NaN;
    const halfway = setTimeout(
      () => void liveHeapMiB(pid, heapFile).then((mib) => (liveHalfway = mib)),
      (until - start) / 2,
    );
    const progress = setInterval(() => {
      log(
        `${Math.round((performance.now() - start) / 1000)} s: ${counts.connections} connections, ` +
          `${held.size} held, ${counts.datagrams} datagrams, RSS ${Math.round(rssMiB(pid))} MiB`,
      );
    }, 30_000);
    await Promise.all(workers);
    clearInterval(progress);
    clearTimeout(halfway);
    const during = { rss: rssMiB(pid), connections: serverConnections(ports) };
    log(
      `done: ${held.size} connections held silent to the end; device-port connections now: ` +
        `${shown(during.connections)}`,
    );
    await Promise.all([...held].map((client) => client.close('end')));
    held.clear();

    // Every client has closed: the server's side must follow.
    const settleStart = performance.now();
    let after = serverConnections(ports);
    while (live(after) > 0 && performance.now() - settleStart < options.settle * 1000) {
      await sleep(1_000);
      after = serverConnections(ports);
    }
    const settledS = (performance.now() - settleStart) / 1000;
    // Then a while for memory to come back down (timers, garbage collection).
    await sleep(10_000);
    watching = false;
    await watch;
    const liveAfter = await liveHeapMiB(pid, heapFile);
    const end = {
      rss: rssMiB(pid),
      sockets: socketDescriptors(pid),
      connections: serverConnections(ports),
    };
    const lines = server.lines.slice(linesBefore);
    const level = (n: number) => lines.filter((l) => l.includes(`"level":${n}`)).length;
    const errors = lines.filter((l) => /"level":(50|60)/.test(l) || /Uncaught|FATAL/i.test(l));
    for (const line of errors.slice(0, 5)) log(`server: ${line.slice(0, 300)}`);
    const survived = !health.died && alive(pid);
    log(
      `server log lines during the run: ${level(40)} warn, ${level(50)} error, ${level(60)} fatal`,
    );

    const scenarios = [...counts.scenarios].map(([name, n]) => `${name} ${n}`).join(', ');
    const liveGrowth = liveAfter - liveBefore;
    const refused = [...counts.connectFailed].map(([code, n]) => `${n} ${code}`).join(', ');
    return [
      {
        name: 'server alive, /api/health 200 every second',
        value: health.checks - health.failures,
        unit: 'checks',
        target: `= ${health.checks}`,
        met: survived && health.failures === 0,
        note: `${survived ? 'process alive' : 'PROCESS DIED'}; slowest answer ${Math.round(health.slowest)} ms`,
      },
      {
        name: 'server connections on device ports after',
        value: live(end.connections),
        unit: 'connections',
        target: '= 0',
        met: live(end.connections) === 0,
        note: `${shown(end.connections)}, ${settledS.toFixed(0)} s after the clients closed; ${live(during.connections)} at the end of the run, ${peakConnections} at most`,
      },
      {
        name: 'server socket descriptors, after − before',
        value: end.sockets - before.sockets,
        unit: 'sockets',
        target: '≤ 0',
        met: end.sockets <= before.sockets,
        note: `${before.sockets} before, ${end.sockets} after`,
      },
      {
        name: 'server RSS, start',
        value: Math.round(before.rss),
        unit: 'MiB',
        note: `peak ${Math.round(peakRss)}, ${Math.round(during.rss)} as the run ended`,
      },
      {
        name: 'server RSS, end',
        value: Math.round(end.rss),
        unit: 'MiB',
        note: `${Math.round(end.rss - before.rss)} over the start, after the clients closed and 10 s more`,
      },
      {
        name: 'server live heap, end − start',
        value: Math.round(liveGrowth * 10) / 10,
        unit: 'MiB',
        target: `< ${LIVE_GROWTH_LIMIT_MIB}`,
        met: liveGrowth < LIVE_GROWTH_LIMIT_MIB,
        note: `after full collections: ${liveBefore.toFixed(1)} at the start, ${liveHalfway.toFixed(1)} halfway, ${liveAfter.toFixed(1)} at the end MiB`,
      },
      {
        name: 'server error log lines',
        value: errors.length,
        unit: 'lines',
        note: `${level(40)} warnings (dropped connections, unknown devices)`,
      },
      {
        name: 'TCP connections opened',
        value: counts.connections,
        unit: 'connections',
        note: `${counts.closedByServer} ended by the server first; not opened: ${refused || 'none'}; ${scenarios}`,
      },
      {
        name: 'megabytes of junk the server dropped',
        value: counts.oversizeDropped,
        unit: 'connections',
        target: `= ${counts.oversize}`,
        met: counts.oversizeDropped === counts.oversize,
        note:
          `within ${OVERSIZE_DROP_MS / 1000} s of the last write` +
          (counts.oversizeKept.size > 0
            ? `; kept: ${[...counts.oversizeKept].map(([name, n]) => `${name} ${n}`).join(', ')}`
            : ''),
      },
      {
        name: 'TCP bytes written',
        value: Math.round(counts.tcpBytes / 1024 / 1024),
        unit: 'MiB',
      },
      {
        name: 'frames thrown (TCP and UDP)',
        value: counts.framesValid + counts.framesBroken,
        unit: 'frames',
        note: `${counts.framesValid} valid, ${counts.framesBroken} truncated or flipped, besides the random bytes`,
      },
      {
        name: 'UDP datagrams sent',
        value: counts.datagrams,
        unit: 'datagrams',
        note: `${Math.round(counts.udpBytes / 1024 / 1024)} MiB from ${counts.udpPeers} source ports`,
      },
      {
        name: 'bytes the server answered',
        value: Math.round(counts.bytesReceived / 1024),
        unit: 'KiB',
      },
    ];
  } finally {
    for (const client of held) client.socket.destroy();
    await stopBenchServer(server);
    await rm(heapDir, { recursive: true, force: true });
  }
}

export async function main(): Promise<Figure[]> {
  const { values } = parseArgs({
    options: {
      minutes: { type: 'string', default: '2' },
      connections: { type: 'string', default: '100' },
      udp: { type: 'string', default: '8' },
      held: { type: 'string', default: '300' },
      settle: { type: 'string', default: '60' },
      seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    },
  });
  const figures = await fuzzBench({
    minutes: Number(values.minutes),
    connections: Number(values.connections),
    udp: Number(values.udp),
    held: Number(values.held),
    settle: Number(values.settle),
    seed: Number(values.seed),
  });
  printFigures('Protocol fuzz', figures);
  return figures;
}

runIfMain(import.meta.url, main);
