import { EventEmitter } from 'node:events';

/**
 * The app-wide change feed: every API write that changes an entity or a link announces it here
 * once it has committed, and the in-memory caches that mirror the database (the tracking cache,
 * the live audience, the QR driver rules, …) follow it. Neutral: writers and caches in any folder
 * depend on it, it depends on none of them.
 */

/** What changed through the API. */
export type Change =
  | {
      kind: 'device';
      id: number;
      action: 'create' | 'update' | 'delete';
      /**
       * A deletion's users who saw the device until then (read before its links went with it),
       * so their maps can drop it.
       */
      seenBy?: readonly number[];
    }
  | {
      kind: 'group';
      id: number;
      action: 'create' | 'update' | 'delete';
      /**
       * A deletion's users linked to the group until then (read before their links went with
       * it), so their maps can drop the devices they saw through it.
       */
      linkedUsers?: readonly number[];
    }
  | {
      kind:
        | 'geofence'
        | 'notification'
        | 'attribute'
        | 'driver'
        | 'calendar'
        | 'maintenance'
        | 'command'
        | 'report';
      id: number;
      action: 'create' | 'update' | 'delete';
    }
  | { kind: 'user'; id: number; action: 'create' | 'update' | 'delete' }
  | {
      kind: 'permission';
      owner: string;
      property: string;
      ownerId: number;
      propertyId: number;
      action: 'link' | 'unlink';
    }
  | { kind: 'server'; action: 'update' }
  /** A brand's files (theme, logos) changed: the main brand (null) or a reseller's. */
  | { kind: 'brand'; resellerId: number | null }
  /** An integration's settings (payment provider, e-mail, webhook) were saved. */
  | { kind: 'integration'; key: string }
  /**
   * A command was queued for a device: the instance the device is connected to, if any, hands
   * it over now (docs/protocols.md).
   */
  | { kind: 'commandQueued'; deviceId: number }
  /**
   * Never written by the API: a shared feed announces it to its own listeners after its link to
   * the other instances came back, since changes made meanwhile may have been missed. Every cache
   * re-reads what it holds.
   */
  | { kind: 'resync' };

/**
 * A permission change's side (`owner`, `property`) as a bare entity name: writers name it as the
 * API's link body does, `user` or `userId`, and every reader compares the bare name.
 */
export const linkSide = (name: string): string => name.replace(/Id$/, '');

/**
 * Called with each change. `remote`: it was made on another instance (always false on one
 * instance), so a cache the writer updated directly knows it still has to re-read.
 */
export type ChangeListener = (change: Change, remote: boolean) => void;

/**
 * What writers and caches depend on. The in-process feed below serves one instance; a feed shared
 * by several instances (e.g. over Redis) implements the same contract: each emitted change reaches
 * every listener of every instance once.
 */
export interface ChangeFeed {
  /** Announces a committed change. */
  emit(change: Change): void;
  /** Calls `listener` with each change until the returned function is called; it must not throw. */
  on(listener: ChangeListener): () => void;
}

/** The change feed of one process: listeners run synchronously, in subscription order. */
export class InProcessChangeFeed implements ChangeFeed {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(50);
  }

  emit(change: Change): void {
    this.deliver(change, false);
  }

  /** Runs the listeners with a change, made here or (`remote`) on another instance. */
  deliver(change: Change, remote: boolean): void {
    this.emitter.emit('change', change, remote);
  }

  on(listener: ChangeListener): () => void {
    this.emitter.on('change', listener);
    return () => this.emitter.off('change', listener);
  }
}
