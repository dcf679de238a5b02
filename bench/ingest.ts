/**
 * (a) Sustained OsmAnd ingest: N devices created through the API, then 512 keep-alive connections
 * (devices report independently, and the server commits in groups, so a reply waits for its
 * group) send positions back to back for a fixed time; the rate counts acknowledged (200)
 * replies after a 2 s warm-up. Afterwards `positions` must hold exactly what was acknowledged.
 * BENCH_DATABASE_URL runs it on PostgreSQL; BENCH_INGEST_INSTANCES=2 there runs two instances in
 * cluster mode, each device's fixes alternating between them. BENCH_FIX_SPACING_MS (default
 * 1000) sets how far apart in fix time one device's fixes are.
 */
import {
  adminClient,
  createDevices,
  log,
  newSender,
  osmAndMessage,
  printFigures,
  runIfMain,
  serverCpuMs,
  sleep,
  benchPostgresUrl,
  startBenchServer,
  stopBenchServer,
  storedPositions,
  type Figure,
} from './support';

const TARGET_RATE = 3_000;

/**
 * With `instances` = 2 (PostgreSQL only: BENCH_DATABASE_URL), two servers in cluster mode
 * (REDIS_URL) share the database and each device's fixes alternate between them.
 */
export async function ingestBench(
  deviceCount: number,
  durationS = 20,
  instances = 1,
): Promise<Figure[]> {
  if (instances > 1 && !benchPostgresUrl()) {
    throw new Error('Several instances need PostgreSQL: set BENCH_DATABASE_URL');
  }
  const cluster: Record<string, string> =
    instances > 1 ? { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' } : {};
  const servers = [await startBenchServer(cluster)];
  try {
    for (let i = 1; i < instances; i++) {
      servers.push(
        await startBenchServer({ ...cluster, DATABASE_URL: servers[0].env.DATABASE_URL }),
      );
    }
    const admin = await adminClient(servers[0]);
    const createStart = Date.now();
    const devices = await createDevices(admin, deviceCount, `in${deviceCount}-`);
    const createS = (Date.now() - createStart) / 1000;
    log(`${deviceCount} devices created in ${createS.toFixed(1)} s`);

    const concurrency = Math.min(512, deviceCount);
    const senders = servers.map((server) =>
      newSender(server, Math.ceil(concurrency / servers.length)),
    );
    const acknowledgedSoFar = () => senders.reduce((sum, s) => sum + s.stats.acknowledged, 0);
    // Each device's fixes are this far apart in fix time (a moving device's pipeline state holds
    // the last 3 minutes of its fixes, so closer fixes make it larger).
    const spacing = Number(process.env.BENCH_FIX_SPACING_MS ?? 1000);
    const base = Date.now() - 24 * 3600_000;
    const maxMessages = 2_000_000;
    let next = 0;
    const start = Date.now();
    const warmEnd = start + 2_000;
    const end = warmEnd + durationS * 1000;
    // Server CPU is what the instances use, whatever else the machine runs meanwhile.
    const cpuSoFar = () => servers.reduce((sum, server) => sum + (serverCpuMs(server) ?? NaN), 0);
    let warm = { at: 0, acknowledged: 0, cpu: 0 };

    const worker = async () => {
      while (Date.now() < end && next < maxMessages) {
        const seq = next++;
        const device = devices[seq % deviceCount];
        const round = Math.floor(seq / deviceCount);
        // A device's consecutive fixes go to the instances in turn.
        const sender = senders[(seq + round) % senders.length];
        await sender.send(osmAndMessage(device.uniqueId, base + round * spacing, seq));
        if (warm.at === 0 && Date.now() >= warmEnd) {
          warm = { at: Date.now(), acknowledged: acknowledgedSoFar(), cpu: cpuSoFar() };
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const elapsed = (Date.now() - warm.at) / 1000;
    const acknowledged = acknowledgedSoFar();
    const failed = senders.reduce((sum, s) => sum + s.stats.failed, 0);
    const sent = senders.reduce((sum, s) => sum + s.stats.sent, 0);
    const rate = (acknowledged - warm.acknowledged) / elapsed;
    const cpuPer1000 = ((cpuSoFar() - warm.cpu) / (acknowledged - warm.acknowledged)) * 1000;
    await Promise.all(senders.map((sender) => sender.close()));

    // Acknowledged means committed; allow a moment anyway before counting.
    let stored = await storedPositions(servers[0]);
    for (let i = 0; i < 20 && stored < acknowledged; i++) {
      await sleep(500);
      stored = await storedPositions(servers[0]);
    }
    const label =
      instances > 1 ? `${deviceCount} devices, ${instances} instances` : `${deviceCount} devices`;
    log(`${label}: sent ${sent}, acknowledged ${acknowledged}, failed ${failed}, stored ${stored}`);
    return [
      {
        name: `ingest, ${label}`,
        value: Math.round(rate),
        unit: 'positions/s',
        target: `≥ ${TARGET_RATE}`,
        met: rate >= TARGET_RATE,
        note: `${acknowledged} acknowledged, ${failed} failed in ${(elapsed + 2).toFixed(0)} s`,
      },
      {
        name: `server CPU per 1,000 fixes, ${label}`,
        value: Math.round(cpuPer1000),
        unit: 'ms',
        note: 'user + system time of the server processes after the warm-up',
      },
      {
        name: `stored = acknowledged, ${label}`,
        value: stored,
        unit: 'rows',
        target: `= ${acknowledged}`,
        met: stored === acknowledged,
      },
      { name: `device creation, ${deviceCount} devices`, value: createS, unit: 's' },
    ];
  } finally {
    // The first server's database goes last: the others use it too.
    for (const server of servers.slice(1)) await stopBenchServer(server);
    await stopBenchServer(servers[0]);
  }
}

export async function main(): Promise<Figure[]> {
  const instances = Number(process.env.BENCH_INGEST_INSTANCES ?? 1);
  const figures = [
    ...(await ingestBench(1_000, 20, instances)),
    ...(await ingestBench(10_000, 20, instances)),
  ];
  printFigures('OsmAnd ingest throughput', figures);
  return figures;
}

runIfMain(import.meta.url, main);
