/**
 * What an instance does between SIGTERM and its exit (docs/scaling.md, "Health, readiness and
 * draining"), as a plain sequence `main.ts` wires to the app's parts:
 *
 * 1. readiness answers 503, so the balancer stops choosing this instance;
 * 2. every listener (web port, OsmAnd port, tracker ports) stops accepting connections at once,
 *    and finishes what it holds: requests in flight are answered with `Connection: close`,
 *    trackers' frames in hand are answered before their connection ends;
 * 3. live sockets are closed with "service restart", so clients reconnect, to another instance;
 * 4. once the listeners are done, every batch still queued is committed (status changes and
 *    events without a position included), then the app (jobs, lease, Redis) and the database
 *    close.
 *
 * A device is answered "stored" only after its fix committed, so whatever this sequence does not
 * finish within `timeoutMs` was not acknowledged and is sent again by the device.
 */

export interface DrainTarget {
  /** Readiness turns false for good. */
  startDraining(): void;
  /**
   * Each listener stops accepting when called (synchronously) and settles once its connections
   * have ended, the last ones cut after `graceMs`.
   */
  closeListeners(graceMs: number): Promise<unknown>[];
  /** Live clients are told to reconnect elsewhere. */
  releaseSockets(): void;
  /** Settles once every batch queued or in flight is committed. */
  flushIngest(): Promise<void>;
  /** Everything else (the app's own close hooks, the database). */
  close(): Promise<void>;
}

export interface DrainLog {
  info(message: string): void;
  error(object: unknown, message?: string): void;
}

export type DrainOutcome = 'drained' | 'timed out' | 'failed';

/** Of the whole budget, what the last steps (flush, close) keep for themselves. */
export const CLOSE_RESERVE_MS = 3_000;

export async function drain(
  target: DrainTarget,
  options: { timeoutMs: number; log: DrainLog },
): Promise<DrainOutcome> {
  const { timeoutMs, log } = options;
  const started = Date.now();
  target.startDraining();
  const listeners = target.closeListeners(Math.max(0, timeoutMs - CLOSE_RESERVE_MS));
  target.releaseSockets();
  const sequence = (async (): Promise<DrainOutcome> => {
    await Promise.all(listeners);
    log.info(`connections closed after ${Date.now() - started} ms; storing what is queued`);
    await target.flushIngest();
    await target.close();
    return 'drained';
  })().catch((error: unknown) => {
    log.error({ err: error }, 'draining failed');
    return 'failed' as const;
  });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<DrainOutcome>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), timeoutMs);
  });
  try {
    return await Promise.race([sequence, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
