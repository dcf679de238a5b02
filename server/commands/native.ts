import type { ChangeFeed } from '../changes';
import { flag, type Db } from '../db/database';
import { getServerSettings } from '../db/servers';
import { toUser } from '../db/users';
import type { Ctx } from '../access/context';
import { makeActor } from '../access/actor';
import { commandsForDevice, sendCommand, type LiveCommands, type SendOutcome } from './send';

/**
 * Engine stop and resume sent by the server's own rules (the QR driver's lock, a geofence that
 * locks on entry or exit), as the rule's owner (`ruleOwners.ts`: their rights and the devices
 * they reach decide): through the device's saved command marked `tarkan.changeNative` when it has
 * one the owner reaches (a fleet whose trackers want a particular text), else the command type
 * itself. A connected tracker gets it at once; any other device when it next connects.
 */
export async function sendNativeCommand(
  owner: Ctx,
  live: LiveCommands | null,
  deviceId: number,
  type: 'engineStop' | 'engineResume',
): Promise<SendOutcome> {
  const saved = await commandsForDevice(owner, deviceId, live);
  const native = saved.find(
    (command) => (command.attributes as Record<string, unknown>)['tarkan.changeNative'] === type,
  );
  return sendCommand(
    owner,
    native ? { id: native.id as number, deviceId } : { deviceId, type },
    undefined,
    live,
  );
}

/**
 * The first administrator, for the server's own bookkeeping writes (a QR driver's automatic
 * check-out); never for sending commands, which go out as the rule's owner.
 */
export async function systemContext(db: Db, changes: ChangeFeed): Promise<Ctx> {
  const row = await db.kysely
    .selectFrom('users')
    .selectAll()
    .where('administrator', '=', flag(db, true))
    .orderBy('id')
    .executeTakeFirstOrThrow();
  // An administrator: the advanced-permission bits never apply, licence or not.
  const actor = makeActor(toUser(row), await getServerSettings(db), false);
  return { db, actor, changes };
}
