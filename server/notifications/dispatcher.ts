import type { Event } from '../../model';
import type { Db } from '../db/database';
import { getServerSettings } from '../db/servers';
import type { BatchSubscriber, CommittedBatch } from '../ingest/batchFeed';
import type { TrackingCache } from '../ingest/cache';
import type { Mailer } from '../mail/mailer';
import type { EventRecord } from '../processing/types';
import { eventJson } from '../serialize';
import { isDeliveryChannel, type DeliveryChannel } from './channels';
import { matchNotifications } from './matcher';
import { eventMessage } from './message';
import { notifyByCommand, notifyThrough, type NotifyLog } from './notificators';

/**
 * Notifications, a subscriber of committed batches: each stored event goes to the users its
 * notifications name. `web` copies (with `attributes.message`) go out through the `sendWeb`
 * function the app wires to the live socket; `mail`, `telegram`, `sms`, `firebase` and `command`
 * run in the background so no batch waits for a gateway.
 */

/** Who sees each device (the live audience cache in the app). */
export interface DeviceAudiences {
  getMany(deviceIds: Iterable<number>): Promise<ReadonlyMap<number, readonly number[]>>;
}

/** Sends one user the web copies of a batch's events (`{events:[…]}` on the live socket). */
export type WebSend = (userId: number, events: Event[]) => void;

export class NotificationDispatcher implements BatchSubscriber {
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly cache: TrackingCache,
    private readonly audiences: DeviceAudiences,
    private readonly sendWeb: WebSend,
    private readonly mailer: () => Mailer | null,
    private readonly log: NotifyLog,
    private readonly now: () => number = Date.now,
    private readonly onSent?: (channel: DeliveryChannel) => void,
    /** A notification queued a command for a device: a connected tracker gets it at once. */
    private readonly onCommandQueued?: (deviceId: number) => void,
  ) {}

  committed({ events }: CommittedBatch): void {
    if (events.length === 0) return;
    // Chained so web copies keep commit order even when an audience has to be read first.
    this.chain = this.chain
      .then(() => this.notify(events))
      .catch((error: unknown) => this.log.error({ err: error }, 'notification delivery failed'));
  }

  /** Settles once the events committed so far have been matched and their web copies sent. */
  async idle(): Promise<void> {
    await this.chain;
  }

  /** The socket copy of an event: its wire form plus a short message. */
  private webEvent(event: EventRecord): Event {
    const json = eventJson(event);
    return { ...json, attributes: { ...json.attributes, message: this.message(event) } };
  }

  private message(event: EventRecord): string {
    const deviceName = this.cache.devices.get(event.deviceId)?.device.name ?? `#${event.deviceId}`;
    const geofenceName = event.geofenceId
      ? (this.cache.geofences.get(event.geofenceId)?.name ?? null)
      : null;
    return eventMessage(event, { deviceName, geofenceName });
  }

  private async notify(events: readonly EventRecord[]): Promise<void> {
    const audiences = await this.audiences.getMany(events.map((e) => e.deviceId));
    for (const [userId, list] of this.dispatch(events, audiences)) this.sendWeb(userId, list);
  }

  /** Mail, Telegram, SMS or Firebase copies, with the server's current channel settings. */
  private async deliver(
    channel: DeliveryChannel,
    userIds: readonly number[],
    text: string,
  ): Promise<void> {
    const { attributes } = await getServerSettings(this.db);
    const ctx = {
      settings: attributes,
      fetch,
      log: this.log,
      mailer: this.mailer(),
      onSent: this.onSent,
    };
    await notifyThrough(this.db, ctx, channel, userIds, text, text);
  }

  /** Returns, per user, the web events to push; the other channels are started here. */
  private dispatch(
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
            ).then(
              (queued) => {
                if (queued) this.onCommandQueued?.(event.deviceId);
              },
              (error: unknown) => this.log.error({ err: error }, 'notification command failed'),
            );
          }
        }
      }
    }
    return web;
  }
}
