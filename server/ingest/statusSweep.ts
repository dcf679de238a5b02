import { lookupNumber } from '../processing/lookup';
import { DEFAULT_STATUS_TIMEOUT_MS, deviceStatus } from '../processing/status';
import type { TrackingCache } from './cache';
import type { Ingest } from './ingest';

/**
 * The timer that turns silent devices from `online` to `unknown` once `status.timeout` (seconds,
 * server attribute; default 600) passes without data, like Traccar's per-device timeouts. One
 * cheap pass over the cached devices per tick, no database read.
 */
export class StatusSweep {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly cache: TrackingCache,
    private readonly ingest: Ingest,
    private readonly now: () => number = Date.now,
  ) {}

  timeoutMs(): number {
    return (
      lookupNumber(
        'status.timeout',
        [this.cache.serverAttributes],
        DEFAULT_STATUS_TIMEOUT_MS / 1000,
      ) * 1000
    );
  }

  /** One pass; returns how many devices changed. */
  sweep(): number {
    const now = this.now();
    const timeout = this.timeoutMs();
    let changed = 0;
    for (const entry of this.cache.devices.values()) {
      const { status, lastUpdate } = entry.device;
      if (status !== 'online') continue;
      const next = deviceStatus({ lastUpdate }, now, timeout);
      if (next !== status) {
        this.ingest.setStatus(entry, next);
        changed++;
      }
    }
    return changed;
  }

  /**
   * Sweeps every `intervalMs` while `active` says so (several instances: only the one holding the
   * jobs lease sweeps, so each change is written once).
   */
  start(intervalMs = 1000, active: () => boolean = () => true): void {
    this.timer ??= setInterval(() => {
      if (active()) this.sweep();
    }, intervalMs).unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
