/**
 * Waiting in API tests for what the server does on its own time (a stored fix, a live message, a
 * mail): read again until there is an answer, or give up.
 */

type Read<T> = () => T | undefined | Promise<T | undefined>;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads until `read` answers something other than undefined and returns it; throws `timed out`
 * once `ms` have passed. `everyMs` is the pause between two reads.
 */
export async function waitFor<T>(read: Read<T>, ms: number, everyMs = 100): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await pause(everyMs);
  }
}

/** `waitFor` with a file's own time limit and pause, which a call may still lengthen. */
export function poller(ms: number, everyMs = 100) {
  return <T>(read: Read<T>, limit = ms): Promise<T> => waitFor(read, limit, everyMs);
}

/**
 * Reads until `read` answers a value (null counts as none yet); the error names `what` was
 * awaited, which tells a tracker test that failed which step of the conversation never came.
 */
export async function until<T>(
  read: () => Promise<T | null | undefined>,
  what: string,
  ms = 10_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(100);
  }
}
