import type { Db } from '../db/database';
import { usersWhoSeeDevice, usersWhoSeeDevices } from '../permissions/visibility';
import { linkSide, type Change } from '../changes';

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

  /**
   * Audiences of many devices; the ones not cached (nor being read) are read together, in one
   * query: a batch of positions would otherwise cost a query per device it is the first of.
   */
  async getMany(deviceIds: Iterable<number>): Promise<Map<number, readonly number[]>> {
    const result = new Map<number, readonly number[]>();
    const waits: Promise<void>[] = [];
    const missing: number[] = [];
    for (const id of new Set(deviceIds)) {
      const hit = this.cache.get(id);
      const pending = this.pending.get(id);
      if (hit && this.now() - hit.at < this.ttlMs) result.set(id, hit.users);
      else if (pending) waits.push(pending.then((users) => void result.set(id, users)));
      else missing.push(id);
    }
    if (missing.length > 0) {
      const epoch = this.epoch;
      const ours = new Map<number, Promise<readonly number[]>>();
      const done = () => {
        for (const [id, promise] of ours) {
          if (this.pending.get(id) === promise) this.pending.delete(id);
        }
      };
      const read = usersWhoSeeDevices(this.db, missing).then(
        (found) => {
          done();
          const at = this.now();
          for (const [id, users] of found) {
            if (epoch === this.epoch) this.cache.set(id, { users, at });
            result.set(id, users);
          }
          return found;
        },
        (error: unknown) => {
          done();
          throw error;
        },
      );
      for (const id of missing) {
        const one = read.then((found) => found.get(id) ?? []);
        // A failed read is this call's to report; another caller sharing it reports it too.
        one.catch(() => {});
        ours.set(id, one);
        this.pending.set(id, one);
      }
      waits.push(read.then(() => undefined));
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
        if (linkSide(change.owner) === 'user') this.clear();
        break;
      default:
    }
  }
}
