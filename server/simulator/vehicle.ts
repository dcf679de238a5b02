import type { VehicleProfile } from './catalog';
import { createRng, exponential, pick, uniform, weighted, type Rng } from './random';
import { ROADS, type Road } from './roads';
import { Route } from './route';

/**
 * One simulated vehicle, pure: it moves only when `advance(time)` is called, draws every random
 * choice from its own seeded source, and never touches the network. Same seed, same start time
 * and the same calls give the same reports.
 *
 * It drives along its road to the end, idles, switches the ignition off and parks, then drives
 * back. On the way it accelerates towards a cruise speed near the limit, brakes for stops
 * (lights, jams) and waits at them with the engine idling.
 */

type Phase = 'parked' | 'starting' | 'driving' | 'waiting' | 'parking';

interface VehicleOptions {
  uniqueId: string;
  profile: VehicleProfile;
  /** Which road to drive; default chosen from the seed. */
  road?: Road;
  seed: number;
  /** Epoch ms the simulation starts at. */
  start: number;
  /** Mean time between spontaneous alarms (sos, harsh driving…), ms. Default 40 minutes. */
  alarmMeanMs?: number;
  /** How long it stays parked at the end of its road, ms. Default 1 to 5 minutes. */
  parkMs?: readonly [number, number];
}

/** Where a vehicle was last seen, from its latest stored position, so a restart carries on. */
export interface VehicleResume {
  latitude: number;
  longitude: number;
  /** Degrees; tells which way along the road it was heading. */
  course: number;
  /** Metres; null when the position did not carry one. */
  odometer: number | null;
  /** Engine hours, ms; null when the position did not carry them. */
  hours: number | null;
  blocked: boolean;
}

/** What the tracker reports: the OsmAnd fields plus the attributes it sends. */
export interface VehicleReport {
  uniqueId: string;
  time: number;
  latitude: number;
  longitude: number;
  /** Knots, as OsmAnd sends it. */
  speed: number;
  course: number;
  altitude: number;
  accuracy: number;
  /** Tracker battery, %. */
  batteryLevel: number;
  ignition: boolean;
  blocked: boolean;
  /** Vehicle supply voltage. */
  power: number;
  sat: number;
  /** Metres. */
  odometer: number;
  /** Engine hours, ms. */
  hours: number;
  /** Comma-separated alarm keys, when any were raised since the last report. */
  alarm?: string;
}

const KNOTS_PER_MPS = 3600 / 1852;
const STEP_MS = 1000;
const MIN_STOP_GAP_M = 60;

export class Vehicle {
  readonly uniqueId: string;
  readonly profile: VehicleProfile;
  readonly route: Route;
  private readonly rng: Rng;
  private readonly alarmMeanMs: number;
  private readonly parkMs: readonly [number, number];
  /** The driver's habit: fraction of the limit they cruise at (above 1: a speeder). */
  private readonly temper: number;

  time: number;
  phase: Phase = 'driving';
  private phaseEnd = 0;
  /** Metres from the road's first vertex. */
  private s: number;
  /** Driving from the last vertex towards the first. */
  private reverse: boolean;
  /** m/s. */
  speed = 0;
  private cruise = 0;
  private cruiseUntil = 0;
  /** Position (along the road) of the next stop, or null when the next stop is the road's end. */
  private nextStop: number | null = null;
  blocked = false;
  private odometer: number;
  private hours: number;
  private battery: number;
  private sats: number;
  private overspeeding = false;
  private nextAlarmAt: number;
  private alarms: string[] = [];

  constructor(options: VehicleOptions) {
    this.uniqueId = options.uniqueId;
    this.profile = options.profile;
    this.rng = createRng(options.seed);
    this.alarmMeanMs = options.alarmMeanMs ?? 40 * 60_000;
    this.parkMs = options.parkMs ?? [60_000, 300_000];
    this.route = new Route(options.road ?? chooseRoad(this.rng, this.profile));
    this.time = options.start;
    this.temper =
      this.rng.next() < 0.12 ? uniform(this.rng, 1.12, 1.3) : uniform(this.rng, 0.8, 1.02);
    this.s = uniform(this.rng, 0, this.route.length);
    this.reverse = this.rng.next() < 0.5;
    this.odometer = Math.round(uniform(this.rng, 5_000, 250_000) * 1000);
    this.hours = Math.round(uniform(this.rng, 200, 9_000) * 3_600_000);
    this.battery = Math.round(uniform(this.rng, 85, 100));
    this.sats = Math.round(uniform(this.rng, 7, 13));
    this.nextAlarmAt = this.time + exponential(this.rng, this.alarmMeanMs);

    // Start mid-activity so a fresh demo map is alive at once.
    const roll = this.rng.next();
    if (roll < 0.15) {
      this.phase = 'parked';
      this.phaseEnd = this.time + uniform(this.rng, 0, this.parkMs[1]);
    } else if (roll < 0.35) {
      this.phase = 'waiting';
      this.phaseEnd = this.time + uniform(this.rng, 5_000, 40_000);
    } else {
      this.newCruise();
      this.speed = this.cruise * uniform(this.rng, 0.4, 0.9);
      this.drawNextStop();
      // Never start closer to a stop than it could brake for.
      if (this.ahead() < this.brakingDistance()) this.speed = 0;
    }
  }

