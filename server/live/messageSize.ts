/**
 * How big one live message may grow. V8 keeps a string of more than 128 KiB as a "large
 * object": each one gets memory mapped for it alone and handed back when it is collected, and
 * every page of it faults on first touch. Under load a large message per batch (a socket
 * message, a batch relayed to the other instances) then costs several times what building it
 * does; on a virtual machine, where page faults are dear, twenty times more. Messages built from
 * many items are therefore split to stay under this many characters: 128 KiB even for a string
 * V8 stores two bytes per character. docs/scaling.md, "Live updates", has the figures.
 */
export const MESSAGE_CHARS = 60_000;

/** What a message's items may take, leaving room for its own keys and brackets. */
export const ITEMS_CHARS = MESSAGE_CHARS - 100;

/**
 * Splits `items`, in order, into runs whose summed `size` stays within `limit` (an item larger
 * than `limit` alone makes a run of its own), so that each run's message stays within
 * `MESSAGE_CHARS`. No item is dropped and no run is empty.
 */
export function packBySize<T>(
  items: readonly T[],
  size: (item: T) => number,
  limit = ITEMS_CHARS,
): T[][] {
  const runs: T[][] = [];
  let run: T[] = [];
  let used = 0;
  for (const item of items) {
    const itemSize = size(item);
    if (run.length > 0 && used + itemSize > limit) {
      runs.push(run);
      run = [];
      used = 0;
    }
    run.push(item);
    used += itemSize;
  }
  if (run.length > 0) runs.push(run);
  return runs;
}
