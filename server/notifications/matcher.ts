import type { NewEvent } from '../processing/types';

/**
 * Which notifications an event triggers and who receives each, as Traccar's NotificationManager
 * decides it; pure: the caller hands in the caches.
 */

/** `notificator.timeThreshold`: older events are stored but not notified. */
export const NOTIFY_TIME_THRESHOLD_MS = 15 * 60_000;

export interface MatchableNotification {
  id: number;
  type: string;
  always: boolean;
  notificators: readonly string[];
  calendarId: number;
  attributes: Record<string, unknown>;
}

/** The link lookups the matcher needs; `LinkIndex` provides them. */
export interface NotificationLinks {
  of(
    owner: 'device' | 'group' | 'user',
    property: 'notification',
    ownerId: number,
  ): ReadonlySet<number>;
  owners(owner: 'user', property: 'notification', notificationId: number): ReadonlySet<number>;
}

export interface MatchInput<N extends MatchableNotification = MatchableNotification> {
  event: Pick<NewEvent, 'type' | 'eventTime' | 'deviceId' | 'geofenceId' | 'attributes'>;
  now: number;
  /** The device's group and its parents, nearest first. */
  groupChain: readonly number[];
  /** Users who can see the device. */
  audience: readonly number[];
  notifications: ReadonlyMap<number, N>;
  links: NotificationLinks;
  /** Whether a calendar is active at a time; 0 means no calendar. */
  calendarActive(calendarId: number, time: number): boolean;
  timeThresholdMs?: number;
}

export interface Delivery<N extends MatchableNotification = MatchableNotification> {
  notification: N;
  userIds: number[];
}

/** Comma-separated text or an array, as ids or keys; empty when absent. */
function listAttribute(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter((v) => v !== '');
  if (typeof value === 'string' || typeof value === 'number') {
    return String(value)
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '');
  }
  return [];
}

/** Type, alarm keys (an alarm notification without `alarms` matches nothing) and geofences. */
function notificationAccepts(
  notification: MatchableNotification,
  event: MatchInput['event'],
): boolean {
  if (notification.type !== event.type) return false;
  // A scheduled event is raised for one notification (its calendar started), not for every
  // scheduled notification of the device.
  if (event.type === 'scheduled' && event.attributes.notificationId !== notification.id) {
    return false;
  }
  if (event.type === 'alarm') {
    const alarm = event.attributes.alarm;
    if (
      typeof alarm !== 'string' ||
      !listAttribute(notification.attributes.alarms).includes(alarm)
    ) {
      return false;
    }
  }
  const geofences = listAttribute(notification.attributes.geofenceIds);
  if (geofences.length > 0 && !geofences.includes(String(event.geofenceId))) return false;
  return true;
}

export function matchNotifications<N extends MatchableNotification>(
  input: MatchInput<N>,
): Delivery<N>[] {
  const { event, links } = input;
  if (input.now - event.eventTime > (input.timeThresholdMs ?? NOTIFY_TIME_THRESHOLD_MS)) return [];

  const candidates = new Set<number>(links.of('device', 'notification', event.deviceId));
  for (const groupId of input.groupChain) {
    for (const id of links.of('group', 'notification', groupId)) candidates.add(id);
  }
  for (const userId of input.audience) {
    for (const id of links.of('user', 'notification', userId)) {
      if (input.notifications.get(id)?.always) candidates.add(id);
    }
  }

  const audience = new Set(input.audience);
  const deliveries: Delivery<N>[] = [];
  for (const id of [...candidates].sort((a, b) => a - b)) {
    const notification = input.notifications.get(id);
    if (!notification || !notificationAccepts(notification, event)) continue;
    if (!input.calendarActive(notification.calendarId, event.eventTime)) continue;
    const userIds = [...links.owners('user', 'notification', id)]
      .filter((userId) => audience.has(userId))
      .sort((a, b) => a - b);
    if (userIds.length > 0) deliveries.push({ notification, userIds });
  }
  return deliveries;
}
