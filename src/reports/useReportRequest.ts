import { useCallback, useRef, useState } from 'react';
import { routeStore } from './routeStore';

const messageOf = (reason: unknown) => (reason instanceof Error ? reason.message : String(reason));

/**
 * One report load at a time: a new load aborts the one before and clears what it drew on the map;
 * `busy` and `error` follow the latest load. `stop` aborts it and clears the map (on leaving).
 */
export const useReportRequest = () => {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const request = useRef<AbortController | null>(null);

  const stop = useCallback(() => {
    request.current?.abort();
    routeStore.clear();
  }, []);

  /** Runs `load`; `onData` gets its answer (and the signal, to drop late work), `onError` a failure. */
  const start = <T>(
    load: (signal: AbortSignal) => Promise<T>,
    onData: (data: T, signal: AbortSignal) => void,
    onError: () => void,
  ) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setBusy(true);
    setError(null);
    routeStore.clear();
    load(controller.signal)
      .then((data) => onData(data, controller.signal))
      .catch((reason: unknown) => {
        if (controller.signal.aborted) return;
        setError(messageOf(reason));
        onError();
      })
      .finally(() => {
        if (request.current === controller) setBusy(false);
      });
  };

  return { busy, error, start, stop };
};
