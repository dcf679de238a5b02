import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { routeStore } from './routeStore';

const messageOf = (reason: unknown) => (reason instanceof Error ? reason.message : String(reason));

interface Load {
  run: (signal: AbortSignal) => Promise<unknown>;
  signal: AbortSignal;
}

/**
 * One report load at a time: a new load aborts the one before and clears what it drew on the map;
 * `busy` and `error` follow the latest load. `stop` aborts it and clears the map (on leaving).
 * A load runs on demand (the filter's button) as a react-query mutation, so its rows (a route may
 * hold 100,000 points) never sit in the query cache.
 */
export const useReportRequest = () => {
  const request = useRef<AbortController | null>(null);
  const load = useMutation({ mutationFn: ({ run, signal }: Load) => run(signal) });

  const stop = useCallback(() => {
    request.current?.abort();
    routeStore.clear();
  }, []);

  /** Runs `run`; `onData` gets its answer (and the signal, to drop late work), `onError` a failure. */
  const start = <T>(
    run: (signal: AbortSignal) => Promise<T>,
    onData: (data: T, signal: AbortSignal) => void,
    onError: () => void,
  ) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    routeStore.clear();
    load.mutate(
      { run, signal: controller.signal },
      {
        onSuccess: (data) => onData(data as T, controller.signal),
        onError: () => {
          if (!controller.signal.aborted) onError();
        },
      },
    );
  };

  // An aborted load is no failure to show.
  const aborted = load.variables?.signal.aborted ?? false;
  return {
    busy: load.isPending,
    error: load.error && !aborted ? messageOf(load.error) : null,
    start,
    stop,
  };
};
