/**
 * Whether this instance should be sent traffic (`GET /api/health/ready`, docs/scaling.md "Health,
 * readiness and draining"). Liveness (`/api/health`) only says the process answers; readiness
 * also asks what the instance needs to do useful work (the database, and Redis in cluster mode),
 * and turns false for good once the instance starts draining, so a balancer stops sending new
 * connections before the listeners close.
 */

/** A dependency to ask: resolves when it answers, rejects (or outlives the timeout) when not. */
export interface ReadinessProbe {
  name: string;
  check(): Promise<unknown>;
}

export type ReadinessAnswer = { ready: true } | { ready: false; reason: string };

/**
 * A probe that does not answer within this long counts as down: a balancer's check has its own
 * timeout (a few seconds), and an answer it gives up on tells it nothing.
 */
export const PROBE_TIMEOUT_MS = 2_000;

export class Readiness {
  private drainingSince: number | null = null;
  private readonly drainListeners: (() => void)[] = [];

  constructor(
    private readonly probes: readonly ReadinessProbe[],
    private readonly timeoutMs = PROBE_TIMEOUT_MS,
  ) {}

  /** From now on the instance is not ready, whatever its dependencies say. */
  startDraining(): void {
    if (this.drainingSince !== null) return;
    this.drainingSince = Date.now();
    for (const listener of this.drainListeners.splice(0)) listener();
  }

  /** Runs `listener` when draining starts. */
  onDraining(listener: () => void): void {
    if (this.draining) listener();
    else this.drainListeners.push(listener);
  }

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  async check(): Promise<ReadinessAnswer> {
    if (this.draining) return { ready: false, reason: 'draining' };
    const failed = await Promise.all(
      this.probes.map(async (probe) => ((await this.answers(probe)) ? null : probe.name)),
    );
    const down = failed.filter((name): name is string => name !== null);
    if (down.length > 0) return { ready: false, reason: `${down.join(' and ')} not answering` };
    // Asked while the probes ran.
    if (this.draining) return { ready: false, reason: 'draining' };
    return { ready: true };
  }

  private answers(probe: ReadinessProbe): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), this.timeoutMs);
      probe.check().then(
        () => {
          clearTimeout(timer);
          resolve(true);
        },
        () => {
          clearTimeout(timer);
          resolve(false);
        },
      );
    });
  }
}
