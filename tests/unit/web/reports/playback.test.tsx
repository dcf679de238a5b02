import { act, renderHook } from '@testing-library/react';
import {
  DEFAULT_SPEED,
  MAX_FRAME_MS,
  PlaybackClock,
  playbackMs,
  SPEEDS,
} from '../../../../src/reports/playback';
import { usePlayback } from '../../../../src/reports/usePlayback';
import { position } from '../liveFixtures';
import type { Position } from '../../../../model/position';

const MINUTE = 60_000;
const START = Date.parse('2026-01-01T09:00:00.000Z');

/** A track of `minutes` with a fix every 30 s. */
const track = (minutes: number): Position[] =>
  Array.from({ length: minutes * 2 + 1 }, (_, i) =>
    position(1, { id: i + 1, fixTime: new Date(START + i * 30_000).toISOString() }),
  );

describe('playback clock', () => {
  // Fixes every 10 s for 10 minutes, a 2-hour stop, then 10 more fixes.
  const times = [
    ...Array.from({ length: 61 }, (_, i) => i * 10_000),
    ...Array.from({ length: 10 }, (_, i) => 600_000 + 7_200_000 + i * 10_000),
  ];

  it('runs on the track’s real time, stops included, and starts paused at the first fix', () => {
    const clock = new PlaybackClock(times);
    expect(clock.duration).toBe(600_000 + 7_200_000 + 90_000);
    expect(clock.speed).toBe(DEFAULT_SPEED);
    expect(clock.index).toBe(0);
    expect(clock.advance(100)).toBe(false);
    expect(clock.index).toBe(0);
  });

  it('plays N seconds of track in one real second at N×', () => {
    const clock = new PlaybackClock(times);
    clock.setSpeed(1);
    clock.play();
    clock.advance(100); // 1× → 0.1 s of track
    expect(clock.time).toBe(100);
    clock.setSpeed(10);
    clock.advance(200); // 10× → 2 s more
    expect(clock.time).toBe(2_100);
    clock.setSpeed(300);
    clock.advance(400); // 300× → 2 min more
    expect(clock.time).toBe(122_100);
    expect(clock.index).toBe(12);
  });

  it('does not jump ahead by a stalled frame', () => {
    const clock = new PlaybackClock(times);
    clock.setSpeed(10);
    clock.play();
    clock.advance(30_000); // a tab hidden for half a minute
    expect(clock.time).toBe(MAX_FRAME_MS * 10);
  });

  it('keeps the speed between real time and the fastest offered', () => {
    const clock = new PlaybackClock(times);
    clock.setSpeed(100_000);
    expect(clock.speed).toBe(SPEEDS[SPEEDS.length - 1]);
    clock.setSpeed(0);
    expect(clock.speed).toBe(1);
  });

  it('counts a fix stamped before the previous one as no time', () => {
    const clock = new PlaybackClock([0, 10_000, 5_000, 20_000]);
    expect(Array.from(clock.offsets)).toEqual([0, 10_000, 10_000, 25_000]);
  });

  it('scrubs to a fraction or a fix', () => {
    const clock = new PlaybackClock(times);
    clock.seek(1);
    expect(clock.index).toBe(times.length - 1);
    clock.seek(0);
    expect(clock.index).toBe(0);
    clock.seekIndex(61);
    expect(clock.index).toBe(61);
    expect(clock.time).toBe(600_000 + 7_200_000);
    clock.seek(2);
    expect(clock.progress).toBe(1);
  });

  it('stops at the end and restarts from the beginning on play', () => {
    const clock = new PlaybackClock([0, 1_000, 2_000]);
    clock.setSpeed(10);
    clock.play();
    clock.advance(200);
    expect(clock.ended).toBe(true);
    expect(clock.playing).toBe(false);
    expect(clock.index).toBe(2);
    clock.play();
    expect(clock.time).toBe(0);
    expect(clock.playing).toBe(true);
  });

  it('does not play a route of one fix, or of fixes all at one moment', () => {
    const one = new PlaybackClock([5]);
    one.play();
    expect(one.playing).toBe(false);
    const still = new PlaybackClock([5, 5, 5]);
    still.play();
    expect(still.playing).toBe(false);
  });

  it('says how long a track takes at each speed', () => {
    expect(playbackMs(35 * MINUTE, 10)).toBe(210_000);
    expect(playbackMs(35 * MINUTE, 60)).toBe(35_000);
    expect(playbackMs(24 * 60 * MINUTE, 1800)).toBe(48_000);
  });
});

describe('playback in real time (fake timers)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('plays a 35-minute track in 3.5 minutes at 10×', () => {
    const route = track(35);
    const { result } = renderHook(() => usePlayback(route));
    expect(result.current.duration).toBe(35 * MINUTE);
    act(() => result.current.setSpeed(10));
    act(() => result.current.play());

    // Half-way through the track after 105 s, not sooner.
    act(() => vi.advanceTimersByTime(104_000));
    expect(result.current.progress).toBeLessThan(0.5);
    expect(result.current.playing).toBe(true);
    act(() => vi.advanceTimersByTime(2_000));
    expect(result.current.progress).toBeGreaterThanOrEqual(0.5);
    expect(result.current.progress).toBeLessThan(0.52);
    expect(result.current.index).toBe(35);

    // Still playing a second before 3.5 minutes, at the last fix just after.
    act(() => vi.advanceTimersByTime(210_000 - 106_000 - 1_000));
    expect(result.current.playing).toBe(true);
    expect(result.current.index).toBeLessThan(route.length - 1);
    act(() => vi.advanceTimersByTime(1_100));
    expect(result.current.playing).toBe(false);
    expect(result.current.index).toBe(route.length - 1);
    expect(result.current.progress).toBe(1);
  });

  it('plays the same track in 35 seconds at 60× and holds still while paused', () => {
    const route = track(35);
    const { result } = renderHook(() => usePlayback(route));
    act(() => result.current.setSpeed(60));
    act(() => result.current.play());
    act(() => vi.advanceTimersByTime(10_000));
    const index = result.current.index;
    expect(index).toBeGreaterThanOrEqual(19);
    expect(index).toBeLessThanOrEqual(21);

    act(() => result.current.pause());
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.index).toBe(index);

    act(() => result.current.play());
    act(() => vi.advanceTimersByTime(24_000));
    expect(result.current.playing).toBe(true);
    act(() => vi.advanceTimersByTime(1_500));
    expect(result.current.playing).toBe(false);
    expect(result.current.index).toBe(route.length - 1);
  });

  it('keeps the chosen speed for the next route loaded', () => {
    const { result, rerender } = renderHook(({ route }) => usePlayback(route), {
      initialProps: { route: track(10) },
    });
    act(() => result.current.setSpeed(300));
    rerender({ route: track(20) });
    expect(result.current.speed).toBe(300);
    expect(result.current.duration).toBe(20 * MINUTE);
  });
});
