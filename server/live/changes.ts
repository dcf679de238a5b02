import { EventEmitter } from 'node:events';

/** What changed through the API, so in-memory caches (ingest, live audience) can refresh. */
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
        | 'command';
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

/** In-process change feed; one per app. Listeners must not throw. */
export class ChangeFeed {
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
