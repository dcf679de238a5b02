import { sql, type SqlBool } from 'kysely';
import { COMMAND_TYPES, type QueuedCommand } from '../../model';
import { flag, type Db } from '../db/database';
import { isPlainObject, parseAttributes } from '../db/json';
import type { Ctx } from '../entities/context';
import { inTransaction } from '../entities/context';
import type { Wire } from '../entities/definition';
import { toWire } from '../entities/mapping';
import { commands } from '../entities/resources';
import { IllegalArgumentException, SecurityException, notFound } from '../errors';
import { commandMenuDenial, sendDenial } from '../permissions/checkAccess';
import { assertVisible } from '../permissions/objects';
import { visibleFilter } from '../permissions/visibility';
import { loadVisible } from '../entities/service';
import { supportedTypes } from './supportedTypes';

export interface SendBody {
  id?: number;
  deviceId?: number;
  type?: string;
  textChannel?: boolean;
  attributes?: Record<string, unknown>;
}

interface CommandToSend {
  type: string;
  textChannel: boolean;
  attributes: Record<string, unknown>;
}

/** Protocol of the device's latest position; null when it never reported. */
async function deviceProtocol(db: Db, deviceId: number): Promise<string | null> {
  const row = await db.kysely
    .selectFrom('devices')
    .leftJoin('positions', 'positions.id', 'devices.positionId')
    .select('positions.protocol')
    .where('devices.id', '=', deviceId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row.protocol ?? null;
}

/** `GET /api/commands/types`: the types for a device the caller reaches, or every type. */
export async function commandTypes(
  ctx: Ctx,
  deviceId: number | undefined,
  textChannel: boolean | undefined,
): Promise<string[]> {
  let protocol: string | null | undefined;
  if (deviceId !== undefined) {
    protocol = await deviceProtocol(ctx.db, deviceId);
    await assertVisible(ctx.db, ctx.actor, 'device', deviceId);
  }
  return supportedTypes(protocol, textChannel);
}

/** The body as a command: a saved one by `id` (which the caller must reach), or as given. */
async function resolveCommand(ctx: Ctx, body: SendBody): Promise<CommandToSend> {
  if (body.id) {
    const saved: Wire = await loadVisible(ctx, commands, body.id);
    return {
      type: saved.type as string,
      textChannel: saved.textChannel as boolean,
      attributes: saved.attributes as Record<string, unknown>,
    };
  }
  if (typeof body.type !== 'string' || !(COMMAND_TYPES as readonly string[]).includes(body.type)) {
    throw new IllegalArgumentException('Unknown command type');
  }
  if (body.attributes !== undefined && !isPlainObject(body.attributes)) {
    throw new IllegalArgumentException('Invalid attributes: expected an object');
  }
  return {
    type: body.type,
    textChannel: body.textChannel ?? false,
    attributes: body.attributes ?? {},
  };
}

/** Devices of a group and its sub-groups that the caller reaches. */
async function groupDevices(ctx: Ctx, groupId: number): Promise<number[]> {
  await assertVisible(ctx.db, ctx.actor, 'group', groupId);
  const rows = await ctx.db.kysely
    .selectFrom('devices')
    .select('id')
    .where(
      sql<SqlBool>`(devices.group_id = ${groupId}
        or devices.group_id in (select id from groups where group_id = ${groupId})
        or devices.group_id in (select id from groups where group_id in
          (select id from groups where group_id = ${groupId})))`,
    )
    .where(visibleFilter('device', ctx.actor.admin ? null : ctx.actor.user.id, 'devices.id'))
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * `POST /api/commands/send`. OsmAnd devices have no live connection, so every command is queued
 * for the listener to hand over in its next reply (202 with the QueuedCommand); `noQueue` turns
 * that into an error, and there is no SMS gateway for `textChannel`.
 */
export async function sendCommand(
  ctx: Ctx,
  body: SendBody,
  groupId?: number,
): Promise<QueuedCommand | QueuedCommand[]> {
  const command = await resolveCommand(ctx, body);
  const denial = sendDenial(ctx.actor, command.type, Boolean(body.id));
  if (denial) throw new SecurityException(denial);
  if (command.textChannel) throw new IllegalArgumentException('SMS is not configured');
  if (command.attributes.noQueue === true) {
    throw new IllegalArgumentException('Failed to send command');
  }
  let deviceIds: number[];
  if (groupId) {
    deviceIds = await groupDevices(ctx, groupId);
  } else {
    if (!body.deviceId) throw new IllegalArgumentException('deviceId is required');
    await deviceProtocol(ctx.db, body.deviceId);
    await assertVisible(ctx.db, ctx.actor, 'device', body.deviceId);
    deviceIds = [body.deviceId];
  }
  const queued = await inTransaction(ctx, async (db) => {
    const result: QueuedCommand[] = [];
    for (const deviceId of deviceIds) {
      const row = await db.kysely
        .insertInto('queuedCommands')
        .values({
          deviceId,
          type: command.type,
          textChannel: flag(db, command.textChannel),
          created: Date.now(),
          attributes: JSON.stringify(command.attributes),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      result.push({
        id: row.id,
        deviceId: row.deviceId,
        type: row.type,
        textChannel: Boolean(row.textChannel),
        attributes: parseAttributes(row.attributes),
      });
    }
    return result;
  });
  return groupId ? queued : queued[0];
}

/**
 * `GET /api/commands/send?deviceId=`: saved commands the caller reaches that are linked to the
 * device (directly or through its group chain) and that its protocol supports.
 */
export async function commandsForDevice(ctx: Ctx, deviceId: number): Promise<Wire[]> {
  const denial = commandMenuDenial(ctx.actor);
  if (denial) throw new SecurityException(denial);
  const protocol = await deviceProtocol(ctx.db, deviceId);
  await assertVisible(ctx.db, ctx.actor, 'device', deviceId);
  const groupChain = sql`select group_id from devices where id = ${deviceId}
    union select g.group_id from groups g where g.id in (select group_id from devices where id = ${deviceId})
    union select gp.group_id from groups gp where gp.id in (select g.group_id from groups g where g.id in (select group_id from devices where id = ${deviceId}))`;
  const rows = await ctx.db.kysely
    .selectFrom('commands')
    .selectAll()
    .where(visibleFilter('command', ctx.actor.admin ? null : ctx.actor.user.id, 'commands.id'))
    .where(
      sql<SqlBool>`(commands.id in (select command_id from device_command where device_id = ${deviceId})
        or commands.id in (select command_id from group_command where group_id in (${groupChain})))`,
    )
    .orderBy('description')
    .orderBy('id')
    .execute();
  return rows
    .filter((row) => supportedTypes(protocol, Boolean(row.textChannel)).includes(row.type))
    .map((row) => toWire(commands, row));
}
