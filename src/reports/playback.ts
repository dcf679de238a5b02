/**
 * The route playback clock, free of timers so it can be tested: the owner calls `advance` with
 * the real milliseconds elapsed (from requestAnimationFrame). It runs on a compressed timeline:
 * each gap between fixes counts at most `MAX_GAP_MS`, so parked hours do not stall playback.
 * At 1× one real second plays `RATE` (60) seconds of that timeline.
 */
export const MAX_GAP_MS = 60_000;
export const RATE = 60;
export const SPEEDS = [1, 2, 5, 10, 20] as const;

export class PlaybackClock {
  /** Cumulative compressed time of each fix, starting at 0. */
  readonly offsets: Float64Array;
  time = 0;
  playing = false;
  speed = 1;

  constructor(times: ArrayLike<number>) {
    this.offsets = new Float64Array(times.length);
    let total = 0;
    for (let i = 0; i < times.length; i++) {
      if (i > 0) total += Math.min(MAX_GAP_MS, Math.max(0, times[i] - times[i - 1]));
      this.offsets[i] = total;
    }
  }

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
    if (this.offsets.length < 2) return;
    if (this.ended) this.time = 0;
    this.playing = true;
  }

  pause(): void {
    this.playing = false;
  }

  setSpeed(speed: number): void {
    this.speed = Math.max(1, Math.min(20, speed));
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
    if (!this.playing || realMs <= 0) return false;
    this.time = Math.min(this.duration, this.time + realMs * this.speed * RATE);
    if (this.ended) this.playing = false;
    return true;
  }
}
