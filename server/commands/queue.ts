import { flag, type Db } from '../db/database';
import { parseAttributes } from '../db/json';

/**
 * The queue a connected device's commands wait in while it is away (`queued_commands`, Traccar's
 * `tc_commands_queue`): what a device is handed when it connects, or when a command is queued
 * for it while it is connected to another instance (docs/protocols.md).
 */

export interface TakenCommand {
  id: number;
  type: string;
  attributes: Record<string, unknown>;
}

/**
 * Removes and returns the data-channel commands waiting for the device, oldest first, in one
 * statement, so two instances can never both hand the same command over. SMS commands stay:
 * they are not sent over a connection.
 */
export async function takeQueuedCommands(db: Db, deviceId: number): Promise<TakenCommand[]> {
  const rows = await db.kysely
    .deleteFrom('queuedCommands')
    .where('deviceId', '=', deviceId)
    .where('textChannel', '=', flag(db, false))
    .returning(['id', 'type', 'attributes'])
    .execute();
  return rows
    .sort((a, b) => a.id - b.id)
    .map((row) => ({ id: row.id, type: row.type, attributes: parseAttributes(row.attributes) }));
}
