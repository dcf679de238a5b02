import type { Event } from '../../model/event';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The toast line for an event: the translated type, the translated alarm for alarms, the
 * geofence name for geofence events, else the server's digest (`attributes.message`).
 */
export const eventText = (
  event: Event,
  translate: Translate,
  geofenceName?: (id: number) => string | undefined,
): string => {
  const fallback = typeof event.attributes?.message === 'string' ? event.attributes.message : '';
  const type = translate(`events.${event.type}`, {
    _: fallback || translate('events.unknownType'),
  });
  if (event.type === 'alarm' && event.attributes?.alarm) {
    const alarm = String(event.attributes.alarm);
    return translate(`alarms.${alarm}`, { _: alarm });
  }
  const geofence = event.geofenceId ? geofenceName?.(event.geofenceId) : undefined;
  if (geofence) return translate('events.withGeofence', { event: type, geofence });
  if (event.type === 'commandResult' && event.attributes?.result) {
    return `${type}: ${String(event.attributes.result)}`;
  }
  return type;
};
