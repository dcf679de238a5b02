import type { Event } from '../../model';
import type { Db } from '../db/database';
import { getServerSettings, type ServerSettings } from '../db/servers';
import type { BatchSubscriber, CommittedBatch } from '../ingest/batchFeed';
import type { TrackingCache } from '../ingest/cache';
import type { Mailer } from '../mail/mailer';
import type { EventRecord, PositionRecord } from '../processing/types';
import { eventJson } from '../serialize';
import { isDeliveryChannel, loadRecipients, type DeliveryChannel } from './channels';
import type { Recipient } from './channels/types';
import { matchNotifications } from './matcher';
import { notifyByCommand, notifyThrough, type Addressed, type NotifyLog } from './notificators';
import { channelMessage, readerOf } from './readers';
import {
  composeNotification,
  type ComposedNotification,
  type EventFacts,
  type NotificationBrand,
} from './templates/compose';
import { usesPlaceholder } from './templates/render';
import { loadOverrides, templateFor, type TemplateOverrides } from './templates/store';

/**
 * Notifications, a subscriber of committed batches: each stored event goes to the users its
 * notifications name, each in their own language, units and time zone, from the event type's
 * template (edited by an administrator, else the default). `web` copies (with
 * `attributes.message`) go out through the `sendWeb` function the app wires to the live socket;
 * `mail`, `telegram`, `sms`, `firebase` and `command` run in the background so no batch waits
 * for a gateway.
 */

/** Who sees each device (the live audience cache in the app). */
export interface DeviceAudiences {
  getMany(deviceIds: Iterable<number>): Promise<ReadonlyMap<number, readonly number[]>>;
}

/** Sends one user the web copies of a batch's events (`{events:[…]}` on the live socket). */
export type WebSend = (userId: number, events: Event[]) => void;

/** The brand of each recipient's messages (`RecipientBrands` in the app). */
export interface BrandSource {
  forUser(userId: number): Promise<NotificationBrand>;
  main(): Promise<NotificationBrand>;
}

export interface DispatcherDeps {
  db: Db;
  cache: TrackingCache;
  audiences: DeviceAudiences;
  sendWeb: WebSend;
  mailer: () => Mailer | null;
  brands: BrandSource;
  log: NotifyLog;
  now?: () => number;
  /** Called after each message a channel delivered (usage statistics). */
  onSent?: (channel: DeliveryChannel) => void;
  /** Called for each message a channel did not deliver, not configured or failing (monitoring). */
  onFailed?: (channel: DeliveryChannel) => void;
  /** A notification queued a command for a device: a connected tracker gets it at once. */
  onCommandQueued?: (deviceId: number) => void;
}

/** Who gets an event through which notificator. */
interface EventPlan {
  event: EventRecord;
  web: Set<number>;
  channels: Map<DeliveryChannel, Set<number>>;
}

/** What rendering a batch's notifications reads once: settings, templates, recipients. */
interface RenderContext {
  settings: ServerSettings;
  overrides: TemplateOverrides;
  recipients: ReadonlyMap<number, Recipient>;
  brands: Map<number, Promise<NotificationBrand>>;
}

export class NotificationDispatcher implements BatchSubscriber {
  private chain: Promise<void> = Promise.resolve();
  private readonly now: () => number;

  constructor(private readonly deps: DispatcherDeps) {
    this.now = deps.now ?? Date.now;
  }

  committed({ events, positions }: CommittedBatch): void {
    if (events.length === 0) return;
    // Chained so web copies keep commit order even when an audience has to be read first.
    this.chain = this.chain
      .then(() => this.notify(events, positions))
      .catch((error: unknown) =>
        this.deps.log.error({ err: error }, 'notification delivery failed'),
      );
  }

  /** Settles once the events committed so far have been matched and their web copies sent. */
  async idle(): Promise<void> {
    await this.chain;
  }

  private async notify(
    events: readonly EventRecord[],
    positions: readonly PositionRecord[],
  ): Promise<void> {
    const audiences = await this.deps.audiences.getMany(events.map((e) => e.deviceId));
    const plans = this.plan(events, audiences);
    if (plans.length === 0) return;
    const userIds = new Set<number>();
    for (const plan of plans) {
      for (const id of plan.web) userIds.add(id);
      for (const ids of plan.channels.values()) for (const id of ids) userIds.add(id);
    }
    const [settings, overrides, recipients] = await Promise.all([
      getServerSettings(this.deps.db),
      loadOverrides(this.deps.db),
      loadRecipients(this.deps.db, [...userIds]),
    ]);
    const context: RenderContext = {
      settings,
      overrides,
      recipients: new Map(recipients.map((user) => [user.id, user])),
      brands: new Map(),
    };
    const web = new Map<number, Event[]>();
    for (const plan of plans) {
      const facts = await this.facts(plan.event, positions);
      const copies = new Map<string, Event>();
      for (const userId of plan.web) {
        const user = context.recipients.get(userId);
        if (!user) continue;
        const { subject: message } = await this.compose(context, plan.event, facts, user, false);
        // Users who read the same text share one copy.
        let copy = copies.get(message);
        if (!copy) {
          const json = eventJson(plan.event);
          copy = { ...json, attributes: { ...json.attributes, message } };
          copies.set(message, copy);
        }
        const list = web.get(userId) ?? [];
        list.push(copy);
        web.set(userId, list);
      }
      for (const [channel, ids] of plan.channels) {
        const addressed: Addressed[] = [];
        for (const userId of ids) {
          const user = context.recipients.get(userId);
          if (!user) continue;
          const composed = await this.compose(context, plan.event, facts, user, channel === 'mail');
          addressed.push({ user, message: channelMessage(channel, composed) });
        }
        void this.deliver(settings, channel, addressed).catch((error: unknown) =>
          this.deps.log.error({ err: error, channel }, 'notification failed'),
        );
      }
    }
    for (const [userId, list] of web) this.deps.sendWeb(userId, list);
  }

