import { sql, type SqlBool } from 'kysely';
import { COMMAND_TYPES, type Command, type QueuedCommand } from '../../model';
import { isPlainObject } from '../../model/json';
import { flag, type Db } from '../db/database';
import { parseAttributes } from '../db/json';
import type { Ctx } from '../access/context';
import { inTransaction } from '../access/context';
import type { Wire } from '../entities/definition';
import { toWire } from '../entities/mapping';
import { commands } from '../entities/resources';
import { IllegalArgumentException, SecurityException, notFound } from '../errors';
import { commandMenuDenial, sendDenial } from '../permissions/checkAccess';
import { assertVisible } from '../permissions/objects';
import { visibleFilter } from '../permissions/visibility';
import { loadVisible } from '../entities/service';
import { checkTextLengths } from '../security/textLimits';
import { sendCommandBySms } from './sms';
import { supportedTypes } from './supportedTypes';

export interface SendBody {
  id?: number;
  deviceId?: number;
  type?: string;
  textChannel?: boolean;
  attributes?: Record<string, unknown>;
}

interface CommandToSend {
  /** The saved command's, when one was sent by id (Traccar answers with it). */
  id: number;
  description: string | null;
  type: string;
  textChannel: boolean;
  attributes: Record<string, unknown>;
}

/**
 * The devices connected to this instance (docs/protocols.md), as sending needs them: a command
 * goes straight to a connected device, and is queued for one that is not.
 */
export interface LiveCommands {
  /**
   * Sends the command if the device is connected here: `sent`; `unsupported` when its protocol
   * cannot carry that command; `absent` when it is not connected here.
   */
  send(
    deviceId: number,
    command: { type: string; attributes: Record<string, unknown> },
  ): 'sent' | 'unsupported' | 'absent';
  /** The protocol a device connected here speaks; null when it is not connected here. */
  protocolOf(deviceId: number): string | null;
}

/**
 * What `POST /api/commands/send` answers: 200 with the command when it went out to a connected
 * device (every device of a group), 202 with what was queued otherwise.
 */
export type SendOutcome =
  { status: 200; body: Command } | { status: 202; body: QueuedCommand | QueuedCommand[] };

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

/**
 * The protocol a device speaks: of its latest position, else of its connection here (a tracker
 * that logged in and sent no fix yet); null when neither tells.
 */
async function protocolOf(
  db: Db,
  deviceId: number,
  live: LiveCommands | null,
): Promise<string | null> {
  return (await deviceProtocol(db, deviceId)) ?? live?.protocolOf(deviceId) ?? null;
}

/** `GET /api/commands/types`: the types for a device the caller reaches, or every type. */
export async function commandTypes(
  ctx: Ctx,
  deviceId: number | undefined,
  textChannel: boolean | undefined,
  live: LiveCommands | null = null,
): Promise<string[]> {
  let protocol: string | null | undefined;
  if (deviceId !== undefined) {
    protocol = await protocolOf(ctx.db, deviceId, live);
    await assertVisible(ctx.db, ctx.actor, 'device', deviceId);
  }
  return supportedTypes(protocol, textChannel);
}

