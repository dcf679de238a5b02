import { isDeletedUniqueId } from '../../model/device';
import type { Db } from '../db/database';
import { findUserById } from '../db/users';
import type { TrackingCache } from '../ingest/cache';
import { visibleDeviceIds } from '../permissions/visibility';
import type { LiveFanout } from './fanout';
import type { SocketHub } from './hub';
import type { Viewer } from './seenDevices';

/**
 * Whether each user with a socket here was an administrator when last seen: one made or unmade
 * an administrator gains or loses every device beyond their own links, and their map follows.
 */
export class AdministratorRoles {
  private readonly administrators = new Map<number, boolean>();

  constructor(
    private readonly db: Db,
    private readonly cache: Pick<TrackingCache, 'devices'>,
    private readonly hub: Pick<SocketHub, 'hasUser'>,
    private readonly fanout: Pick<LiveFanout, 'revealed' | 'concealed'>,
  ) {}

  /** A socket of `user` opened: their role as it stands now. */
  greeted(user: Viewer): void {
    this.administrators.set(user.id, user.administrator);
  }

  /**
   * The user's account was saved: if their role changed, the devices beyond their links go to
   * their sockets here (made an administrator) or leave them (unmade one).
   */
  async saved(userId: number): Promise<void> {
    const was = this.administrators.get(userId);
    if (was === undefined) return;
    if (!this.hub.hasUser(userId)) {
      this.administrators.delete(userId);
      return;
    }
    const user = (await findUserById(this.db, userId))?.user;
    if (!user || user.administrator === was) return;
    this.administrators.set(userId, user.administrator);
    const linked = new Set(await visibleDeviceIds(this.db, userId, false));
    const beyond = [...this.cache.devices.values()].filter(
      (entry) => !linked.has(entry.device.id) && !isDeletedUniqueId(entry.device.uniqueId),
    );
    if (user.administrator) {
      this.fanout.revealed(userId, beyond);
    } else {
      this.fanout.concealed(
        userId,
        beyond.map((entry) => entry.device.id),
      );
    }
  }

  /** Forgets the users who no longer have a socket here. */
  prune(): void {
    for (const userId of this.administrators.keys()) {
      if (!this.hub.hasUser(userId)) this.administrators.delete(userId);
    }
  }
}
