import type { Db } from '../db/database';
import {
  channelConfigured,
  deliver,
  loadRecipients,
  type DeliveryChannel,
  type DeliveryContext,
} from './channels';

/** The delivery notificators (mail, telegram, sms, firebase) and the command one. */

export interface NotifyLog {
  warn(object: unknown, message?: string): void;
  error(object: unknown, message?: string): void;
}

/**
 * Sends the text to each user through the channel; an unconfigured channel logs one clear
 * warning instead of failing, and one user's failure never stops the others.
 */
export async function notifyThrough(
  db: Db,
  ctx: DeliveryContext,
  channel: DeliveryChannel,
  userIds: readonly number[],
  subject: string,
  text: string,
): Promise<void> {
  if (userIds.length === 0) return;
  if (!channelConfigured(channel, ctx.settings, ctx.mailer)) {
    ctx.log.warn({ channel, users: userIds.length }, `${channel} is not configured: not sent`);
    return;
  }
  for (const user of await loadRecipients(db, userIds)) {
    try {
      await deliver(ctx, channel, user, { subject, text });
    } catch (error) {
      ctx.log.warn(
        { channel, userId: user.id, reason: error instanceof Error ? error.message : error },
        'notification not delivered',
      );
    }
  }
}

/** Queues the notification's saved command for the device (sent with its next message). */
export async function notifyByCommand(
  db: Db,
  log: NotifyLog,
  commandId: number,
  deviceId: number,
  now: number,
): Promise<boolean> {
  if (commandId <= 0) return false;
  const command = await db.kysely
    .selectFrom('commands')
    .select(['type', 'textChannel', 'attributes'])
    .where('id', '=', commandId)
    .executeTakeFirst();
  if (!command) {
    log.warn({ commandId }, 'notification command not found');
    return false;
  }
  await db.kysely
    .insertInto('queuedCommands')
    .values({
      deviceId,
      type: command.type,
      textChannel: command.textChannel,
      created: now,
      attributes: command.attributes,
    })
    .execute();
  return true;
}
