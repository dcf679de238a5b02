/**
 * (c) List response times with 10,000 devices, each with a latest position: GET /api/devices and
 * GET /api/positions as the admin, timed to the last byte of the body, over several runs.
 */
import { performance } from 'node:perf_hooks';
import {
  adminClient,
  createDevices,
  log,
  newSender,
  osmAndMessage,
  percentile,
  printFigures,
  runIfMain,
  startBenchServer,
  type Figure,
} from './support';

const TARGET_MS = 300;

export async function listsBench(deviceCount = 10_000, runs = 15): Promise<Figure[]> {
  const server = await startBenchServer();
  try {
    const admin = await adminClient(server);
    const devices = await createDevices(admin, deviceCount, 'list-');
    const sender = newSender(server, 64);
    const base = Date.now() - 60_000;
    for (let from = 0; from < deviceCount; from += 1_000) {
      const chunk = devices.slice(from, from + 1_000);
      await Promise.all(
        chunk.map((device, i) => sender.send(osmAndMessage(device.uniqueId, base, from + i))),
      );
    }
    await sender.idle();
    await sender.close();
    log(`${deviceCount} devices with ${sender.stats.acknowledged} positions`);

    const figures: Figure[] = [];
    for (const path of ['/api/devices', '/api/positions']) {
      const times: number[] = [];
      let count = 0;
      let bytes = 0;
      for (let run = 0; run < runs; run++) {
        const start = performance.now();
        const res = await admin.get(path);
        const body = await res.text();
        times.push(performance.now() - start);
        if (res.status !== 200)
          throw new Error(`GET ${path}: HTTP ${res.status} ${body.slice(0, 200)}`);
        count = (JSON.parse(body) as unknown[]).length;
        bytes = body.length;
      }
      const p95 = percentile(times, 95);
      figures.push(
        {
          name: `GET ${path} median (${count} items)`,
          value: percentile(times, 50),
          unit: 'ms',
          note: `${(bytes / 1e6).toFixed(1)} MB`,
        },
        {
          name: `GET ${path} p95 (${runs} runs)`,
          value: p95,
          unit: 'ms',
          target: `< ${TARGET_MS}`,
          met: p95 < TARGET_MS,
        },
      );
    }
    return figures;
  } finally {
    await server.stop();
  }
}

export async function main(): Promise<Figure[]> {
  const figures = await listsBench();
  printFigures('List response times', figures);
  return figures;
}

runIfMain(import.meta.url, main);
