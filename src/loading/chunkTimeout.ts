/**
 * A screen's code arrives over the network the first time it is opened. On a bad connection that
 * can take long or fail; after this long the wait ends with a message and a retry instead of a
 * progress bar that never finishes.
 */
export const CHUNK_TIMEOUT_MS = 120_000;

/** The code of a screen did not arrive in time. */
export class ChunkTimeoutError extends Error {
  constructor() {
    super(`The screen's code did not load within ${CHUNK_TIMEOUT_MS / 1000} s`);
    this.name = 'ChunkTimeoutError';
  }
}

/** `load()`, or a `ChunkTimeoutError` when it has not settled after `ms`. */
export function withTimeout<T>(load: () => Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError()), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
