import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import type { TransferProgress } from '../dataProvider/reports';
import { routeStore } from './routeStore';

const messageOf = (reason: unknown) => (reason instanceof Error ? reason.message : String(reason));

/** The arriving rows re-render the progress at most this often. */
export const PROGRESS_EVERY_MS = 200;

/** Where a long load or download is. */
export interface TaskProgress {
  /** When it started (epoch ms). */
  startedAt: number;
  /** What has arrived; null while the server is still preparing its answer. */
  received: TransferProgress | null;
}

/**
 * A progress callback for `fetch`'s chunks that re-renders at most every `PROGRESS_EVERY_MS`
 * (a route arrives in hundreds of chunks) and never after `signal` aborts.
 */
export const throttledProgress = (
  startedAt: number,
  signal: AbortSignal,
  show: (progress: TaskProgress) => void,
): ((received: TransferProgress) => void) => {
  let shownAt = -Infinity;
  return (received) => {
    const now = performance.now();
    if (signal.aborted || now - shownAt < PROGRESS_EVERY_MS) return;
    shownAt = now;
    show({ startedAt, received });
  };
};

interface Load {
  run: (signal: AbortSignal) => Promise<unknown>;
  signal: AbortSignal;
}

/**
 * One report load at a time: a new load aborts the one before and clears what it drew on the map;
 * `busy`, `progress` and `error` follow the latest load. `cancel` aborts it (the request, and the
 * server's work with it) and says so; `stop` aborts it and clears the map (on leaving).
 * A load runs on demand (the filter's button) as a react-query mutation, so its rows (a route may
 * hold 100,000 points) never sit in the query cache.
 */
export const useReportRequest = () => {
  const notify = useNotify();
  const request = useRef<AbortController | null>(null);
  const load = useMutation({ mutationFn: ({ run, signal }: Load) => run(signal) });
  const [progress, setProgress] = useState<TaskProgress | null>(null);

  const stop = useCallback(() => {
    request.current?.abort();
    routeStore.clear();
  }, []);

  const cancel = useCallback(() => {
    const current = request.current;
    if (!current || current.signal.aborted) return;
    current.abort();
    notify('reports.progress.cancelled', { type: 'info' });
  }, [notify]);

  /**
   * Runs `run` (given the signal and a progress callback for the answer's arrival); `onData` gets
   * its answer (and the signal, to drop late work), `onError` a failure.
   */
  const start = <T>(
    run: (signal: AbortSignal, onProgress: (received: TransferProgress) => void) => Promise<T>,
    onData: (data: T, signal: AbortSignal) => void,
    onError: () => void,
  ) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    routeStore.clear();
    const startedAt = Date.now();
    setProgress({ startedAt, received: null });
    const onProgress = throttledProgress(startedAt, controller.signal, setProgress);
    load.mutate(
      { run: (signal) => run(signal, onProgress), signal: controller.signal },
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
    progress: load.isPending ? progress : null,
    error: load.error && !aborted ? messageOf(load.error) : null,
    start,
    stop,
    cancel,
  };
};
