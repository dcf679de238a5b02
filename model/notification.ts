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
