/**
 * The ingest's group commit: batches in arrival order, never overlapping, and under a steady feed
 * started at most every `delayMs`, so fewer and fuller.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BatchQueue } from '../../../../server/ingest/batchQueue';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A queue whose writes each take `writeMs`; records every batch and when it started. */
function queue(options: { delayMs?: number; maxItems?: number }, writeMs = 10) {
  const batches: { at: number; items: number[] }[] = [];
  const q = new BatchQueue<number>(
    async (items) => {
      batches.push({ at: Date.now(), items });
      await new Promise((resolve) => setTimeout(resolve, writeMs));
    },
    { delayMs: options.delayMs ?? 50, maxItems: options.maxItems ?? 500 },
  );
  return { q, batches };
}

/** One item every ms for `ms` ms, then everything flushed. */
async function feed(q: BatchQueue<number>, ms: number): Promise<void> {
  for (let i = 0; i < ms; i++) {
    q.push(i);
    await vi.advanceTimersByTimeAsync(1);
  }
  const flushed = q.flush();
  await vi.runAllTimersAsync();
  await flushed;
}

describe('the batch queue', () => {
  it('starts batches at most every delayMs, each carrying what came meanwhile', async () => {
    // Each write takes 10 ms while an item comes every ms: started back to back, there would be
    // about 45 batches.
    const { q, batches } = queue({});
    await feed(q, 500);
    expect(batches.flatMap((b) => b.items)).toEqual(Array.from({ length: 500 }, (_, i) => i));
    expect(batches.length).toBeLessThanOrEqual(11);
    for (let i = 1; i < batches.length; i++) {
      expect(batches[i].at - batches[i - 1].at).toBeGreaterThanOrEqual(50);
    }
  });

  it('does not hold a full batch back for the window, nor a flush', async () => {
    const { q, batches } = queue({ delayMs: 1_000, maxItems: 20 });
    const push = (from: number, to: number) => {
      for (let i = from; i < to; i++) q.push(i);
    };
    push(0, 25); // the first 20 are written at once, 5 wait for the window
    await vi.advanceTimersByTimeAsync(100);
    expect(batches.map((b) => b.items.length)).toEqual([20]);
    push(25, 40); // full again: written now, not a second after the first
    await vi.advanceTimersByTimeAsync(1);
    expect(batches.map((b) => b.items.length)).toEqual([20, 20]);
    push(40, 43);
    await vi.advanceTimersByTimeAsync(100);
    expect(batches).toHaveLength(2);
    const flushed = q.flush();
    await vi.advanceTimersByTimeAsync(20);
    await flushed;
    expect(batches.map((b) => b.items)).toEqual([
      Array.from({ length: 20 }, (_, i) => i),
      Array.from({ length: 20 }, (_, i) => 20 + i),
      [40, 41, 42],
    ]);
    expect(batches[2].at - batches[1].at).toBeLessThan(1_000);
  });
});
