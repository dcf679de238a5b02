/**
 * Group commit: items wait up to `delayMs` (or until `maxItems` are queued) and are then written
 * together by one call of `write`; calls never overlap, so batches commit in arrival order.
 * Under a steady feed a batch starts at least `delayMs` after the one before it started (unless
 * `maxItems` wait or a flush asks): a write costs its round trips and commit whatever its size,
 * so batches started back to back would be small and many, and an item waits no longer than a
 * lone item waits anyway.
 */
export interface BatchOptions {
  delayMs: number;
  maxItems: number;
}

export class BatchQueue<T> {
  private items: T[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** Work other than items (e.g. status changes) is waiting. */
  private poked = false;
  /** Ends the wait between two batches early (a full batch is waiting, or a flush). */
  private hurry: (() => void) | null = null;

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly options: BatchOptions,
  ) {}

  get length(): number {
    return this.items.length;
  }

  push(item: T): void {
    this.items.push(item);
    if (this.items.length >= this.options.maxItems) this.start();
    else this.arm();
  }

  /** Asks for a write soon even with no items queued. */
  poke(): void {
    this.poked = true;
    this.arm();
  }

  /** Writes everything queued now; resolves once it is committed. */
  async flush(): Promise<void> {
    this.start();
    this.hurry?.();
    while (this.running) await this.running;
  }

  private arm(): void {
    this.timer ??= setTimeout(() => this.start(), this.options.delayMs);
  }

  private start(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.items.length >= this.options.maxItems) this.hurry?.();
    if (this.running) return;
    this.running = this.drain().finally(() => {
      this.running = null;
      // Items that arrived during the last write wait for their own window.
      if (this.items.length > 0 || this.poked) this.arm();
    });
  }

  private async drain(): Promise<void> {
    while (this.items.length > 0 || this.poked) {
      this.poked = false;
      const started = Date.now();
      const batch = this.items.splice(0, this.options.maxItems);
      try {
        await this.write(batch);
      } catch {
        // `write` settles its own items (it rejects them); the queue goes on with the next batch.
      }
      // Under load the queue refills while a batch is written: waiting out the rest of the
      // window makes fewer, fuller batches.
      const wait = started + this.options.delayMs - Date.now();
      const waiting = this.items.length > 0 || this.poked;
      if (waiting && wait > 0 && this.items.length < this.options.maxItems) await this.pause(wait);
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.hurry = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.hurry = done;
    });
  }
}
