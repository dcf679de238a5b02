import type { Db } from '../db/database';
import { usersWhoSeeDevice } from '../permissions/visibility';
import type { Change } from '../changes';

/**
 * Who sees each device (administrators, direct links, group links), cached so live delivery does
 * not query per position. Dropped on the changes that can alter it, and re-read after `ttlMs` in
 * any case, so a change made outside the API cannot leak a device for long.
 */
export class AudienceCache {
  private readonly cache = new Map<number, { users: readonly number[]; at: number }>();
  private readonly pending = new Map<number, Promise<readonly number[]>>();
  /** Bumped on invalidation so a read that started before it is not cached. */
  private epoch = 0;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Synchronous hit, else a promise. */
  get(deviceId: number): readonly number[] | Promise<readonly number[]> {
    const hit = this.cache.get(deviceId);
    if (hit && this.now() - hit.at < this.ttlMs) return hit.users;
    let pending = this.pending.get(deviceId);
    if (!pending) {
      const epoch = this.epoch;
      pending = usersWhoSeeDevice(this.db, deviceId)
        .then((users) => {
          if (epoch === this.epoch) this.cache.set(deviceId, { users, at: this.now() });
          return users;
        })
        .finally(() => this.pending.delete(deviceId));
      this.pending.set(deviceId, pending);
    }
    return pending;
  }

  /** Audiences of many devices, reading the missing ones in parallel. */
  async getMany(deviceIds: Iterable<number>): Promise<Map<number, readonly number[]>> {
    const result = new Map<number, readonly number[]>();
    const waits: Promise<void>[] = [];
    for (const id of new Set(deviceIds)) {
      const users = this.get(id);
      if (users instanceof Promise) waits.push(users.then((u) => void result.set(id, u)));
      else result.set(id, users);
    }
    await Promise.all(waits);
    return result;
  }

  clear(): void {
    this.epoch++;
    this.cache.clear();
  }

  apply(change: Change): void {
    switch (change.kind) {
      case 'device':
        this.epoch++;
        this.cache.delete(change.id);
        break;
      case 'group':
      case 'user':
      case 'resync':
        this.clear();
        break;
      case 'permission':
        if (change.owner.replace(/Id$/, '') === 'user') this.clear();
        break;
      default:
    }
  }
}
