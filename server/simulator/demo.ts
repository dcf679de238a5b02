import { Fleet } from './fleet';
import type { FleetDevice } from './fleet';
import { demoIntervalMs } from './seed';
import { OsmAndSender } from './sender';

interface DemoFleetOptions {
  devices: FleetDevice[];
  /** OsmAnd listener, e.g. `http://127.0.0.1:5055`. */
  url: string;
  log: { info(message: string): void; warn(message: string): void };
}

export interface RunningFleet {
  stop(): Promise<void>;
}

/** Runs the demo fleet in this process, reporting to the OsmAnd port like real phones. */
export function startDemoFleet({ devices, url, log }: DemoFleetOptions): RunningFleet {
  const intervalMs = demoIntervalMs(devices.length);
  const sender = new OsmAndSender({ url, concurrency: 8 });
  const fleet = new Fleet({
    vehicles: Fleet.vehiclesFor(devices, Date.now()),
    intervalMs,
    send: (query) => sender.send(query),
    onCommand: (uniqueId, command) => log.info(`demo device ${uniqueId}: ${command}`),
  });
  fleet.start();
  log.info(
    `demo fleet: ${devices.length} simulated devices reporting every ${intervalMs / 1000} s to ${url}`,
  );

  // Say once, not per message, when the listener refuses the fleet.
  let warned = false;
  const watch = setInterval(() => {
    const { failed, acknowledged } = sender.stats;
    if (!warned && failed > 0 && acknowledged === 0) {
      warned = true;
      log.warn(`demo fleet: the OsmAnd listener at ${url} is not accepting reports`);
    }
  }, 30_000).unref();

  return {
    async stop() {
      clearInterval(watch);
      fleet.stop();
      await sender.close(2_000);
    },
  };
}
