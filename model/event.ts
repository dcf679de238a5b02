/** `Event.TYPE_*`, also what `GET /api/notifications/types` lists. */
export const EVENT_TYPES = [
  'commandResult',
  'deviceOnline',
  'deviceUnknown',
  'deviceOffline',
  'deviceInactive',
  'queuedCommandSent',
  'deviceMoving',
  'deviceStopped',
  'deviceOverspeed',
  'deviceFuelDrop',
  'deviceFuelIncrease',
  'geofenceEnter',
  'geofenceExit',
  'geofenceCrossed',
  'proximityEnter',
  'proximityExit',
  'unaccompaniedMotion',
  'alarm',
  'ignitionOn',
  'ignitionOff',
  'maintenance',
  'driverChanged',
  'media',
] as const;

/**
 * Event types of the product's own features, never offered in `GET /api/notifications/types`
 * (a Traccar client would not know them): `scheduled` is raised when a scheduled notification's
 * calendar event starts.
 */
export const EXTENSION_EVENT_TYPES = ['scheduled'] as const;

export type EventType = (typeof EVENT_TYPES)[number] | (typeof EXTENSION_EVENT_TYPES)[number];

/** An event as the API sends it; `0` means "none" for the id references. */
export interface Event {
  id: number;
  type: EventType;
  eventTime: string;
  deviceId: number;
  positionId: number;
  geofenceId: number;
  maintenanceId: number;
  attributes: Record<string, unknown>;
}
