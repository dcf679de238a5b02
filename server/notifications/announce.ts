import type { Ctx } from '../access/context';
import { IllegalArgumentException, SecurityException } from '../errors';
import { accessDenial, DENIED } from '../permissions/checkAccess';
import { manages } from '../permissions/objects';
import { isNotificator } from './catalog';
import {
  channelConfigured,
  deliver,
  isDeliveryChannel,
  loadRecipients,
  type DeliveryContext,
} from './channels';
import { ChannelNotConfigured } from './channels/types';

/** Traccar's NotificationMessage: `digest` (the short form) defaults to the body. */
export interface Announcement {
  subject: string;
  digest?: string | null;
  body: string;
  priority?: boolean;
}

export interface AnnounceDeps {
  delivery: DeliveryContext;
  /** Pushes a message to a user's open sessions (the web notificator). */
  sendWeb(userId: number, message: object): void;
}

/**
 * The users an announcement goes to: those asked for, each one the caller manages (anyone for an
 * administrator); none asked: every user the caller manages (everyone for an administrator).
 * Temporary (shared-link) users are skipped, as Traccar skips them.
 */
async function recipients(ctx: Ctx, userIds: readonly number[]): Promise<number[]> {
  const { db, actor } = ctx;
  const ids = [...new Set(userIds)];
  for (const id of ids) {
    if (!actor.admin && !(await manages(db, actor.user.id, id))) {
      throw new SecurityException('User access denied');
    }
  }
  if (ids.length > 0) {
    const found = await db.kysely.selectFrom('users').select('id').where('id', 'in', ids).execute();
    if (found.length < ids.length) throw new IllegalArgumentException('User not found');
  }
  let select = db.kysely
    .selectFrom('users')
    .select('id')
    .where('temporary', '=', db.dialect === 'sqlite' ? 0 : false);
  if (ids.length > 0) select = select.where('id', 'in', ids);
  else if (!actor.admin) {
    select = select.where((eb) =>
      eb(
        'id',
        'in',
        eb
          .selectFrom('userManagedUser')
          .select('managedUserId')
          .where('userId', '=', actor.user.id),
      ),
    );
  }
  const rows = await select.orderBy('id').execute();
  return rows.map((row) => row.id);
}

/**
 * `POST /api/notifications/send/{notificator}`: an announcement through one channel, by an
 * administrator or a manager. Checked before anything is sent: the caller, the channel (known,
 * able to carry an announcement, configured), the recipients. One user's failed delivery (no
 * phone, a gateway error) is logged and the others still get theirs. Returns how many were sent.
 */
export async function sendAnnouncement(
  ctx: Ctx,
  deps: AnnounceDeps,
  notificator: string,
  userIds: readonly number[],
  message: Announcement,
): Promise<number> {
  const { actor } = ctx;
  if (!actor.admin && actor.user.userLimit === 0) {
    throw new SecurityException('Manager access required');
  }
  // A manager announces to the users they manage: a read-only account sends nothing, and one
  // whose advanced permissions hide the users may not write to them either.
  if (!actor.admin && actor.restrictions.readonly) throw new SecurityException(DENIED.readonly);
  const denial = accessDenial(actor, 'users', 'read');
  if (denial) throw new SecurityException(denial);
  if (!isNotificator(notificator)) throw new IllegalArgumentException('Unknown notificator');
  if (notificator === 'command') {
    throw new IllegalArgumentException('Notificator command cannot send announcements');
  }
  if (message.subject.trim() === '' && message.body.trim() === '') {
    throw new IllegalArgumentException('Announcement is empty');
  }
  const { delivery } = deps;
  if (
    isDeliveryChannel(notificator) &&
    !channelConfigured(notificator, delivery.settings, delivery.mailer)
  ) {
    throw new ChannelNotConfigured(notificator === 'sms' ? 'SMS' : capitalize(notificator));
  }
  const users = await recipients(ctx, userIds);
  // "Sent" to nobody would read as done: a manager without users is told instead.
  if (users.length === 0) throw new IllegalArgumentException('Announcement has no recipients');
  const digest = message.digest ?? message.body;

  if (notificator === 'web') {
    // Like the web test message: an event of no device whose `message` the clients show.
    const event = {
      id: 0,
      type: 'announcement',
      eventTime: new Date().toISOString(),
      deviceId: 0,
      positionId: 0,
      geofenceId: 0,
      maintenanceId: 0,
      attributes: { message: digest, subject: message.subject, priority: !!message.priority },
    };
    for (const id of users) deps.sendWeb(id, { events: [event] });
    return users.length;
  }

  let sent = 0;
  // Mail carries the whole body; the short channels carry the digest, as in Traccar.
  const text = notificator === 'mail' ? message.body : digest;
  for (const user of await loadRecipients(ctx.db, users)) {
    try {
      await deliver(delivery, notificator, user, { subject: message.subject, text });
      sent += 1;
    } catch (error) {
      delivery.log.warn(
        {
          channel: notificator,
          userId: user.id,
          reason: error instanceof Error ? error.message : error,
        },
        'announcement not delivered',
      );
    }
  }
  return sent;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
