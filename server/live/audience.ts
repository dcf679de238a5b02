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
   *
   * An audience only past its age (no change dropped it) is answered as held while it is read
   * again in the background: the live fan-out delivers batches one after another, and every
   * device's audience ages out within the same minute, so waiting for the re-reads held every
   * batch behind a query and, on an instance short of CPU, made socket messages seconds late.
   * A change made outside the API still reaches the sockets within `ttlMs` and one query.
   */
  async getMany(deviceIds: Iterable<number>): Promise<Map<number, readonly number[]>> {
    const result = new Map<number, readonly number[]>();
    const waits: Promise<void>[] = [];
    const missing: number[] = [];
    const stale: number[] = [];
    const now = this.now();
    for (const id of new Set(deviceIds)) {
      const hit = this.cache.get(id);
      const pending = this.pending.get(id);
      if (hit) {
        result.set(id, hit.users);
        if (now - hit.at >= this.ttlMs && !pending) stale.push(id);
      } else if (pending) waits.push(pending.then((users) => void result.set(id, users)));
      else missing.push(id);
    }
    if (stale.length > 0) {
      // Failures leave the entries aged, so the next call tries again.
      this.read(stale).catch(() => {});
    }
    if (missing.length > 0) {
      waits.push(
        this.read(missing).then((found) => {
          for (const [id, users] of found) result.set(id, users);
        }),
      );
    }
    await Promise.all(waits);
    return result;
  }

  /** Reads the audiences of `ids` in one query, shared with callers asking meanwhile. */
  private read(ids: readonly number[]): Promise<Map<number, readonly number[]>> {
    const epoch = this.epoch;
    const ours = new Map<number, Promise<readonly number[]>>();
    const done = () => {
      for (const [id, promise] of ours) {
        if (this.pending.get(id) === promise) this.pending.delete(id);
      }
    };
    const read = usersWhoSeeDevices(this.db, ids).then(
      (found) => {
        done();
        const at = this.now();
        if (epoch === this.epoch) {
          for (const [id, users] of found) this.cache.set(id, { users, at });
        }
        return found;
      },
      (error: unknown) => {
        done();
        throw error;
      },
    );
    for (const id of ids) {
      const one = read.then((found) => found.get(id) ?? []);
      // A failed read is this call's to report; another caller sharing it reports it too.
      one.catch(() => {});
      ours.set(id, one);
      this.pending.set(id, one);
    }
    return read;
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
