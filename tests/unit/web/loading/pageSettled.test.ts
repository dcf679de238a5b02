/**
 * What waits for the page to settle (the bar's tools) waits for the page a sign-in opens, the
 * map, not only for the sign-in form the browser loaded first.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

describe('page settling', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  const load = () => import('../../../../src/loading/pageSettled');
  const settles = async (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(2_000);
    return done;
  };

  it('waits for the page a sign-in opens once the first one has settled', async () => {
    const page = await load();
    page.markPageReady();
    expect(await settles(page.whenPageSettled())).toBe(true);

    page.openNextPage();
    const next = page.whenPageSettled();
    expect(await settles(next)).toBe(false);
    page.markPageReady();
    expect(await settles(next)).toBe(true);
  });

  it('gives the opened page at most 15 s to say it works', async () => {
    const page = await load();
    page.markPageReady();
    page.openNextPage();
    const next = page.whenPageSettled();
    await vi.advanceTimersByTimeAsync(12_000);
    expect(await settles(next)).toBe(false);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await settles(next)).toBe(true);
  });
});
