/**
 * Load generator and stand-alone demo fleet:
 *
 *   npm run simulate -- --devices 1000 --rate 500 --url http://127.0.0.1:5055 \
 *     [--api http://127.0.0.1:8082 --email admin --password secret] [--prefix demo-] [--duration 300]
 *     [--spread road|uniform] [--warmup S]
 *   npm run simulate -- --protocol gt06 [--host 127.0.0.1] [--port 5023] --devices 100 --rate 20 …
 *
 * `--protocol` (gt06, h02, gps103, tk103, suntech, teltonika, gl200, jt808; default osmand) makes
 * each vehicle a hardware tracker of that family holding a TCP connection to its port (the
 * protocol's default port unless `--port`), logging in, reporting, and obeying and answering
 * engine stop and resume (docs/protocols.md); identifiers then take that family's form.
 *
 * With API credentials, devices missing on the server are created first (POST /api/devices,
 * many at a time). Then N vehicles report R positions per second in total over the OsmAnd
 * protocol, with counts every few seconds, until --duration seconds pass or Ctrl-C. `--spread
 * uniform` drives them on streets of their own spread evenly over a disc 50 km across instead of
 * along São Paulo's main roads (`spread.ts`); `--warmup S` has every vehicle report once within
 * the first S seconds (when that is sooner than one interval) before the steady rate.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEVICE_PROTOCOLS, deviceProtocol } from '../protocol';
import type { ProtocolDefinition } from '../protocol/shared/definition';
import { DEMO_ATTRIBUTE, DEMO_PROTOCOL_ATTRIBUTE, demoIdentity } from './catalog';
import { Fleet } from './fleet';
import { osmAndQuery } from './message';
import { OsmAndSender } from './sender';
import { SPREADS, type Spread } from './spread';
import { TrackerLinks } from './trackers';

const MAX_DURATION_S = 24 * 3600;
/**
 * Device creations in flight at once. The server commits each in its own transaction; a few
 * dozen in flight keep it busy without queueing thousands of requests (50,000 devices in a few
 * minutes rather than tens of minutes one by one).
 */
const CREATE_CONCURRENCY = 32;

interface CliOptions {
  devices: number;
  rate: number;
  url: string;
  api: string | null;
  email: string | null;
  password: string | null;
  prefix: string;
  durationS: number;
  concurrency: number;
  seed: number;
  spread: Spread;
  /** Every vehicle's first report within this many seconds; null: one interval. */
  warmupS: number | null;
  /** The hardware protocol the vehicles speak; null for OsmAnd over HTTP. */
  protocol: ProtocolDefinition | null;
  host: string;
  port: number | null;
}

function number(
  value: string | undefined,
  name: string,
  fallback: number,
  min: number,
  max: number,
) {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < min || parsed > max) {
    throw new Error(`--${name} must be a number between ${min} and ${max}`);
  }
  return parsed;
}

