import type { User } from '../../model';
import { isDeletedUniqueId } from '../../model/device';
import type { Db } from '../db/database';
import type { DeviceEntry, TrackingCache } from '../ingest/cache';
import { visibleDeviceIds } from '../permissions/visibility';

/** A user as the live side asks about them: who they are, and whether they see every device. */
export type Viewer = Pick<User, 'id' | 'administrator'>;

/**
 * The ids of the devices `user` sees: every device held here for an administrator, else those
 * their links reach (read now). Lazily deleted devices are among them; `shownEntries` drops them.
 */
export async function seenDeviceIds(
  db: Db,
  cache: Pick<TrackingCache, 'devices'>,
  user: Viewer,
): Promise<number[]> {
  return user.administrator ? [...cache.devices.keys()] : visibleDeviceIds(db, user.id, false);
}

/** The entries of `ids` a map shows: held here and not lazily deleted (hidden, as in lists). */
export function shownEntries(
  cache: Pick<TrackingCache, 'devices'>,
  ids: Iterable<number>,
): DeviceEntry[] {
  const shown: DeviceEntry[] = [];
  for (const id of ids) {
    const entry = cache.devices.get(id);
    if (entry && !isDeletedUniqueId(entry.device.uniqueId)) shown.push(entry);
  }
  return shown;
}