  /**
   * Carries on from the last stored position instead of the seeded start: same road, from the
   * point nearest to where it was, the same way, with its odometer, engine hours and block. Only
   * the counters' growth matters to reports and trips, so they never jump back after a restart.
   */
  resume(last: VehicleResume): void {
    this.s = this.route.project(last.latitude, last.longitude);
    const forward = this.route.locate(this.s).course;
    const turn = Math.abs(((last.course - forward + 540) % 360) - 180);
    this.reverse = turn > 90;
    if (last.odometer !== null && last.odometer >= 0) this.odometer = last.odometer;
    if (last.hours !== null && last.hours >= 0) this.hours = last.hours;
    this.blocked = last.blocked;
    if (this.phase === 'driving') {
      this.drawNextStop();
      if (this.ahead() < this.brakingDistance()) this.speed = 0;
    }
  }

  get ignition(): boolean {
    return this.phase !== 'parked';
  }

  get road(): Road {
    return this.route.road;
  }

  /** Applies a command from the server; true when the vehicle understood it. */
  command(type: 'engineStop' | 'engineResume'): boolean {
    this.blocked = type === 'engineStop';
    return true;
  }

  /** Runs the vehicle up to `time` (epoch ms) in steps of at most a second. */
  advance(time: number): void {
    while (this.time < time) {
      const dt = Math.min(STEP_MS, time - this.time);
      this.step(dt / 1000);
      this.time += dt;
    }
  }

  /** The report for the current time; raised alarms go out once. */
  report(): VehicleReport {
    const point = this.route.locate(this.s, this.reverse);
    const accuracy = Math.round(uniform(this.rng, 3, 10));
    // GPS noise of a metre or two, across and along the road.
    const noise = 0.000015;
    const report: VehicleReport = {
      uniqueId: this.uniqueId,
      time: this.time,
      latitude: point.latitude + uniform(this.rng, -noise, noise),
      longitude: point.longitude + uniform(this.rng, -noise, noise),
      speed: this.speed * KNOTS_PER_MPS,
      course: point.course,
      altitude: this.road.altitude + 6 * Math.sin(this.s / 700) + uniform(this.rng, -2, 2),
      accuracy,
      batteryLevel: this.battery,
      ignition: this.ignition,
      blocked: this.blocked,
      power: this.power(),
      sat: this.sats,
      odometer: Math.round(this.odometer),
      hours: Math.round(this.hours),
    };
    if (this.alarms.length > 0) report.alarm = [...new Set(this.alarms)].join(',');
    this.alarms = [];
    return report;
  }

  private power(): number {
    const volts = this.profile.volts;
    const level = this.ignition ? volts * 1.16 : volts * 1.045;
    return Math.round((level + uniform(this.rng, -0.15, 0.15)) * 100) / 100;
  }

  private step(dt: number): void {
    switch (this.phase) {
      case 'parked':
        if (this.time >= this.phaseEnd && !this.blocked) {
          this.phase = 'starting';
          this.phaseEnd = this.time + uniform(this.rng, 10_000, 40_000);
        }
        break;
      case 'parking':
        if (this.time >= this.phaseEnd) {
          this.phase = 'parked';
          this.phaseEnd = this.time + uniform(this.rng, this.parkMs[0], this.parkMs[1]);
          this.reverse = !this.reverse;
          this.nextStop = null;
        }
        break;
      case 'starting':
      case 'waiting':
        if (this.time >= this.phaseEnd && !this.blocked) this.depart();
        break;
      case 'driving':
        this.drive(dt);
        break;
    }
    if (this.ignition) this.hours += dt * 1000;
    this.wander();
  }

