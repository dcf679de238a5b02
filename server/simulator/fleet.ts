import { profileFor } from './catalog';
import { parseCommand, type SimulatorCommand } from './message';
import { hashSeed } from './random';
import { type Spread, uniformRoad } from './spread';
import { Vehicle, type VehicleReport, type VehicleResume } from './vehicle';
import type { SendResult } from './sender';

export interface FleetDevice {
  uniqueId: string;
  category: string | null;
  /** The protocol its tracker speaks; OsmAnd when absent. */
  protocol?: string;
  /** Its latest stored position, when it has one: the vehicle carries on from there. */
  last?: VehicleResume | null;
}

interface FleetOptions {
  vehicles: Vehicle[];
  /** Each vehicle reports this often, ms. */
  intervalMs: number;
  /**
   * Every vehicle's first report comes within this many ms (default: one interval); the steady
   * rhythm starts after it. A big fleet at a low rate would otherwise need minutes before every
   * vehicle is on the map once.
   */
  firstRoundMs?: number;
  /**
   * Delivers one report (as an OsmAnd query, or on a tracker's connection); resolves with the
   * reply, in whose body an OsmAnd command rides.
   */
  send: (report: VehicleReport) => Promise<SendResult>;
  now?: () => number;
  /** How often due vehicles are looked for. Default 50 ms. */
  tickMs?: number;
  onCommand?: (uniqueId: string, command: SimulatorCommand) => void;
  /**
   * True while `send` would drop a message: a vehicle still to report for the first time waits
   * a moment instead (a big fleet's warm-up can outrun the server).
   */
  full?: () => boolean;
}

const FIRST_REPORT_RETRY_MS = 1_000;

/**
 * Drives vehicles in real time: every vehicle reports once per interval, the fleet spread evenly
 * over it. A vehicle whose previous report is still in flight skips its turn instead of queueing
 * a second one, so a slow server sees less traffic rather than a growing backlog.
 */
export class Fleet {
  readonly vehicles: Vehicle[];
  /** Turns skipped because the previous report had not been answered yet. */
  skipped = 0;
  private readonly nextAt: number[];
  /** When each vehicle's second report is due: the start of its steady rhythm. */
  private readonly steadyFrom: (number | null)[];
  private readonly busy: boolean[];
  private readonly now: () => number;
  private readonly intervalMs: number;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: FleetOptions) {
    this.vehicles = options.vehicles;
    this.now = options.now ?? Date.now;
    this.intervalMs = options.intervalMs;
    const start = this.now();
    const count = Math.max(this.vehicles.length, 1);
    const firstRoundMs = Math.min(options.firstRoundMs ?? this.intervalMs, this.intervalMs);
    this.nextAt = this.vehicles.map((_, i) => start + (i * firstRoundMs) / count);
    // After its first report a vehicle keeps the even spread over the interval, counted from
    // the end of the first round, so the steady rate is the target rate from then on.
    this.steadyFrom = this.vehicles.map(
      (_, i) => start + firstRoundMs + (i * this.intervalMs) / count,
    );
    this.busy = this.vehicles.map(() => false);
  }

  /**
   * Builds the vehicles for stored devices; `seed` varies the whole fleet's behaviour and
   * `spread` where it drives (`spread.ts`).
   */
  static vehiclesFor(
    devices: FleetDevice[],
    start: number,
    seed = 0,
    spread: Spread = 'road',
  ): Vehicle[] {
    return devices.map((device) => {
      const vehicleSeed = hashSeed(device.uniqueId, seed);
      const vehicle = new Vehicle({
        uniqueId: device.uniqueId,
        profile: profileFor(device.category),
        seed: vehicleSeed,
        start,
        road: spread === 'uniform' ? uniformRoad(vehicleSeed) : undefined,
      });
      if (device.last) vehicle.resume(device.last);
      return vehicle;
    });
  }

  /**
   * A command that reached a vehicle outside a report's reply (a tracker's connection); true when
   * the vehicle obeyed it.
   */
  command(uniqueId: string, command: SimulatorCommand): boolean {
    const vehicle = this.vehicles.find((v) => v.uniqueId === uniqueId);
    if (!vehicle?.command(command)) return false;
    this.options.onCommand?.(uniqueId, command);
    return true;
  }

  start(): void {
    this.timer ??= setInterval(() => this.tick(), this.options.tickMs ?? 50);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Sends a report for every vehicle whose turn has come. */
  tick(): void {
    const now = this.now();
    for (let i = 0; i < this.vehicles.length; i++) {
      if (this.nextAt[i] > now) continue;
      if (this.steadyFrom[i] !== null && this.options.full?.()) {
        this.nextAt[i] = now + FIRST_REPORT_RETRY_MS;
        continue;
      }
      // Fell far behind (a paused process): resume the rhythm instead of bursting.
      const steady = this.steadyFrom[i];
      this.steadyFrom[i] = null;
      this.nextAt[i] = Math.max(steady ?? this.nextAt[i] + this.intervalMs, now - this.intervalMs);
      if (this.busy[i]) {
        this.skipped++;
        continue;
      }
      const vehicle = this.vehicles[i];
      vehicle.advance(now);
      this.busy[i] = true;
      void this.options.send(vehicle.report()).then((result) => {
        this.busy[i] = false;
        if (result.dropped && steady !== null) {
          // Its first report never left (the server was busy): it tries again shortly, so
          // every vehicle is on the map by the end of the first round, not one interval later.
          this.steadyFrom[i] = steady;
          this.nextAt[i] = Math.min(this.nextAt[i], this.now() + FIRST_REPORT_RETRY_MS);
        }
        const command = parseCommand(result.body);
        if (command && vehicle.command(command))
          this.options.onCommand?.(vehicle.uniqueId, command);
      });
    }
  }
}
