import type { DeviceRecord, EventRecord, PositionRecord } from '../processing/types';

/**
 * The one way out of ingest: each committed batch goes to every subscriber (the live fan-out,
 * notifications, the QR driver rules, …) beside each other. Ingest knows none of them; they are
 * subscribed where the app is wired (`plugins/tracking.ts`).
 */

/** What one transaction stored, handed to the subscribers right after it committed. */
export interface CommittedBatch {
  /** Positions that became their device's latest, in order. */
  positions: PositionRecord[];
  /** Devices whose status or last update changed. */
  devices: { device: DeviceRecord; statusChanged: boolean }[];
  events: EventRecord[];
}

export interface BatchSubscriber {
  /**
   * Called with each committed batch, in commit order. It must return at once (devices wait for
   * their reply until every subscriber has returned): slow work is queued, not awaited.
   */
  committed(batch: CommittedBatch): void;
  /** Settles once the work queued for the batches handed over so far is done. */
  idle?(): Promise<void>;
}

export interface BatchFeedLog {
  error(object: unknown, message?: string): void;
}

export class BatchFeed {
  private readonly subscribers = new Set<BatchSubscriber>();

  constructor(private readonly log: BatchFeedLog) {}

  /** Adds a subscriber; the returned function removes it. */
  subscribe(subscriber: BatchSubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => {
      this.subscribers.delete(subscriber);
    };
  }

  /** Hands a committed batch to every subscriber; one that throws is logged and skipped. */
  publish(batch: CommittedBatch): void {
    for (const subscriber of this.subscribers) {
      try {
        subscriber.committed(batch);
      } catch (error) {
        this.log.error({ err: error }, 'committed batch subscriber failed');
      }
    }
  }

  /** Settles once every subscriber has done with everything published so far (tests, shutdown). */
  async idle(): Promise<void> {
    await Promise.all([...this.subscribers].map((subscriber) => subscriber.idle?.()));
  }
}
