/**
 * The route playback clock, free of timers so it can be tested: the owner calls `advance` with
 * the real milliseconds elapsed (from requestAnimationFrame). Its timeline is the track's own:
 * at N× one real second plays N seconds of fix time, so a 35-minute track takes 3.5 minutes at
 * 10× and 35 seconds at 60×. Nothing is skipped or compressed; the faster speeds are what carry a
 * long parked stretch by.
 */

/**
 * The speeds offered: real time, then the steps a fleet operator reviews a day with — a trip at
 * 10× or 60× (a minute a second), a shift at 300× (five minutes a second) and a whole day at
 * 1,800× (half an hour a second: 24 hours in 48 seconds).
 */
export const SPEEDS = [1, 10, 60, 300, 1800] as const;
export const DEFAULT_SPEED = 60;

/**
 * A frame later than this is a tab that was hidden or a machine that stalled: playback resumes
 * where it was rather than jumping ahead by the whole wait.
 */
export const MAX_FRAME_MS = 500;

/** How long (real ms) a track of `trackMs` takes to play at `speed`. */
export const playbackMs = (trackMs: number, speed: number): number =>
  speed > 0 ? trackMs / speed : Infinity;

export class PlaybackClock {
  /** Track time of each fix from the first one (ms), never going back. */
  readonly offsets: Float64Array;
  time = 0;
  playing = false;
  speed: number = DEFAULT_SPEED;

  constructor(times: ArrayLike<number>) {
    this.offsets = new Float64Array(times.length);
    let total = 0;
    for (let i = 0; i < times.length; i++) {
      // A fix stamped before the one before it (a tracker's clock jump) takes no time.
      if (i > 0) total += Math.max(0, times[i] - times[i - 1]) || 0;
      this.offsets[i] = total;
    }
  }

  /** The track's real elapsed time, first fix to last (ms). */
  get duration(): number {
    return this.offsets.length ? this.offsets[this.offsets.length - 1] : 0;
  }

  get ended(): boolean {
    return this.time >= this.duration;
  }

  /** The index of the last fix at or before the clock. */
  get index(): number {
    const { offsets } = this;
    let low = 0;
    let high = offsets.length - 1;
    if (high < 0) return -1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (offsets[mid] <= this.time) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  /** 0 at the first fix, 1 at the last. */
  get progress(): number {
    return this.duration ? this.time / this.duration : 0;
  }

  play(): void {
    if (this.offsets.length < 2 || this.duration === 0) return;
    if (this.ended) this.time = 0;
    this.playing = true;
  }

  pause(): void {
    this.playing = false;
  }

  /** Any speed from real time up to the fastest offered. */
  setSpeed(speed: number): void {
    const fastest = SPEEDS[SPEEDS.length - 1];
    this.speed = Number.isFinite(speed) ? Math.max(1, Math.min(fastest, speed)) : DEFAULT_SPEED;
  }

  /** Moves to a fraction (0–1) of the timeline. */
  seek(fraction: number): void {
    this.time = Math.max(0, Math.min(1, fraction)) * this.duration;
  }

  /** Moves to a fix. */
  seekIndex(index: number): void {
    const clamped = Math.max(0, Math.min(this.offsets.length - 1, index));
    this.time = this.offsets[clamped] ?? 0;
  }

  /** Advances by real elapsed time while playing; stops at the end. Returns whether it moved. */
  advance(realMs: number): boolean {
    if (!this.playing || !(realMs > 0)) return false;
    this.time = Math.min(this.duration, this.time + Math.min(realMs, MAX_FRAME_MS) * this.speed);
    if (this.ended) this.playing = false;
    return true;
  }
}
