import type { Ctx } from '../access/context';
import { notDeletedDevice } from '../db/devices';
import { SecurityException } from '../errors';
import { visibleFilter } from '../permissions/visibility';
import { reportDenial } from './access';

/**
 * The device list export (Traccar's DevicesReportProvider): every device the caller sees with its
 * group and latest position. No Fastify here.
 */

export interface DeviceSheetItem {
  device: {
    name: string;
    uniqueId: string;
    phone: string | null;
    model: string | null;
    contact: string | null;
    category: string | null;
    status: string | null;
    lastUpdate: number | null;
  };
  groupName: string | null;
  position: { latitude: number; longitude: number; speed: number; address: string | null } | null;
}

export async function devicesReport(ctx: Ctx): Promise<DeviceSheetItem[]> {
  const denial = reportDenial(ctx.actor, 'devices');
  if (denial) throw new SecurityException(denial);
  const rows = await ctx.db.kysely
    .selectFrom('devices')
    .leftJoin('groups', 'groups.id', 'devices.groupId')
    .leftJoin('positions', 'positions.id', 'devices.positionId')
    .select([
      'devices.name',
      'devices.uniqueId',
      'devices.phone',
      'devices.model',
      'devices.contact',
      'devices.category',
      'devices.status',
      'devices.lastUpdate',
      'groups.name as groupName',
      'positions.latitude',
      'positions.longitude',
      'positions.speed',
      'positions.address',
    ])
    .where(visibleFilter('device', ctx.actor.admin ? null : ctx.actor.user.id, 'devices.id'))
    .where(notDeletedDevice())
    .orderBy('devices.name')
    .orderBy('devices.id')
    .execute();
  return rows.map((row) => ({
    device: {
      name: row.name,
      uniqueId: row.uniqueId,
      phone: row.phone,
      model: row.model,
      contact: row.contact,
      category: row.category,
      status: row.status,
      lastUpdate: row.lastUpdate === null ? null : Number(row.lastUpdate),
    },
    groupName: row.groupName,
    position:
      row.latitude === null || row.longitude === null
        ? null
        : {
            latitude: row.latitude,
            longitude: row.longitude,
            speed: row.speed ?? 0,
            address: row.address,
          },
  }));
}
