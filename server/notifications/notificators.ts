import type { Db } from '../db/database';
import type { Mailer } from '../mail/mailer';

/** The mail and command notificators (web goes through the live socket). */

export interface NotifyLog {
  warn(object: unknown, message?: string): void;
  error(object: unknown, message?: string): void;
}

/** Mails the text to each user's address; without SMTP, logs that mail is not configured. */
export async function notifyByMail(
  db: Db,
  mailer: Mailer | null,
  log: NotifyLog,
  userIds: readonly number[],
  subject: string,
  text: string,
): Promise<void> {
  if (!mailer) {
    log.warn({ users: userIds.length }, 'mail not configured: notification not mailed');
    return;
  }
  if (userIds.length === 0) return;
  const users = await db.kysely
    .selectFrom('users')
    .select(['email'])
    .where('id', 'in', [...userIds])
    .execute();
  for (const { email } of users) {
    try {
      await mailer.send({ to: email, subject, text });
    } catch (error) {
      log.error({ err: error }, 'notification mail failed');
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
