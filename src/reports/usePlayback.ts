import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Position } from '../../model/position';
import { PlaybackClock } from './playback';
import { routeTimes } from './routeStore';

interface PlaybackView {
  index: number;
  progress: number;
  playing: boolean;
  speed: number;
}

/** Drives a `PlaybackClock` with requestAnimationFrame; re-renders when the fix changes. */
export const usePlayback = (positions: readonly Position[]) => {
  const clock = useMemo(() => new PlaybackClock(routeTimes(positions)), [positions]);
  const snapshot = useCallback(
    (): PlaybackView => ({
      index: clock.index,
      progress: clock.progress,
      playing: clock.playing,
      speed: clock.speed,
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
    const step = (now: number) => {
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
    setSpeed: (speed: number) => {
      clock.setSpeed(speed);
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
