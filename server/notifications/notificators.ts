import type { Db } from '../db/database';
import { channelConfigured, deliver, type DeliveryChannel, type DeliveryContext } from './channels';
import type { ChannelMessage, Recipient } from './channels/types';

/** The delivery notificators (mail, telegram, sms, firebase) and the command one. */

export interface NotifyLog {
  warn(object: unknown, message?: string): void;
  error(object: unknown, message?: string): void;
}

/** One recipient's copy of a notification. */
export interface Addressed {
  user: Recipient;
  message: ChannelMessage;
}

/**
 * Sends each user their own message (in their language) through the channel; an unconfigured
 * channel logs one clear warning instead of failing, and one user's failure never stops the
 * others.
 */
export async function notifyThrough(
  ctx: DeliveryContext,
  channel: DeliveryChannel,
  copies: readonly Addressed[],
): Promise<void> {
  if (copies.length === 0) return;
  if (!channelConfigured(channel, ctx.settings, ctx.mailer)) {
    ctx.log.warn({ channel, users: copies.length }, `${channel} is not configured: not sent`);
    for (let i = 0; i < copies.length; i++) ctx.onFailed?.(channel);
    return;
  }
  for (const { user, message } of copies) {
    try {
      await deliver(ctx, channel, user, message);
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
