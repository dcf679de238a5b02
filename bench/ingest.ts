/**
 * (a) Sustained OsmAnd ingest: N devices created through the API, then 512 keep-alive connections
 * (devices report independently, and the server commits in groups, so a reply waits for its
 * group) send positions back to back for a fixed time; the rate counts acknowledged (200)
 * replies after a 2 s warm-up. Afterwards `positions` must hold exactly what was acknowledged.
 */
import {
  adminClient,
  createDevices,
  log,
  newSender,
  osmAndMessage,
  printFigures,
  runIfMain,
  sleep,
  startBenchServer,
  stopBenchServer,
  storedPositions,
  type Figure,
} from './support';

const TARGET_RATE = 3_000;

export async function ingestBench(deviceCount: number, durationS = 20): Promise<Figure[]> {
  const server = await startBenchServer();
  try {
    const admin = await adminClient(server);
    const createStart = Date.now();
    const devices = await createDevices(admin, deviceCount, `in${deviceCount}-`);
    const createS = (Date.now() - createStart) / 1000;
    log(`${deviceCount} devices created in ${createS.toFixed(1)} s`);

    const concurrency = Math.min(512, deviceCount);
    const sender = newSender(server, concurrency);
    const base = Date.now() - 24 * 3600_000;
    const maxMessages = 2_000_000;
    let next = 0;
    const start = Date.now();
    const warmEnd = start + 2_000;
    const end = warmEnd + durationS * 1000;
    let warm = { at: 0, acknowledged: 0 };

    const worker = async () => {
      while (Date.now() < end && next < maxMessages) {
        const seq = next++;
        const device = devices[seq % deviceCount];
        const round = Math.floor(seq / deviceCount);
        await sender.send(osmAndMessage(device.uniqueId, base + round * 1000, seq));
        if (warm.at === 0 && Date.now() >= warmEnd) {
          warm = { at: Date.now(), acknowledged: sender.stats.acknowledged };
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const elapsed = (Date.now() - warm.at) / 1000;
    const { acknowledged, failed, sent } = sender.stats;
    const rate = (acknowledged - warm.acknowledged) / elapsed;
    await sender.close();

    // Acknowledged means committed; allow a moment anyway before counting.
    let stored = await storedPositions(server);
    for (let i = 0; i < 20 && stored < acknowledged; i++) {
      await sleep(500);
      stored = await storedPositions(server);
    }
    log(
      `${deviceCount} devices: sent ${sent}, acknowledged ${acknowledged}, failed ${failed}, stored ${stored}`,
    );
    return [
      {
        name: `ingest, ${deviceCount} devices`,
        value: Math.round(rate),
        unit: 'positions/s',
        target: `≥ ${TARGET_RATE}`,
        met: rate >= TARGET_RATE,
        note: `${acknowledged} acknowledged, ${failed} failed in ${(elapsed + 2).toFixed(0)} s`,
      },
      {
        name: `stored = acknowledged, ${deviceCount} devices`,
        value: stored,
        unit: 'rows',
        target: `= ${acknowledged}`,
        met: stored === acknowledged,
      },
      { name: `device creation, ${deviceCount} devices`, value: createS, unit: 's' },
    ];
  } finally {
    await stopBenchServer(server);
  }
}

export async function main(): Promise<Figure[]> {
  const figures = [...(await ingestBench(1_000)), ...(await ingestBench(10_000))];
  printFigures('OsmAnd ingest throughput', figures);
  return figures;
}

runIfMain(import.meta.url, main);
