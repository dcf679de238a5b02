import { EVENT_TYPES } from '../../model';

/** Notification types (`GET /api/notifications/types`): Traccar's event types. */
export const NOTIFICATION_TYPES = EVENT_TYPES;

/** Every notificator this server implements; the delivery ones need server settings. */
const NOTIFICATORS = ['web', 'mail', 'command', 'telegram', 'sms', 'firebase'] as const;
export type NotificatorName = (typeof NOTIFICATORS)[number];

export const isNotificator = (name: string): name is NotificatorName =>
  (NOTIFICATORS as readonly string[]).includes(name);

/** Each notificator with whether it can deliver now (`configured(name)` for the others). */
export function notificatorStatus(
  configured: (name: Exclude<NotificatorName, 'web' | 'command'>) => boolean,
): { type: NotificatorName; configured: boolean }[] {
  return NOTIFICATORS.map((type) => ({
    type,
    configured: type === 'web' || type === 'command' ? true : configured(type),
  }));
}

/** The notificators usable now: mail only with a mailer, the others with their settings. */
export function enabledNotificators(
  mailConfigured: boolean,
  configured: (name: 'telegram' | 'sms' | 'firebase') => boolean = () => false,
): NotificatorName[] {
  return notificatorStatus((name) => (name === 'mail' ? mailConfigured : configured(name)))
    .filter((entry) => entry.configured)
    .map((entry) => entry.type);
}
