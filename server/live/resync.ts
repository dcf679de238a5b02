import type { Device, Position } from '../../model';
import type { Db } from '../db/database';
import { findUserById } from '../db/users';
import type { TrackingCache } from '../ingest/cache';
import { deviceJson } from '../serialize';
import type { AudienceCache } from './audience';
import type { Greeting } from './greeting';
import type { SocketHub } from './hub';
import { seenDeviceIds, shownEntries } from './seenDevices';

/** What a socket's map is brought back to: every device the user sees, and their latest fixes. */
export interface MapState {
  devices: Device[];
  positions: Position[];
}

export interface ResyncParts {
  db: Db;
  cache: TrackingCache;
  audience: Pick<AudienceCache, 'apply'>;
  hub: Pick<SocketHub, 'userIds' | 'sendRawToUser'>;
  greeting: Pick<Greeting, 'latestPositions'>;
}

/** The user's devices and their latest positions, as the socket's opening message has them. */
export async function mapState(
  parts: Omit<ResyncParts, 'audience' | 'hub'>,
  userId: number,
): Promise<MapState | null> {
  const { db, cache, greeting } = parts;
  const found = await findUserById(db, userId);
  if (!found) return null;
  const positions = await greeting.latestPositions(found.user);
  const ids = new Set(positions.map((position) => position.deviceId));
  for (const id of await seenDeviceIds(db, cache, found.user)) ids.add(id);
  const devices = shownEntries(cache, ids).map((entry) => deviceJson(entry.device));
  return { devices, positions };
}

/**
 * After the link to the other instances came back: the caches re-read, then every socket here
 * gets its user's current devices and positions, so nothing that happened elsewhere meanwhile
 * is silently missing from a map (traccar-web merges them).
 */
export async function resyncSockets(parts: ResyncParts): Promise<void> {
  const { cache, audience, hub } = parts;
  await Promise.all([cache.apply({ kind: 'resync' }), audience.apply({ kind: 'resync' })]);
  for (const userId of [...hub.userIds()]) {
    const state = await mapState(parts, userId);
    // `complete`: these are all the devices the user sees, so a device they lost meanwhile (its
    // unlink or deletion was not heard) leaves Frota's map too (docs/traccar-api.md).
    if (state) hub.sendRawToUser(userId, JSON.stringify({ ...state, complete: true }));
  }
}