function parseCli(argv: string[]): CliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      devices: { type: 'string' },
      rate: { type: 'string' },
      url: { type: 'string' },
      api: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      prefix: { type: 'string' },
      duration: { type: 'string' },
      concurrency: { type: 'string' },
      seed: { type: 'string' },
      spread: { type: 'string' },
      warmup: { type: 'string' },
      protocol: { type: 'string' },
      host: { type: 'string' },
      port: { type: 'string' },
    },
    strict: true,
  });
  const protocolName = values.protocol ?? 'osmand';
  const protocol = deviceProtocol(protocolName) ?? null;
  if (protocolName !== 'osmand' && !protocol) {
    const names = ['osmand', ...DEVICE_PROTOCOLS.map((p) => p.name)].join(', ');
    throw new Error(`--protocol must be one of ${names}`);
  }
  const devices = Math.floor(number(values.devices, 'devices', 10, 1, 200_000));
  const rate = number(values.rate, 'rate', devices / 5, 0.01, 100_000);
  const warmupS = values.warmup === undefined ? null : number(values.warmup, 'warmup', 0, 1, 3600);
  // Each reply waits for the server's next batch commit (~50 ms), so a rate needs about
  // rate / 10 requests in flight; a fixed small pool caps the achievable rate. The first round
  // may be faster than the steady rate.
  const peakRate = Math.max(rate, warmupS === null ? 0 : devices / warmupS);
  const defaultConcurrency = Math.min(1024, Math.max(64, Math.ceil(peakRate / 8)));
  const options: CliOptions = {
    devices,
    rate,
    url: values.url ?? 'http://127.0.0.1:5055',
    api: values.api ?? null,
    email: values.email ?? null,
    password: values.password ?? null,
    prefix: values.prefix ?? 'demo-',
    durationS: number(values.duration, 'duration', 300, 1, MAX_DURATION_S),
    concurrency: Math.floor(number(values.concurrency, 'concurrency', defaultConcurrency, 1, 1024)),
    seed: Math.floor(number(values.seed, 'seed', 0, 0, 2 ** 32 - 1)),
    spread: (values.spread ?? 'road') as Spread,
    warmupS,
    protocol,
    host: values.host ?? '127.0.0.1',
    port: values.port === undefined ? null : Math.floor(number(values.port, 'port', 0, 1, 65535)),
  };
  if (!SPREADS.includes(options.spread)) {
    throw new Error(`--spread must be one of ${SPREADS.join(', ')}`);
  }
  if (options.api && (!options.email || !options.password)) {
    throw new Error('--api needs --email and --password');
  }
  return options;
}

/**
 * The first vehicle's number. Trackers' identifiers take their protocol's form without the
 * prefix, so each protocol starts in a range of its own past the largest demo fleet
 * (`DEMO_DEVICES` ≤ 100,000): simulated trackers never drive a vehicle the server's own demo
 * fleet drives, and two families whose identifiers look alike (IMEIs) never share one.
 */
const firstIndex = ({ protocol }: CliOptions): number =>
  protocol ? 100_000 * (1 + DEVICE_PROTOCOLS.indexOf(protocol)) : 0;

