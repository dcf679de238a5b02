/**
 * (c) List response times with 10,000 devices, each with a latest position: GET /api/devices and
 * GET /api/positions as the admin, timed to the last byte of the body, over several runs.
 */
import {
  adminClient,
  createDevices,
  log,
  newSender,
  osmAndMessage,
  printFigures,
  responseFigures,
  runIfMain,
  startBenchServer,
  stopBenchServer,
  timeGets,
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
      const { times, body } = await timeGets(admin, path, runs);
      const count = (JSON.parse(body) as unknown[]).length;
      figures.push(
        ...responseFigures(
          `GET ${path} (${count} items)`,
          times,
          TARGET_MS,
          `${(body.length / 1e6).toFixed(1)} MB`,
        ),
      );
    }
    return figures;
  } finally {
    await stopBenchServer(server);
  }
}

export async function main(): Promise<Figure[]> {
  const figures = await listsBench();
  printFigures('List response times', figures);
  return figures;
}

runIfMain(import.meta.url, main);
