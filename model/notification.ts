/**
 * A notification rule (`/api/notifications`). `notificators` is comma-separated (`"web,mail"`);
 * `calendarId` and `commandId` are 0 for none.
 */
export interface Notification {
  id: number;
  type: string;
  description: string | null;
  always: boolean;
  notificators: string;
  calendarId: number;
  commandId: number;
  attributes: Record<string, unknown>;
}

/** The type of a notification that fires when its calendar's event starts (the events screen). */
export const SCHEDULED_NOTIFICATION = 'scheduled';

/**
 * Whether a notification belongs to the events screen (and its advanced-permission bits):
 * scheduled ones and those that send a saved command.
 */
export function isEventNotification(
  notification: Pick<Notification, 'type' | 'notificators'>,
): boolean {
  if (notification.type === SCHEDULED_NOTIFICATION) return true;
  return notification.notificators
    .split(/[,\s]+/)
    .map((name) => name.trim())
    .includes('command');
}
