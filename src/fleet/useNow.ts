import { useSyncExternalStore } from 'react';

/** The list's relative times refresh every 3 s (as Tarkan's) from one shared timer. */
const TICK_MS = 3000;
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  timer ??= setInterval(() => {
    now = Date.now();
    listeners.forEach((notify) => notify());
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (!listeners.size && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
};

export const useNow = (): number => useSyncExternalStore(subscribe, () => now);
