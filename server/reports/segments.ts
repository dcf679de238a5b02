import { distance } from '../processing/geometry';
import { DEFAULT_MOTION_CONFIG, type MotionConfig } from '../processing/motion';
import { knotsFromMps } from '../../model/units';

/**
 * Trip and stop detection as single-pass state machines over positions in fix-time order, with
 * Traccar's thresholds. Each one cuts the track into alternating intervals, moving (a trip) or
 * stopped (a stop), from one position to another. Only what the report needs is kept per
 * position (id, time, coordinates, speed), in typed-array ring buffers, so a device-year costs no
 * allocation per position. Pure: no database, no Fastify.
 */

/** One trip (`moving`) or stop, from its start position to its end position (ids and ms). */
export interface Interval {
  moving: boolean;
  startId: number;
  startTime: number;
  endId: number;
  endTime: number;
  /** Knots: the highest speed of the positions from start to end (trips only; 0 for stops). */
  maxSpeed: number;
}

export interface Segmenter {
  /** Positions in fix-time order; `ignition` is 1, 0, or -1 when the position has no such key. */
  push(
    id: number,
    time: number,
    latitude: number,
    longitude: number,
    speed: number,
    ignition: number,
  ): void;
  /** Closes the open interval at the last position and returns every interval. */
  finish(): Interval[];
}

/** Settings of the ignition-based detector (`report.trip.useIgnition`); times in ms. */
interface IgnitionConfig {
  /** An engine run that covered less than this (metres) is idling, not a trip. */
  minDistance: number;
  /** No data for at least this long ends a running trip at the last position before the gap. */
  stopGap: number;
}

/** Remembered positions; Traccar's motion history is capped at 2000 (see processing/motion.ts). */
const MAX_HISTORY = 2000;
const RING = 4096;
const MASK = RING - 1;

/**
 * The "new logic" (processing/motion.ts `updateMotion`, the same decisions the live pipeline
 * makes, re-done here without per-position allocation; a unit test replays random tracks through
 * both and compares):
 * - stopped → moving once the device is ≥ minDistance from the last event point; the trip start
 *   is walked back over the trailing run of legs faster than minDistance/minDuration;
 * - moving → stopped at the current position once every position in a window spanning at least
 *   minDuration lies within minDistance of it;
 * - a gap over stopGap that covered ≥ minDistance above the speed threshold is a trip of its own,
 *   from the last position before the gap to the first after it.
 * The initial state is the first position's `motion` flag.
 */
export class MotionSegmenter implements Segmenter {
  private readonly ids = new Float64Array(RING);
  private readonly times = new Float64Array(RING);
  private readonly lats = new Float64Array(RING);
  private readonly lons = new Float64Array(RING);
  private readonly speeds = new Float64Array(RING);
  /** fast[i]: the leg from position i-1 to i was faster than minDistance/minDuration. */
  private readonly fast = new Uint8Array(RING);
  /** History is ring[head, tail) in absolute indexes. */
  private head = 0;
  private tail = 0;
  private moving: boolean;
  private eventLat = 0;
  private eventLon = 0;
  private readonly fastSpeed: number;
  private readonly out: Interval[] = [];
  private startId = 0;
  private startTime = 0;
  private tripMax = 0;
  private started = false;

  constructor(
    initialMoving: boolean,
    private readonly config: MotionConfig = DEFAULT_MOTION_CONFIG,
  ) {
    this.moving = initialMoving;
    this.fastSpeed = config.minDistance / (config.minDuration / 1000);
  }

  private append(id: number, time: number, lat: number, lon: number, speed: number): number {
    const i = this.tail & MASK;
    this.ids[i] = id;
    this.times[i] = time;
    this.lats[i] = lat;
    this.lons[i] = lon;
    this.speeds[i] = speed;
    this.fast[i] = 0;
    return this.tail++;
  }

  private reset(id: number, time: number, lat: number, lon: number, speed: number): void {
    this.head = this.tail;
    this.append(id, time, lat, lon, speed);
    this.eventLat = lat;
    this.eventLon = lon;
  }

  private close(moving: boolean, endId: number, endTime: number, maxSpeed: number): void {
    if (endId !== this.startId || endTime !== this.startTime) {
      this.out.push({
        moving,
        startId: this.startId,
        startTime: this.startTime,
        endId,
        endTime,
        maxSpeed: moving ? maxSpeed : 0,
      });
    }
  }

  private open(id: number, time: number, maxSpeed: number): void {
    this.startId = id;
    this.startTime = time;
    this.tripMax = maxSpeed;
  }

