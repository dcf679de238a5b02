import { isDeletedUniqueId } from '../../model/device';
import type { Db } from '../db/database';
import type { TrackingCache } from '../ingest/cache';
import { storeEvents } from '../ingest/store';
import type { EventRecord, NewEvent } from '../processing/types';
import type { DeviceAudiences } from './dispatcher';

/**
 * Scheduled notifications (type `scheduled`, the events screen): when an event of the
 * notification's calendar starts, a `scheduled` event is stored for each device the notification
 * applies to and published like any other committed event, so the usual notification pipeline
 * delivers it (web toast, mail, the saved command, …). Each occurrence is claimed in
 * `notification_fires` inside the same transaction as its events: one server instance fires it,
 * once, whatever restarts or other instances do.
 */

/** How far back a tick looks for a start: a little more than the one-minute tick. */
export const SCHEDULE_WINDOW_MS = 2 * 60_000;

export interface ScheduleLog {
  error(object: unknown, message?: string): void;
}

export class ScheduledNotifications {
  private running: Promise<number> | null = null;

  constructor(
    private readonly db: Db,
    private readonly cache: TrackingCache,
    private readonly audiences: DeviceAudiences,
    private readonly publish: (events: EventRecord[]) => void,
    private readonly log: ScheduleLog,
    private readonly now: () => number = Date.now,
  ) {}

  /** One pass; returns how many events were raised. Overlapping calls share the pass. */
  tick(): Promise<number> {
    this.running ??= this.pass().finally(() => (this.running = null));
    return this.running;
  }

  private async pass(): Promise<number> {
    const now = this.now();
    let raised = 0;
    for (const notification of this.cache.notifications.values()) {
      if (notification.type !== 'scheduled' || notification.calendarId === 0) continue;
      const calendar = this.cache.calendars.get(notification.calendarId);
      const start = calendar?.latestStart(now - SCHEDULE_WINDOW_MS, now) ?? null;
      if (start === null) continue;
      try {
        raised += await this.fire(notification.id, notification.always, start, now);
      } catch (error) {
        this.log.error(
          { err: error, notificationId: notification.id },
          'scheduled notification failed',
        );
      }
    }
    return raised;
  }

  /** The devices a notification applies to: linked directly, through a group, or all (always). */
  private async devices(id: number, always: boolean, now: number): Promise<number[]> {
    const { cache } = this;
    const owners = cache.links.owners('user', 'notification', id);
    const usable = [...cache.devices.values()].filter(
      (entry) => cache.isUsable(entry, now) && !isDeletedUniqueId(entry.device.uniqueId),
    );
    const audiences = always
      ? await this.audiences.getMany(usable.map((entry) => entry.device.id))
      : new Map<number, readonly number[]>();
    return usable
      .filter(({ device }) => {
        if (cache.links.of('device', 'notification', device.id).has(id)) return true;
        const groups = cache.groupChain(device.groupId);
        if (groups.some((groupId) => cache.links.of('group', 'notification', groupId).has(id))) {
          return true;
        }
        return always && (audiences.get(device.id) ?? []).some((userId) => owners.has(userId));
      })
      .map(({ device }) => device.id)
      .sort((a, b) => a - b);
  }

  private async fire(id: number, always: boolean, start: number, now: number): Promise<number> {
    const deviceIds = await this.devices(id, always, now);
    const events: NewEvent[] = deviceIds.map((deviceId) => ({
      type: 'scheduled',
      deviceId,
      eventTime: start,
      positionId: this.cache.devices.get(deviceId)?.device.positionId ?? 0,
      geofenceId: 0,
      maintenanceId: 0,
      attributes: { notificationId: id },
    }));
    const stored = await this.db.kysely.transaction().execute(async (trx) => {
      const result = await trx
        .insertInto('notificationFires')
        .values({ notificationId: id, occurrence: start, fired: now })
        .onConflict((conflict) => conflict.columns(['notificationId', 'occurrence']).doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 0) return null;
      return storeEvents(trx, events);
    });
    if (!stored || stored.length === 0) return 0;
    this.publish(stored);
    return stored.length;
  }
}