/** Signs in and creates the devices the server does not have yet. */
async function createMissingDevices(options: CliOptions, log: (line: string) => void) {
  const api = options.api!.replace(/\/$/, '');
  const login = await fetch(`${api}/api/session`, {
    method: 'POST',
    body: new URLSearchParams({ email: options.email!, password: options.password! }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: HTTP ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const headers = { cookie, 'content-type': 'application/json' };

  const listed = await fetch(`${api}/api/devices?all=true`, { headers });
  if (listed.status !== 200) throw new Error(`GET /api/devices failed: HTTP ${listed.status}`);
  const known = new Set(((await listed.json()) as { uniqueId: string }[]).map((d) => d.uniqueId));
  const missing = Array.from({ length: options.devices }, (_, i) =>
    demoIdentity(firstIndex(options) + i, options.prefix, options.protocol?.name),
  ).filter((identity) => !known.has(identity.uniqueId));
  if (missing.length === 0) return;

  log(`creating ${missing.length} devices through ${api}/api/devices`);
  let next = 0;
  let failures = 0;
  const started = Date.now();
  const progress = setInterval(
    () => log(`created ${Math.min(next, missing.length)}/${missing.length} devices`),
    10_000,
  );
  const worker = async () => {
    while (next < missing.length && failures < 10) {
      const { uniqueId, name, category, attributes: demo } = missing[next++];
      // Not `frota.demo`: an embedded server would otherwise drive these itself after a restart.
      const attributes = {
        ...demo,
        [DEMO_ATTRIBUTE]: undefined,
        [DEMO_PROTOCOL_ATTRIBUTE]: undefined,
      };
      const res = await fetch(`${api}/api/devices`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name, uniqueId, category, attributes }),
      });
      if (res.status !== 200) {
        failures++;
        log(`POST /api/devices ${uniqueId}: HTTP ${res.status} ${await res.text()}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CREATE_CONCURRENCY }, worker));
  clearInterval(progress);
  if (failures >= 10) throw new Error('too many device creation failures');
  log(`created ${missing.length} devices in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

async function runCli(argv: string[], log = (line: string) => console.log(line)) {
  const options = parseCli(argv);
  if (options.api) await createMissingDevices(options, log);

  const { protocol } = options;
  const devices = Array.from({ length: options.devices }, (_, i) => {
    const { uniqueId, category } = demoIdentity(
      firstIndex(options) + i,
      options.prefix,
      protocol?.name,
    );
    return { uniqueId, category };
  });
  const intervalMs = (options.devices / options.rate) * 1000;
  const sender = new OsmAndSender({ url: options.url, concurrency: options.concurrency });
  let fleet: Fleet | null = null;
  const trackers = protocol
    ? new TrackerLinks({
        protocol,
        host: options.host,
        port: options.port ?? protocol.defaultPort,
        onCommand: (uniqueId, command) => fleet?.command(uniqueId, command) ?? false,
      })
    : null;
  fleet = new Fleet({
    vehicles: Fleet.vehiclesFor(devices, Date.now(), options.seed, options.spread),
    intervalMs,
    firstRoundMs: options.warmupS === null ? undefined : options.warmupS * 1000,
    send: (report) => trackers?.send(report) ?? sender.send(osmAndQuery(report)),
    full: () => sender.full,
    tickMs: Math.min(50, Math.max(5, intervalMs / 4)),
    onCommand: (uniqueId, command) => log(`${uniqueId}: ${command}`),
  });
  const running = fleet;
  trackers?.connect(devices.map((device) => device.uniqueId));

  const started = Date.now();
  let last = { at: started, count: 0 };
  const report = () => {
    const now = Date.now();
    const elapsed = `${Math.round((now - started) / 1000)}s`;
    if (trackers) {
      const { connected, sent, acknowledged, commands, dropped, reconnects } = trackers.stats;
      const rate = ((sent - last.count) * 1000) / Math.max(1, now - last.at);
      last = { at: now, count: sent };
      log(
        `${elapsed} connected=${connected} sent=${sent} acknowledgements=${acknowledged} ` +
          `commands=${commands} dropped=${dropped} reconnects=${reconnects} ` +
          `rate=${rate.toFixed(rate < 10 ? 1 : 0)}/s (target ${options.rate}/s)`,
      );
      return;
    }
    const { sent, acknowledged, failed, dropped, retried } = sender.stats;
    const rate = ((acknowledged - last.count) * 1000) / Math.max(1, now - last.at);
    last = { at: now, count: acknowledged };
    log(
      `${elapsed} sent=${sent} acknowledged=${acknowledged} ` +
        `failed=${failed} dropped=${dropped} retried=${retried} skipped=${running.skipped} ` +
        `rate=${rate.toFixed(0)}/s (target ${options.rate}/s)`,
    );
  };

  const target = protocol
    ? `${protocol.name} on ${options.host}:${options.port ?? protocol.defaultPort}`
    : options.url;
  log(
    `simulating ${options.devices} devices (${options.spread} spread), ${options.rate} ` +
      `positions/s in total (each every ${(intervalMs / 1000).toFixed(2)} s) to ${target} ` +
      `for ${options.durationS} s`,
  );
  fleet.start();
  const ticker = setInterval(report, 5_000);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, options.durationS * 1000);
    process.once('SIGINT', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  fleet.stop();
  clearInterval(ticker);
  await Promise.all([sender.close(), trackers?.close()]);
  report();
  const done = trackers ? trackers.stats.sent : sender.stats.acknowledged;
  log(
    `done: ${done} ${trackers ? 'sent' : 'acknowledged'}, ${((done * 1000) / (Date.now() - started)).toFixed(0)}/s overall`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runCli(process.argv.slice(2)).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
