/**
 * Group commit: items wait up to `delayMs` (or until `maxItems` are queued) and are then written
 * together by one call of `write`; calls never overlap, so batches commit in arrival order.
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
    while (this.running) await this.running;
  }

  private arm(): void {
    this.timer ??= setTimeout(() => this.start(), this.options.delayMs);
  }

  private start(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
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
      const batch = this.items.splice(0, this.options.maxItems);
      try {
        await this.write(batch);
      } catch {
        // `write` settles its own items (it rejects them); the queue goes on with the next batch.
      }
    }
  }
}