  private depart(): void {
    this.phase = 'driving';
    this.newCruise();
    this.drawNextStop();
  }

  private drive(dt: number): void {
    if (this.time >= this.cruiseUntil) this.newCruise();
    const ahead = this.ahead();
    const { accel, decel } = this.profile;
    // The speed from which it can still stop where it must, at a comfortable deceleration.
    const allowed = Math.sqrt(2 * decel * Math.max(ahead - 0.5, 0));
    const target = this.blocked ? 0 : Math.min(this.cruise, allowed);
    if (this.speed < target) {
      this.speed = Math.min(target, this.speed + accel * dt);
    } else if (this.speed > target) {
      // Brake harder only when late for the stop line.
      const needed = ahead > 0.5 ? (this.speed * this.speed) / (2 * ahead) : decel * 2;
      const braking = this.blocked ? decel : Math.min(Math.max(decel, needed), decel * 2);
      this.speed = Math.max(target, this.speed - braking * dt);
    }
    const move = Math.min(this.speed * dt, ahead);
    this.s += this.reverse ? -move : move;
    this.odometer += move;
    this.checkOverspeed();

    if (this.speed < 0.5 && (this.ahead() < 1 || this.blocked)) {
      this.speed = 0;
      if (this.blocked) {
        this.phase = 'waiting';
        this.phaseEnd = this.time;
      } else if (this.nextStop === null) {
        // End of the road: idle a little, then switch off and park.
        this.phase = 'parking';
        this.phaseEnd = this.time + uniform(this.rng, 15_000, 45_000);
      } else {
        this.phase = 'waiting';
        const jam = this.road.stopSpacingM >= 1500;
        this.phaseEnd =
          this.time + (jam ? uniform(this.rng, 5_000, 25_000) : uniform(this.rng, 15_000, 60_000));
      }
    }
  }

  /** Metres to the next stop (or the road's end) in the direction of travel. */
  private ahead(): number {
    const target = this.nextStop ?? (this.reverse ? 0 : this.route.length);
    return Math.max(0, this.reverse ? this.s - target : target - this.s);
  }

  private brakingDistance(): number {
    return (this.speed * this.speed) / (2 * this.profile.decel) + 5;
  }

  private drawNextStop(): void {
    const gap = Math.max(MIN_STOP_GAP_M, exponential(this.rng, this.road.stopSpacingM));
    const at = this.reverse ? this.s - gap : this.s + gap;
    this.nextStop = at <= 0 || at >= this.route.length ? null : at;
  }

  private newCruise(): void {
    const kmh = Math.min(this.profile.maxKmh, this.road.speedLimitKmh * this.temper);
    this.cruise = (kmh / 3.6) * uniform(this.rng, 0.88, 1.06);
    this.cruiseUntil = this.time + uniform(this.rng, 20_000, 60_000);
  }

  private checkOverspeed(): void {
    const kmh = this.speed * 3.6;
    if (!this.overspeeding && kmh > this.road.speedLimitKmh * 1.1) {
      this.overspeeding = true;
      this.alarms.push('overspeed');
    } else if (this.overspeeding && kmh < this.road.speedLimitKmh) {
      this.overspeeding = false;
    }
  }

  /** Slow drifts (satellites, battery) and the spontaneous alarm schedule. */
  private wander(): void {
    if (this.rng.next() < 0.02) {
      this.sats = Math.min(16, Math.max(4, this.sats + (this.rng.next() < 0.5 ? -1 : 1)));
    }
    if (this.rng.next() < 0.005) {
      this.battery = this.ignition
        ? Math.min(100, this.battery + 1)
        : Math.max(60, this.battery - 1);
    }
    if (this.time >= this.nextAlarmAt) {
      const moving = this.phase === 'driving' && this.speed > 3;
      this.alarms.push(
        moving
          ? weighted(this.rng, { sos: 1, hardBraking: 3, hardAcceleration: 3 })
          : pick(this.rng, ['sos', 'sos', 'vibration']),
      );
      this.nextAlarmAt = this.time + exponential(this.rng, this.alarmMeanMs);
    }
  }
}

/** Heavy vehicles mostly on expressways and radials; others anywhere. */
function chooseRoad(rng: Rng, profile: VehicleProfile): Road {
  const arterial = ROADS.filter((road) => road.arterial);
  if (profile.arterial && rng.next() < 0.8) return pick(rng, arterial);
  if (profile.category === 'bus')
    return pick(
      rng,
      ROADS.filter((road) => !road.arterial),
    );
  return pick(rng, ROADS);
}
