import { EVENT_TYPES } from '../../src/model';

/** Notification types (`GET /api/notifications/types`): Traccar's event types (contract §9). */
export const NOTIFICATION_TYPES = EVENT_TYPES;

/** Notificators this server implements (Traccar's default `notificator.types`). */
export const NOTIFICATORS = ['web', 'mail', 'command'] as const;
export type NotificatorName = (typeof NOTIFICATORS)[number];

/** The notificators usable now: mail only when SMTP is configured. */
export function enabledNotificators(mailConfigured: boolean): NotificatorName[] {
  return NOTIFICATORS.filter((name) => name !== 'mail' || mailConfigured);
}
