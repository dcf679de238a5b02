import { EventEmitter } from 'node:events';

/**
 * The app-wide change feed: every API write that changes an entity or a link announces it here
 * once it has committed, and the in-memory caches that mirror the database (the tracking cache,
 * the live audience, the QR driver rules, …) follow it. Neutral: writers and caches in any folder
 * depend on it, it depends on none of them.
 */

/** What changed through the API. */
export type Change =
  | { kind: 'device'; id: number; action: 'create' | 'update' | 'delete' }
  | {
      kind:
        | 'group'
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
  | { kind: 'server'; action: 'update' };

/**
 * What writers and caches depend on. The in-process feed below serves one instance; a feed shared
 * by several instances (e.g. over Redis) implements the same contract: each emitted change reaches
 * every listener of every instance once.
 */
export interface ChangeFeed {
  /** Announces a committed change. */
  emit(change: Change): void;
  /** Calls `listener` with each change until the returned function is called; it must not throw. */
  on(listener: (change: Change) => void): () => void;
}

/** The change feed of one process: listeners run synchronously, in subscription order. */
export class InProcessChangeFeed implements ChangeFeed {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(50);
  }

  emit(change: Change): void {
    this.emitter.emit('change', change);
  }

  on(listener: (change: Change) => void): () => void {
    this.emitter.on('change', listener);
    return () => this.emitter.off('change', listener);
  }
}
