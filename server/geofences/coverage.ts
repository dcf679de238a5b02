import type { GeofenceCoverage } from '../../model';
import { isDeletedUniqueId } from '../../model/device';
import type { Db } from '../db/database';
import type { TrackingCache } from '../ingest/cache';
import { visibleFilter } from '../permissions/visibility';

/**
 * Which devices each geofence applies to, for one caller, in a few queries instead of Traccar's
 * one `GET /api/geofences?deviceId=` per device. The rule is the tracking core's own (its cache's
 * links, group chains and anchors), so the answer is what processing will check; the database
 * only says what the caller sees.
 */

/** What the coverage reads from the tracking core. */
export type CoverageRule = Pick<TrackingCache, 'geofenceIdsOf' | 'linkedToDevice' | 'links'>;

export interface CoverageOptions {
  /** null for an administrator (sees everything). */
  userId: number | null;
  /**
   * Count only the devices this notification reaches through its device and group links, so a
   * geofence rule's form can tell whether any geofence can fire it.
   */
  notificationId?: number;
}

export async function geofenceCoverage(
  db: Db,
  rule: CoverageRule,
  { userId, notificationId }: CoverageOptions,
): Promise<GeofenceCoverage[]> {
  const [devices, groups, geofences] = await Promise.all([
    db.kysely
      .selectFrom('devices')
      .select(['id', 'groupId', 'uniqueId'])
      .where(visibleFilter('device', userId))
      .orderBy('id')
      .execute(),
    db.kysely
      .selectFrom('groups')
      .select('id')
      .where(visibleFilter('group', userId))
      .orderBy('id')
      .execute(),
    db.kysely
      .selectFrom('geofences')
      .select('id')
      .where(visibleFilter('geofence', userId))
      .orderBy('id')
      .execute(),
  ]);
  const byId = new Map<number, GeofenceCoverage>(
    geofences.map(({ id }) => [id, { id, deviceIds: [], linkedDeviceIds: [], linkedGroupIds: [] }]),
  );
  for (const device of devices) {
    // Lazily deleted devices are hidden like in every list.
    if (isDeletedUniqueId(device.uniqueId)) continue;
    const groupId = device.groupId ?? 0;
    for (const id of rule.links.of('device', 'geofence', device.id)) {
      byId.get(id)?.linkedDeviceIds.push(device.id);
    }
    if (
      notificationId !== undefined &&
      !rule.linkedToDevice('notification', device.id, groupId).has(notificationId)
    ) {
      continue;
    }
    for (const id of rule.geofenceIdsOf(device.id, groupId))
      byId.get(id)?.deviceIds.push(device.id);
  }
  for (const group of groups) {
    for (const id of rule.links.of('group', 'geofence', group.id)) {
      byId.get(id)?.linkedGroupIds.push(group.id);
    }
  }
  return [...byId.values()];
}
