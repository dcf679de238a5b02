import { sql, type Expression, type SqlBool } from 'kysely';
import type { Ctx } from '../access/context';
import type { Wire } from '../entities/definition';
import { devices } from './deviceDef';
import { listEntities, listEntitiesJson, type ListQuery } from '../entities/service';
import { assertVisible } from '../permissions/objects';
import { notDeletedDevice } from '../db/devices';

export interface DeviceQuery extends ListQuery {
  /** Repeatable `id`. */
  id?: number[];
  /** Repeatable `uniqueId`. */
  uniqueId?: string[];
}

/**
 * `GET /api/devices`: the shared filters plus `deviceId` (devices linked to that device),
 * `groupId` (devices in that group), `id` and `uniqueId`. Lazily deleted devices never show.
 */
export async function listDevices(ctx: Ctx, query: DeviceQuery): Promise<Wire[]> {
  return listEntities(ctx, devices, query, await deviceConditions(ctx, query));
}

/** `listDevices` as the response's JSON text, what the route sends. */
export async function listDevicesJson(ctx: Ctx, query: DeviceQuery): Promise<Buffer> {
  return listEntitiesJson(ctx, devices, query, await deviceConditions(ctx, query));
}

async function deviceConditions(ctx: Ctx, query: DeviceQuery): Promise<Expression<SqlBool>[]> {
  const extra: Expression<SqlBool>[] = [notDeletedDevice()];
  if (query.deviceId) {
    await assertVisible(ctx.db, ctx.actor, 'device', query.deviceId);
    extra.push(
      sql<SqlBool>`devices.id in (select linked_device_id from device_linked_device where device_id = ${query.deviceId})`,
    );
  }
  if (query.groupId) {
    await assertVisible(ctx.db, ctx.actor, 'group', query.groupId);
    extra.push(sql<SqlBool>`devices.group_id = ${query.groupId}`);
  }
  const ids = query.id ?? [];
  const uniqueIds = query.uniqueId ?? [];
  if (ids.length > 0 || uniqueIds.length > 0) {
    const tests = [];
    if (ids.length > 0) tests.push(sql`devices.id in (${sql.join(ids)})`);
    if (uniqueIds.length > 0) tests.push(sql`devices.unique_id in (${sql.join(uniqueIds)})`);
    extra.push(sql<SqlBool>`(${sql.join(tests, sql` or `)})`);
  }
  return extra;
}