/** The body as a command: a saved one by `id` (which the caller must reach), or as given. */
async function resolveCommand(ctx: Ctx, body: SendBody): Promise<CommandToSend> {
  if (body.id) {
    const saved: Wire = await loadVisible(ctx, commands, body.id);
    return {
      id: saved.id as number,
      description: (saved.description as string | null) ?? null,
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
  // Queued, they are stored: bounded as every object's attributes are.
  checkTextLengths({ attributes: body.attributes }, {});
  return {
    id: 0,
    description: null,
    type: body.type,
    textChannel: body.textChannel ?? false,
    attributes: body.attributes ?? {},
  };
}

/**
 * The command as one device receives it: Traccar writes the device's identifier where a custom
 * command's text says `{uniqueId}` (one saved command then serves a whole fleet), and a tracker's
 * password comes from the device's `devicePassword` attribute unless the command names one.
 */
async function forDevice(db: Db, deviceId: number, command: CommandToSend): Promise<CommandToSend> {
  const data = command.attributes.data;
  const substitute = typeof data === 'string' && data.includes('{uniqueId}');
  const row = await db.kysely
    .selectFrom('devices')
    .select(['uniqueId', 'attributes'])
    .where('id', '=', deviceId)
    .executeTakeFirst();
  if (!row) return command;
  const password = parseAttributes(row.attributes).devicePassword;
  const attributes = { ...command.attributes };
  if (substitute) attributes.data = (data as string).replaceAll('{uniqueId}', row.uniqueId);
  if (attributes.devicePassword === undefined && typeof password === 'string' && password !== '') {
    attributes.devicePassword = password;
  }
  return { ...command, attributes };
}

/** The command as Traccar answers one that went out: as sent, for the device (0 for a group). */
const asSent = (command: CommandToSend, deviceId: number): Command => ({
  id: command.id,
  deviceId,
  description: command.description,
  type: command.type,
  textChannel: command.textChannel,
  attributes: command.attributes,
});

/** The SMS gateway's warnings about a command have nowhere better to go than its error. */
const SILENT = { warn: () => undefined };

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
 * `POST /api/commands/send`, as Traccar: a device connected here gets the command at once (200
 * with the command); any other is queued (202 with the QueuedCommand) and a `commandQueued`
 * change tells the instance it is connected to, if any, to hand it over now; a device that is
 * not connected gets it when it next connects (or, OsmAnd, in the reply to its next report).
 * `noQueue` turns queuing into an error. `textChannel` sends it by SMS to the device's phone
 * through the server's SMS gateway (`sms.ts`), the text its protocol takes by SMS. A group
 * sends to each of its devices the caller reaches and answers 202 with those queued, if any.
 */
export async function sendCommand(
  ctx: Ctx,
  body: SendBody,
  groupId?: number,
  live: LiveCommands | null = null,
): Promise<SendOutcome> {
  const command = await resolveCommand(ctx, body);
  const denial = sendDenial(ctx.actor, command.type, Boolean(body.id));
  if (denial) throw new SecurityException(denial);
  let deviceIds: number[];
  if (groupId) {
    deviceIds = await groupDevices(ctx, groupId);
  } else {
    if (!body.deviceId) throw new IllegalArgumentException('deviceId is required');
    await deviceProtocol(ctx.db, body.deviceId);
    await assertVisible(ctx.db, ctx.actor, 'device', body.deviceId);
    deviceIds = [body.deviceId];
  }
  if (command.textChannel) {
    for (const deviceId of deviceIds) {
      const row = await ctx.db.kysely
        .selectFrom('devices')
        .select('phone')
        .where('id', '=', deviceId)
        .executeTakeFirstOrThrow();
      const protocol = await protocolOf(ctx.db, deviceId, live);
      const own = await forDevice(ctx.db, deviceId, command);
      await sendCommandBySms(ctx.db, { phone: row.phone, protocol }, own, SILENT);
    }
    return { status: 200, body: asSent(command, groupId ? 0 : deviceIds[0]) };
  }
  const toQueue: { deviceId: number; command: CommandToSend }[] = [];
  for (const deviceId of deviceIds) {
    const own = await forDevice(ctx.db, deviceId, command);
    const sent = live?.send(deviceId, own) ?? 'absent';
    if (sent === 'sent') continue;
    if (sent === 'unsupported') {
      if (groupId) continue;
      throw new IllegalArgumentException('Command is not supported by the device protocol');
    }
    if (own.attributes.noQueue === true) {
      if (groupId) continue;
      throw new IllegalArgumentException('Failed to send command');
    }
    toQueue.push({ deviceId, command: own });
  }
  if (toQueue.length === 0) {
    return { status: 200, body: asSent(command, groupId ? 0 : deviceIds[0]) };
  }
  const queued = await inTransaction(ctx, async (db, changes) => {
    const result: QueuedCommand[] = [];
    for (const { deviceId, command } of toQueue) {
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
      changes.push({ kind: 'commandQueued', deviceId });
    }
    return result;
  });
  return { status: 202, body: groupId ? queued : queued[0] };
}

/**
 * `GET /api/commands/send?deviceId=`: saved commands the caller reaches that are linked to the
 * device (directly or through its group chain) and that its protocol supports.
 */
export async function commandsForDevice(
  ctx: Ctx,
  deviceId: number,
  live: LiveCommands | null = null,
): Promise<Wire[]> {
  const denial = commandMenuDenial(ctx.actor);
  if (denial) throw new SecurityException(denial);
  const protocol = await protocolOf(ctx.db, deviceId, live);
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
