import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Position } from '../../model/position';
import { DEFAULT_SPEED, PlaybackClock } from './playback';
import { routeTimes } from './routeStore';

interface PlaybackView {
  index: number;
  progress: number;
  playing: boolean;
  speed: number;
  /** The track's real elapsed time, first fix to last (ms). */
  duration: number;
}

/**
 * Drives a `PlaybackClock` with requestAnimationFrame, measuring the real time between frames
 * with `performance.now()`; re-renders when the fix changes. The chosen speed carries over to
 * the next route loaded.
 */
export const usePlayback = (positions: readonly Position[]) => {
  const speed = useRef(DEFAULT_SPEED);
  const clock = useMemo(() => {
    const made = new PlaybackClock(routeTimes(positions));
    made.setSpeed(speed.current);
    return made;
  }, [positions]);
  const snapshot = useCallback(
    (): PlaybackView => ({
      index: clock.index,
      progress: clock.progress,
      playing: clock.playing,
      speed: clock.speed,
      duration: clock.duration,
    }),
    [clock],
  );
  const [view, setView] = useState<PlaybackView>(snapshot);
  const frame = useRef<number | null>(null);

  useEffect(() => {
    setView(snapshot());
    return () => {
      if (frame.current != null) cancelAnimationFrame(frame.current);
      frame.current = null;
    };
  }, [clock, snapshot]);

  const loop = useCallback(() => {
    let last = performance.now();
    const step = () => {
      const now = performance.now();
      clock.advance(now - last);
      last = now;
      setView(snapshot());
      frame.current = clock.playing ? requestAnimationFrame(step) : null;
    };
    frame.current = requestAnimationFrame(step);
  }, [clock, snapshot]);

  return {
    ...view,
    play: () => {
      clock.play();
      setView(snapshot());
      if (frame.current == null && clock.playing) loop();
    },
    pause: () => {
      clock.pause();
      setView(snapshot());
    },
    setSpeed: (next: number) => {
      clock.setSpeed(next);
      speed.current = clock.speed;
      setView(snapshot());
    },
    seek: (fraction: number) => {
      clock.seek(fraction);
      setView(snapshot());
    },
    seekIndex: (index: number) => {
      clock.seekIndex(index);
      setView(snapshot());
    },
  };
};
