import { describe, expect, it } from 'vitest';
import { drain, type DrainTarget } from '../../../../server/lifecycle/drain';
import { Readiness } from '../../../../server/lifecycle/readiness';

const quiet = { info: () => undefined, error: () => undefined };

describe('Readiness', () => {
  it('is ready while every probe answers, names the ones that do not, and stays down once draining', async () => {
    let redisUp = true;
    const readiness = new Readiness([
      { name: 'database', check: async () => undefined },
      { name: 'redis', check: async () => (redisUp ? undefined : Promise.reject(new Error())) },
    ]);
    expect(await readiness.check()).toEqual({ ready: true });
    redisUp = false;
    expect(await readiness.check()).toEqual({ ready: false, reason: 'redis not answering' });
    redisUp = true;
    readiness.startDraining();
    expect(await readiness.check()).toEqual({ ready: false, reason: 'draining' });
  });

  it('counts a probe that does not answer in time as down', async () => {
    const readiness = new Readiness(
      [{ name: 'database', check: () => new Promise(() => undefined) }],
      50,
    );
    expect(await readiness.check()).toEqual({
      ready: false,
      reason: 'database not answering',
    });
  });
});

/** A target that records each step, with listeners that finish when the test says. */
function target(steps: string[]) {
  let finish: () => void = () => undefined;
  const listenersDone = new Promise<void>((resolve) => (finish = resolve));
  const t: DrainTarget = {
    startDraining: () => steps.push('not ready'),
    closeListeners: (graceMs) => {
      steps.push(`stop accepting (grace ${graceMs})`);
      return [listenersDone.then(() => steps.push('connections done'))];
    },
    releaseSockets: () => steps.push('sockets released'),
    flushIngest: async () => {
      steps.push('ingest flushed');
    },
    close: async () => {
      steps.push('closed');
    },
  };
  return { t, finish };
}

describe('drain', () => {
  it('turns unready, stops accepting and releases sockets at once, then stores and closes', async () => {
    const steps: string[] = [];
    const { t, finish } = target(steps);
    const outcome = drain(t, { timeoutMs: 15_000, log: quiet });
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Nothing is stored or closed while connections still hold answers to write.
    expect(steps).toEqual(['not ready', 'stop accepting (grace 12000)', 'sockets released']);
    finish();
    expect(await outcome).toBe('drained');
    expect(steps.slice(3)).toEqual(['connections done', 'ingest flushed', 'closed']);
  });

  it('gives up after its bound', async () => {
    const steps: string[] = [];
    const { t } = target(steps);
    const started = Date.now();
    expect(await drain(t, { timeoutMs: 100, log: quiet })).toBe('timed out');
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(steps).not.toContain('closed');
  });
});
