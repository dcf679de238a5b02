import { deletedUniqueId } from '../../model/device';
import { noteValues } from '../audit/scope';
import type { Ctx } from '../access/context';
import { inTransaction } from '../access/context';
import { devices } from './deviceDef';
import { checkArea, loadVisible } from '../entities/service';
import { usersWhoSeeDevice } from '../permissions/visibility';

/** Server attribute `tarkan.enableLazyDeletion` ("safe mode"). */
function lazyDeletionEnabled(attributes: Record<string, unknown>): boolean {
  return attributes['tarkan.enableLazyDeletion'] === true;
}

/**
 * `DELETE /api/devices/:id`. With lazy deletion the device is kept, renamed to
 * `deleted-{uid}-{epochms}` and unlinked from its users and group, so lists hide it and its
 * history stays; otherwise it goes with its positions and events.
 */
export async function deleteDevice(ctx: Ctx, id: number, now = Date.now()): Promise<void> {
  checkArea(ctx, devices, 'delete');
  const device = await loadVisible(ctx, devices, id);
  const lazy = lazyDeletionEnabled(ctx.actor.server.attributes);
  await inTransaction(ctx, async (db, changes) => {
    if (!lazy) {
      const seenBy = await usersWhoSeeDevice(db, id);
      await db.kysely.deleteFrom('positions').where('deviceId', '=', id).execute();
      await db.kysely.deleteFrom('events').where('deviceId', '=', id).execute();
      await db.kysely.deleteFrom('devices').where('id', '=', id).execute();
      changes.push({ kind: 'device', id, action: 'delete', seenBy });
      return;
    }
    const users = await db.kysely
      .deleteFrom('userDevice')
      .where('deviceId', '=', id)
      .returning('userId')
      .execute();
    await db.kysely
      .updateTable('devices')
      .set({ uniqueId: deletedUniqueId(device.uniqueId as string, now), groupId: null })
      .where('id', '=', id)
      .execute();
    for (const { userId } of users) {
      changes.push({
        kind: 'permission',
        owner: 'user',
        property: 'device',
        ownerId: userId,
        propertyId: id,
        action: 'unlink',
      });
    }
    changes.push({ kind: 'device', id, action: 'update' });
  });
  noteValues('device', id, device, null);
}
