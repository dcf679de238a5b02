import { isDeletedUniqueId } from '../../model/device';
import { linkSide, type Change } from '../changes';
import type { Db } from '../db/database';
import type { DeviceEntry, TrackingCache } from '../ingest/cache';
import type { AdministratorRoles } from './administrators';
import { audienceShift, hiddenFrom, type Regrouped } from './concealment';
import type { LiveFanout } from './fanout';
import type { SocketHub } from './hub';
import { shownEntries } from './seenDevices';

type PermissionChange = Extract<Change, { kind: 'permission' }>;

/** The group chain of each device a change may move in the group tree, read before it applies. */
export type ChainsBefore = Map<number, number[]>;

export interface AudienceParts {
  db: Db;
  cache: Pick<TrackingCache, 'devices' | 'groupChain'>;
  hub: Pick<SocketHub, 'hasUser' | 'size'>;
  fanout: Pick<LiveFanout, 'revealed' | 'concealed'>;
  roles: Pick<AdministratorRoles, 'saved'>;
}

/**
 * What a change did to who sees which device, for the sockets here: devices a link or a move
 * gave a user appear on their map with their latest positions, devices an unlink, a move or a
 * deletion took from them leave it (`LiveFanout.revealed` and `concealed`). Each instance hears
 * every change and tells its own sockets only.
 */
export class AudienceChanges {
  constructor(private readonly parts: AudienceParts) {}

  /**
   * The group chain, as memory holds it before the change, of each device a change may move in
   * the group tree: the device edited, or every device under an edited or deleted group. Read
   * before the caches apply the change; null when nobody here could be concerned.
   */
  before(change: Change): ChainsBefore | null {
    const { cache, hub } = this.parts;
    if (hub.size === 0) return null;
    const chains: ChainsBefore = new Map();
    if (change.kind === 'device' && change.action === 'update') {
      const entry = cache.devices.get(change.id);
      if (entry) chains.set(change.id, cache.groupChain(entry.device.groupId));
    } else if (change.kind === 'group' && change.action !== 'create') {
      for (const { device } of cache.devices.values()) {
        const chain = cache.groupChain(device.groupId);
        if (chain.includes(change.id)) chains.set(device.id, chain);
      }
    }
    return chains.size > 0 ? chains : null;
  }

  /**
   * A device or group linked to a user: the devices it lets them see go to their sockets now
   * (the live audience follows the same links: the device's group and two parents). Called once
   * the caches hold the change.
   */
  revealLinked(change: Change): void {
    if (change.kind !== 'permission') return;
    if (change.action !== 'link' || linkSide(change.owner) !== 'user') return;
    const shown = this.linkedDevices(change).filter(
      (entry) => !isDeletedUniqueId(entry.device.uniqueId),
    );
    this.parts.fanout.revealed(change.ownerId, shown);
  }

  /** Once the caches hold the change: what it hid, what it moved, whose role it changed. */
  async follow(change: Change, before: ChainsBefore | null): Promise<void> {
    await this.concealHidden(change);
    if (before) await this.regroup(change, before);
    if (change.kind === 'user' && change.action === 'update')
      await this.parts.roles.saved(change.id);
  }

  /** The devices a user link reaches: the device, or the group's and its subgroups'. */
  private linkedDevices(change: PermissionChange): DeviceEntry[] {
    const { cache } = this.parts;
    const property = linkSide(change.property);
    if (property === 'device') {
      const entry = cache.devices.get(change.propertyId);
      return entry ? [entry] : [];
    }
    if (property !== 'group') return [];
    return [...cache.devices.values()].filter((entry) =>
      cache.groupChain(entry.device.groupId).includes(change.propertyId),
    );
  }

  /**
   * What an unlink or a deletion hid, and from whom: the user of an unlink (the device, or the
   * devices of the group and its subgroups), everyone who saw a deleted device.
   */
  private async concealHidden(change: Change): Promise<void> {
    const { hub, fanout } = this.parts;
    if (change.kind === 'permission') {
      if (change.action !== 'unlink' || linkSide(change.owner) !== 'user') return;
      if (!hub.hasUser(change.ownerId)) return;
      const candidates = this.linkedDevices(change).map((entry) => entry.device.id);
      await this.conceal([change.ownerId], candidates);
    } else if (change.kind === 'device' && change.action === 'delete') {
      for (const userId of change.seenBy ?? []) fanout.concealed(userId, [change.id]);
    }
  }

  /**
   * Devices `users` (those of them with a socket here) may no longer see: each gets the ones
   * they lost, so their maps drop them.
   */
  private async conceal(users: readonly number[], candidates: readonly number[]): Promise<void> {
    const { db, hub, fanout } = this.parts;
    const here = users.filter((userId) => hub.hasUser(userId));
    if (here.length === 0 || candidates.length === 0) return;
    for (const [userId, ids] of await hiddenFrom(db, here, candidates)) {
      fanout.concealed(userId, ids);
    }
  }

  /**
   * After a change that moved devices in the group tree: the users here who lost a device
   * through it drop it, and those who gained one get it with its latest position, as after an
   * unlink or a link.
   */
  private async regroup(change: Change, before: ChainsBefore): Promise<void> {
    const { db, cache, hub, fanout } = this.parts;
    const moves: Regrouped[] = [...before].map(([deviceId, chain]) => ({
      deviceId,
      before: chain,
      after: cache.groupChain(cache.devices.get(deviceId)?.device.groupId ?? 0),
    }));
    const goneLinks = new Map<number, readonly number[]>();
    if (change.kind === 'group' && change.action === 'delete') {
      goneLinks.set(change.id, change.linkedUsers ?? []);
    }
    const { lost, gained } = await audienceShift(db, moves, goneLinks, (userId) =>
      hub.hasUser(userId),
    );
    for (const [userId, ids] of lost) fanout.concealed(userId, ids);
    for (const [userId, ids] of gained) fanout.revealed(userId, shownEntries(cache, ids));
  }
}
