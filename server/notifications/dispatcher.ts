import type { Event } from '../../model';
import type { Db } from '../db/database';
import type { TrackingCache } from '../ingest/cache';
import type { Mailer } from '../mail/mailer';
import { eventJson } from '../serialize';
import type { EventRecord } from '../processing/types';
import { matchNotifications } from './matcher';
import { eventMessage } from './message';
import { getServerSettings } from '../db/servers';
import { isDeliveryChannel, type DeliveryChannel } from './channels';
import { notifyByCommand, notifyThrough, type NotifyLog } from './notificators';

/**
 * Sends stored events to the users their notifications name: `web` copies (with
 * `attributes.message`) are returned for the live socket; `mail`, `telegram`, `sms`, `firebase`
 * and `command` run in the background so the ingest path never waits for a gateway.
 */
export class NotificationDispatcher {
  constructor(
    private readonly db: Db,
    private readonly cache: TrackingCache,
    private readonly mailer: () => Mailer | null,
    private readonly log: NotifyLog,
    private readonly now: () => number = Date.now,
  ) {}

  /** The socket copy of an event: its wire form plus a short message. */
  webEvent(event: EventRecord): Event {
    const json = eventJson(event);
    return { ...json, attributes: { ...json.attributes, message: this.message(event) } };
  }

  message(event: EventRecord): string {
    const deviceName = this.cache.devices.get(event.deviceId)?.device.name ?? `#${event.deviceId}`;
    const geofenceName = event.geofenceId
      ? (this.cache.geofences.get(event.geofenceId)?.name ?? null)
      : null;
    return eventMessage(event, { deviceName, geofenceName });
  }

  /** Mail, Telegram, SMS or Firebase copies, with the server's current channel settings. */
  private async deliver(
    channel: DeliveryChannel,
    userIds: readonly number[],
    text: string,
  ): Promise<void> {
    const { attributes } = await getServerSettings(this.db);
    const ctx = { settings: attributes, fetch, log: this.log, mailer: this.mailer() };
    await notifyThrough(this.db, ctx, channel, userIds, text, text);
  }

  /** Returns, per user, the web events to push; mail and commands are started here. */
  dispatch(
    events: readonly EventRecord[],
    audiences: ReadonlyMap<number, readonly number[]>,
  ): Map<number, Event[]> {
    const web = new Map<number, Event[]>();
    const now = this.now();
    for (const event of events) {
      const entry = this.cache.devices.get(event.deviceId);
      if (!entry) continue;
      const deliveries = matchNotifications({
        event,
        now,
        groupChain: this.cache.groupChain(entry.device.groupId),
        audience: audiences.get(event.deviceId) ?? [],
        notifications: this.cache.notifications,
        links: this.cache.links,
        calendarActive: (id, time) => this.cache.calendarActive(id, time),
      });
      let webCopy: Event | null = null;
      for (const { notification, userIds } of deliveries) {
        for (const notificator of new Set(notification.notificators)) {
          if (notificator === 'web') {
            webCopy ??= this.webEvent(event);
            for (const userId of userIds) {
              const list = web.get(userId) ?? [];
              // One copy per event per user, however many notifications matched it.
              if (!list.includes(webCopy)) list.push(webCopy);
              web.set(userId, list);
            }
          } else if (isDeliveryChannel(notificator)) {
            const text = this.message(event);
            void this.deliver(notificator, userIds, text).catch((error: unknown) =>
              this.log.error({ err: error, channel: notificator }, 'notification failed'),
            );
          } else if (notificator === 'command') {
            void notifyByCommand(
              this.db,
              this.log,
              notification.commandId,
              event.deviceId,
              now,
            ).catch((error: unknown) =>
              this.log.error({ err: error }, 'notification command failed'),
            );
          }
        }
      }
    }
    return web;
  }
}
