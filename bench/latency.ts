/**
 * (b) Ingest-to-socket latency: 50 socket clients (each its own admin session, so each sees every
 * device) while OsmAnd positions arrive at a steady rate. Each position pushed to a socket is
 * matched to its send time by device and fix time; latency = received − sent, on one clock.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import {
  adminClient,
  createDevices,
  log,
  newSender,
  osmAndMessage,
  percentile,
  printFigures,
  runIfMain,
  sleep,
  startBenchServer,
  stopBenchServer,
  type Figure,
} from './support';

const TARGET_P99_MS = 200;

interface Options {
  devices?: number;
  clients?: number;
  /** Positions per second. */
  rate?: number;
  durationS?: number;
}

export async function latencyBench(options: Options = {}): Promise<Figure[]> {
  const { devices: deviceCount = 1_000, clients = 50, rate = 1_000, durationS = 20 } = options;
  const server = await startBenchServer();
  const sockets: WebSocket[] = [];
  try {
    const admin = await adminClient(server);
    const devices = await createDevices(admin, deviceCount, 'lat-');
    const idOf = new Map(devices.map((d) => [d.uniqueId, d.id]));

    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    let unmatched = 0;
    const received: { at: number; data: Buffer }[] = [];
    for (let i = 0; i < clients; i++) {
      const client = await adminClient(server);
      const socket = new WebSocket(`${server.wsUrl}/api/socket`, {
        headers: { cookie: client.cookieHeader() },
      });
      // Only the arrival time and the raw bytes now; parsing 50 copies of every message here
      // would make this process, not the server, the bottleneck. Matched after the run.
      socket.on('message', (data: Buffer) => received.push({ at: performance.now(), data }));
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      sockets.push(socket);
    }
    log(`${clients} sockets open, sending ${rate} positions/s for ${durationS} s`);

    const sender = newSender(server, 64);
    // The bench shares the machine with the server: its own event-loop lag is part of the figure.
    const lag = monitorEventLoopDelay({ resolution: 5 });
    lag.enable();
    const base = Date.now() - 60_000;
    let seq = 0;
    const start = performance.now();
    const total = rate * durationS;
    while (seq < total) {
      const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000));
      for (; seq < due; seq++) {
        const device = devices[seq % deviceCount];
        const fixTime = base + Math.floor(seq / deviceCount) * 1000;
        sentAt.set(`${idOf.get(device.uniqueId)}:${fixTime}`, performance.now());
        void sender.send(osmAndMessage(device.uniqueId, fixTime, seq));
      }
      await sleep(5);
    }
    const sendS = (performance.now() - start) / 1000;
    lag.disable();
    await sender.idle();
    await sender.close();
    // Stragglers: wait until nothing new arrives for a second (at most 15 s).
    for (let i = 0, last = -1; i < 15 && received.length !== last; i++) {
      last = received.length;
      await sleep(1_000);
    }
    for (const { at, data } of received) {
      const message = JSON.parse(data.toString('utf8')) as {
        positions?: { deviceId: number; fixTime: string }[];
      };
      for (const position of message.positions ?? []) {
        const sent = sentAt.get(`${position.deviceId}:${Date.parse(position.fixTime)}`);
        if (sent === undefined) unmatched++;
        else latencies.push(at - sent);
      }
    }
    const messages = received.length;
    const { acknowledged, failed, dropped } = sender.stats;
    const expected = acknowledged * clients;
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    log(
      `sent ${seq} in ${sendS.toFixed(1)} s: acknowledged ${acknowledged}, failed ${failed}, dropped ${dropped}; ` +
        `${messages} socket messages, ${latencies.length} of ${expected} positions delivered, ${unmatched} unmatched`,
    );
    return [
      { name: `ingest→socket p50 (${clients} clients, ${rate}/s)`, value: p50, unit: 'ms' },
      {
        name: `ingest→socket p99 (${clients} clients, ${rate}/s)`,
        value: p99,
        unit: 'ms',
        target: `< ${TARGET_P99_MS}`,
        met: p99 < TARGET_P99_MS,
      },
      { name: 'ingest→socket max', value: percentile(latencies, 100), unit: 'ms' },
      {
        name: 'bench process event-loop lag p99',
        value: lag.percentile(99) / 1e6,
        unit: 'ms',
        note: 'part of the latency measured',
      },
      {
        name: 'positions delivered to sockets',
        value: latencies.length,
        unit: 'positions',
        target: `= ${expected}`,
        met: latencies.length === expected,
        note: `${(latencies.length / Math.max(1, messages)).toFixed(1)} per socket message`,
      },
    ];
  } finally {
    for (const socket of sockets) socket.terminate();
    await stopBenchServer(server);
  }
}

export async function main(): Promise<Figure[]> {
  const figures = await latencyBench();
  printFigures('Ingest-to-socket latency', figures);
  return figures;
}

runIfMain(import.meta.url, main);