  /**
   * One event for one user. The user's own brand (a reseller's) is looked up only where it shows:
   * in a mail, or a template naming the brand or linking to the app.
   */
  private async compose(
    context: RenderContext,
    event: EventRecord,
    facts: EventFacts,
    user: Recipient,
    mail: boolean,
  ): Promise<ComposedNotification> {
    const reader = readerOf(user.attributes, context.settings);
    const template = templateFor(context.overrides, event.type, reader.language);
    const ownBrand =
      mail || usesPlaceholder(template, 'brand') || usesPlaceholder(template, 'link');
    let brand = ownBrand ? context.brands.get(user.id) : undefined;
    if (ownBrand && !brand) {
      brand = this.deps.brands.forUser(user.id);
      context.brands.set(user.id, brand);
    }
    return composeNotification(template, facts, reader, await (brand ?? this.deps.brands.main()));
  }

  /** The names and position of an event, from the caches, the batch, else the database. */
  private async facts(
    event: EventRecord,
    positions: readonly PositionRecord[],
  ): Promise<EventFacts> {
    const { cache, db } = this.deps;
    const entry = cache.devices.get(event.deviceId);
    const geofenceName = event.geofenceId
      ? (cache.geofences.get(event.geofenceId)?.name ?? null)
      : null;
    let maintenanceName: string | null = null;
    if (event.maintenanceId) {
      const row = await db.kysely
        .selectFrom('maintenances')
        .select('name')
        .where('id', '=', event.maintenanceId)
        .executeTakeFirst();
      maintenanceName = row?.name ?? null;
    }
    let position: EventFacts['position'] = null;
    if (event.positionId) {
      const last = entry?.last;
      const held =
        positions.find((p) => p.id === event.positionId) ??
        (last && last.id === event.positionId ? last : undefined);
      if (held) {
        position = {
          latitude: held.latitude,
          longitude: held.longitude,
          speed: held.speed,
          address: held.address,
        };
      } else {
        const row = await db.kysely
          .selectFrom('positions')
          .select(['latitude', 'longitude', 'speed', 'address'])
          .where('id', '=', event.positionId)
          .executeTakeFirst();
        if (row) position = { ...row, address: row.address ?? null };
      }
    }
    return {
      type: event.type,
      eventTime: event.eventTime,
      deviceId: event.deviceId,
      attributes: event.attributes,
      deviceName: entry?.device.name ?? `#${event.deviceId}`,
      geofenceName,
      maintenanceName,
      position,
    };
  }

  /** Mail, Telegram, SMS or Firebase copies, with the server's current channel settings. */
  private async deliver(
    settings: ServerSettings,
    channel: DeliveryChannel,
    copies: readonly Addressed[],
  ): Promise<void> {
    const ctx = {
      settings: settings.attributes,
      fetch,
      log: this.deps.log,
      mailer: this.deps.mailer(),
      onSent: this.deps.onSent,
      onFailed: this.deps.onFailed,
    };
    await notifyThrough(ctx, channel, copies);
  }

  /** Who gets each event through which notificator; saved commands are queued here. */
  private plan(
    events: readonly EventRecord[],
    audiences: ReadonlyMap<number, readonly number[]>,
  ): EventPlan[] {
    const plans: EventPlan[] = [];
    const now = this.now();
    const { cache } = this.deps;
    for (const event of events) {
      const entry = cache.devices.get(event.deviceId);
      if (!entry) continue;
      const deliveries = matchNotifications({
        event,
        now,
        groupChain: cache.groupChain(entry.device.groupId),
        audience: audiences.get(event.deviceId) ?? [],
        notifications: cache.notifications,
        links: cache.links,
        calendarActive: (id, time) => cache.calendarActive(id, time),
      });
      const plan: EventPlan = { event, web: new Set(), channels: new Map() };
      for (const { notification, userIds } of deliveries) {
        for (const notificator of new Set(notification.notificators)) {
          if (notificator === 'web') {
            // One copy per event per user, however many notifications matched it.
            for (const userId of userIds) plan.web.add(userId);
          } else if (isDeliveryChannel(notificator)) {
            const ids = plan.channels.get(notificator) ?? new Set<number>();
            for (const userId of userIds) ids.add(userId);
            plan.channels.set(notificator, ids);
          } else if (notificator === 'command') {
            this.queueCommand(notification.commandId, event.deviceId, now);
          }
        }
      }
      if (plan.web.size > 0 || plan.channels.size > 0) plans.push(plan);
    }
    return plans;
  }

  private queueCommand(commandId: number, deviceId: number, now: number): void {
    const { db, log, onCommandQueued } = this.deps;
    void notifyByCommand(db, log, commandId, deviceId, now).then(
      (queued) => {
        if (queued) onCommandQueued?.(deviceId);
      },
      (error: unknown) => log.error({ err: error }, 'notification command failed'),
    );
  }
}
