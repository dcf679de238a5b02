import { deviceProtocol } from '../protocol';
import { Fleet } from './fleet';
import type { FleetDevice } from './fleet';
import { osmAndQuery } from './message';
import { demoIntervalMs } from './seed';
import { OsmAndSender } from './sender';
import { TrackerLinks } from './trackers';

interface DemoFleetOptions {
  devices: FleetDevice[];
  /** OsmAnd listener, e.g. `http://127.0.0.1:5055`. */
  url: string;
  /** The hardware protocols' ports open on this server (protocol → port). */
  ports: ReadonlyMap<string, number>;
  log: { info(message: string): void; warn(message: string): void };
}

export interface RunningFleet {
  stop(): Promise<void>;
}

/**
 * Runs the demo fleet in this process: phones report to the OsmAnd port, and each tracker holds a
 * connection to its protocol's port, exactly as real devices do. A tracker whose port is closed
 * reports as a phone under the same identifier.
 */
export function startDemoFleet({ devices, url, ports, log }: DemoFleetOptions): RunningFleet {
  const intervalMs = demoIntervalMs(devices.length);
  const sender = new OsmAndSender({ url, concurrency: 8 });
  const links = new Map<string, TrackerLinks>();
  const linkOf = new Map<string, TrackerLinks>();
  let fleet: Fleet | null = null;
  for (const device of devices) {
    const protocol = deviceProtocol(device.protocol);
    const port = protocol ? ports.get(protocol.name) : undefined;
    if (!protocol || port === undefined) continue;
    let link = links.get(protocol.name);
    if (!link) {
      link = new TrackerLinks({
        protocol,
        host: '127.0.0.1',
        port,
        onCommand: (uniqueId, command) => fleet?.command(uniqueId, command) ?? false,
      });
      links.set(protocol.name, link);
    }
    linkOf.set(device.uniqueId, link);
  }
  fleet = new Fleet({
    vehicles: Fleet.vehiclesFor(devices, Date.now()),
    intervalMs,
    send: (report) => linkOf.get(report.uniqueId)?.send(report) ?? sender.send(osmAndQuery(report)),
    onCommand: (uniqueId, command) => log.info(`demo device ${uniqueId}: ${command}`),
  });
  for (const link of links.values()) {
    link.connect(devices.filter((d) => linkOf.get(d.uniqueId) === link).map((d) => d.uniqueId));
  }
  fleet.start();
  const trackers = [...links.values()].map((link) => link.protocol);
  log.info(
    `demo fleet: ${devices.length} simulated devices reporting every ${intervalMs / 1000} s to ${url}` +
      (trackers.length > 0 ? ` and the ${trackers.join(', ')} ports` : ''),
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
      fleet?.stop();
      await Promise.all([sender.close(2_000), ...[...links.values()].map((link) => link.close())]);
    },
  };
}
