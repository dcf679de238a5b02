import type { ChangeFeed } from '../changes';
import { flag, type Db } from '../db/database';
import { getServerSettings } from '../db/servers';
import { toUser } from '../db/users';
import type { Ctx } from '../entities/context';
import { makeActor } from '../permissions/actor';
import { commandsForDevice, sendCommand, type LiveCommands, type SendOutcome } from './send';

/**
 * Engine stop and resume sent by the server's own rules (the QR driver's lock, a geofence that
 * locks on entry or exit), as the first administrator, the service account: through the device's
 * saved command marked `tarkan.changeNative` when it has one (a fleet whose trackers want a
 * particular text), else the command type itself. A connected tracker gets it at once; any
 * other device when it next connects.
 */
export async function sendNativeCommand(
  db: Db,
  changes: ChangeFeed,
  live: LiveCommands | null,
  deviceId: number,
  type: 'engineStop' | 'engineResume',
): Promise<SendOutcome> {
  const ctx = await systemContext(db, changes);
  const saved = await commandsForDevice(ctx, deviceId, live);
  const native = saved.find(
    (command) => (command.attributes as Record<string, unknown>)['tarkan.changeNative'] === type,
  );
  return sendCommand(
    ctx,
    native ? { id: native.id as number, deviceId } : { deviceId, type },
    undefined,
    live,
  );
}

/** The first administrator, acting for the server's rules. */
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
