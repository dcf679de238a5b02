import type { DecodedPosition } from '../../processing/types';

/**
 * Where a protocol listener hands each decoded position: the app's ingest, or a fake in tests.
 * The listener replies to the device from the outcome, so it never needs to know what stores it.
 */
export interface PositionSink {
  /**
   * Processes and stores one position; settles once it is committed. `wantsCommand`: the reply
   * can carry a queued command (OsmAnd query form).
   */
  submit(position: DecodedPosition, wantsCommand: boolean): Promise<SubmitOutcome>;
}

/** What the connection-based protocols also tell the server: when a device comes and goes. */
export interface ConnectionSink extends PositionSink {
  /**
   * The device's connection opened (it is online from now, as in Traccar, before its first
   * position) or closed (offline, unless it reported again meanwhile, here or elsewhere).
   * Returns at once; written with the next batch.
   */
  connection(uniqueId: string, state: 'open' | 'closed'): void;
}

export type SubmitOutcome =
  /** Stored; `command` is the text of one queued command for the device's reply, if any. */
  | { kind: 'stored'; command: string | null }
  /** An unknown, disabled or expired device: nothing was stored. */
  | { kind: 'unknown' }
  /** A fix that cannot have happened (see `processing/fixCheck.ts`): nothing was stored. */
  | { kind: 'rejected'; message: string }
  /**
   * The device sent this fix before and it was stored then (same fix time, nothing new): not
   * stored twice, as Traccar's duplicate filter drops it; the device is answered as if stored.
   */
  | { kind: 'duplicate' }
  /** Too many positions already wait for the database: the device should retry later. */
  | { kind: 'busy' }
  /** The database cannot be reached: nothing was stored, the device should retry later. */
  | { kind: 'unavailable' };