  push(id: number, time: number, lat: number, lon: number, speed: number): void {
    if (!this.started) {
      this.started = true;
      this.reset(id, time, lat, lon, speed);
      this.open(id, time, speed);
      return;
    }
    const { config } = this;
    const last = (this.tail - 1) & MASK;
    const lastTime = this.times[last];
    if (time < lastTime) return;

    const gap = time - lastTime;
    if (gap > config.stopGap) {
      const gapDistance = distance(this.lats[last], this.lons[last], lat, lon);
      if (
        gapDistance >= config.minDistance &&
        knotsFromMps(gapDistance / (gap / 1000)) > config.speedThreshold
      ) {
        const lastId = this.ids[last];
        const lastSpeed = this.speeds[last];
        this.close(this.moving, lastId, lastTime, this.tripMax);
        this.open(lastId, lastTime, Math.max(lastSpeed, speed));
        this.close(true, id, time, this.tripMax);
        this.open(id, time, 0);
        this.moving = false;
        this.reset(id, time, lat, lon, speed);
        return;
      }
    }

    const current = this.append(id, time, lat, lon, speed);

    if (!this.moving) {
      // Leg speed as motion.ts computes it: no elapsed time counts as fast when it moved at all.
      const metres = distance(this.lats[last], this.lons[last], lat, lon);
      const seconds = gap / 1000;
      this.fast[current & MASK] =
        (seconds <= 0 ? (metres > 0 ? Infinity : 0) : metres / seconds) > this.fastSpeed ? 1 : 0;
      // Every leg in (head, current) is fast, so the walk back ends at head or at current.
      const runStart = this.fast[current & MASK] ? this.head : current;
      if (distance(this.eventLat, this.eventLon, lat, lon) >= config.minDistance) {
        const s = runStart & MASK;
        this.close(false, this.ids[s], this.times[s], 0);
        let max = 0;
        for (let i = runStart; i <= current; i++) max = Math.max(max, this.speeds[i & MASK]);
        this.open(this.ids[s], this.times[s], max);
        this.moving = true;
        this.eventLat = this.lats[s];
        this.eventLon = this.lons[s];
        this.head = runStart;
        const windowStart = this.windowStart(time - config.minDuration);
        if (windowStart >= 0) this.head = windowStart;
      } else {
        this.head = runStart;
      }
      if (this.tail - this.head > MAX_HISTORY) this.head = this.tail - MAX_HISTORY;
      return;
    }

    this.tripMax = Math.max(this.tripMax, speed);
    const windowStart = this.windowStart(time - config.minDuration);
    if (windowStart >= 0) {
      let settled = true;
      // Newest first: while driving the previous position is usually already too far.
      for (let i = current - 1; i >= windowStart; i--) {
        const k = i & MASK;
        if (distance(this.lats[k], this.lons[k], lat, lon) >= config.minDistance) {
          settled = false;
          break;
        }
      }
      if (settled) {
        this.close(true, id, time, this.tripMax);
        this.open(id, time, 0);
        this.moving = false;
        this.reset(id, time, lat, lon, speed);
        return;
      }
      this.head = windowStart;
    }
    if (this.tail - this.head > MAX_HISTORY) this.head = this.tail - MAX_HISTORY;
  }

  /** The latest history index at or before `target`, or -1. */
  private windowStart(target: number): number {
    let i = this.head;
    if (this.times[i & MASK] > target) return -1;
    while (i + 1 < this.tail && this.times[(i + 1) & MASK] <= target) i++;
    return i;
  }

  finish(): Interval[] {
    if (this.started) {
      const last = (this.tail - 1) & MASK;
      this.close(this.moving, this.ids[last], this.times[last], this.tripMax);
      this.started = false;
    }
    return this.out;
  }
}

/**
 * Ignition-based detection (`report.trip.useIgnition`): a trip is an engine run, from the first
 * position with `ignition` true to the first with it false (the engine-off position), or to the
 * last position before a data gap of at least stopGap, or to the end of the range. A position
 * without the key keeps the previous state. A run that covered less than minDistance (idling in
 * place) is not a trip and stays part of the surrounding stop. Stops are the spans between trips.
 */
export class IgnitionSegmenter implements Segmenter {
  private on = false;
  private started = false;
  private prevId = 0;
  private prevTime = 0;
  private prevLat = 0;
  private prevLon = 0;
  private runId = 0;
  private runTime = 0;
  private runDistance = 0;
  private runMax = 0;
  private stopId = 0;
  private stopTime = 0;
  private readonly out: Interval[] = [];

  constructor(private readonly config: IgnitionConfig) {}

  private startRun(id: number, time: number, speed: number): void {
    this.on = true;
    this.runId = id;
    this.runTime = time;
    this.runDistance = 0;
    this.runMax = speed;
  }

  private endRun(endId: number, endTime: number): void {
    this.on = false;
    if (this.runDistance < this.config.minDistance) return;
    if (this.stopId !== this.runId || this.stopTime !== this.runTime) {
      this.out.push({
        moving: false,
        startId: this.stopId,
        startTime: this.stopTime,
        endId: this.runId,
        endTime: this.runTime,
        maxSpeed: 0,
      });
    }
    this.out.push({
      moving: true,
      startId: this.runId,
      startTime: this.runTime,
      endId,
      endTime,
      maxSpeed: this.runMax,
    });
    this.stopId = endId;
    this.stopTime = endTime;
  }

  push(id: number, time: number, lat: number, lon: number, speed: number, ignition: number): void {
    if (!this.started) {
      this.started = true;
      this.stopId = id;
      this.stopTime = time;
      if (ignition === 1) this.startRun(id, time, speed);
    } else if (time >= this.prevTime) {
      if (this.on && time - this.prevTime >= this.config.stopGap) {
        this.endRun(this.prevId, this.prevTime);
      }
      if (this.on) {
        this.runDistance += distance(this.prevLat, this.prevLon, lat, lon);
        if (speed > this.runMax) this.runMax = speed;
        if (ignition === 0) this.endRun(id, time);
      } else if (ignition === 1) {
        this.startRun(id, time, speed);
      }
    } else {
      return;
    }
    this.prevId = id;
    this.prevTime = time;
    this.prevLat = lat;
    this.prevLon = lon;
  }

  finish(): Interval[] {
    if (!this.started) return this.out;
    if (this.on) this.endRun(this.prevId, this.prevTime);
    if (this.stopId !== this.prevId || this.stopTime !== this.prevTime) {
      this.out.push({
        moving: false,
        startId: this.stopId,
        startTime: this.stopTime,
        endId: this.prevId,
        endTime: this.prevTime,
        maxSpeed: 0,
      });
    }
    this.started = false;
    return this.out;
  }
}
