import type { NewEvent } from '../processing/types';
import { kmhFromKnots } from '../processing/units';

/**
 * The short text a notification carries (`attributes.message` on the socket copy, the mail body),
 * like Traccar's `short` templates.
 */

export interface MessageContext {
  deviceName: string;
  geofenceName?: string | null;
}

const kmh = (knots: unknown): string =>
  typeof knots === 'number' ? `${Math.round(kmhFromKnots(knots))} km/h` : '?';

export function eventMessage(
  event: Pick<NewEvent, 'type' | 'attributes'>,
  { deviceName, geofenceName }: MessageContext,
): string {
  const geofence = geofenceName ?? 'a geofence';
  const a = event.attributes;
  switch (event.type) {
    case 'deviceOnline':
      return `${deviceName} is online`;
    case 'deviceOffline':
      return `${deviceName} is offline`;
    case 'deviceUnknown':
      return `${deviceName} status is unknown`;
    case 'deviceInactive':
      return `${deviceName} has been inactive`;
    case 'deviceMoving':
      return `${deviceName} is moving`;
    case 'deviceStopped':
      return `${deviceName} has stopped`;
    case 'deviceOverspeed':
      return `${deviceName} exceeds the speed: ${kmh(a.speed)} (limit ${kmh(a.speedLimit)})${
        geofenceName ? ` in ${geofenceName}` : ''
      }`;
    case 'geofenceEnter':
      return `${deviceName} has entered ${geofence}`;
    case 'geofenceExit':
      return `${deviceName} has exited ${geofence}`;
    case 'geofenceCrossed':
      return `${deviceName} has crossed ${geofence}`;
    case 'alarm':
      return `${deviceName} alarm: ${typeof a.alarm === 'string' ? a.alarm : 'general'}`;
    case 'ignitionOn':
      return `${deviceName} ignition on`;
    case 'ignitionOff':
      return `${deviceName} ignition off`;
    case 'driverChanged':
      return `${deviceName} driver changed to ${String(a.driverUniqueId ?? '?')}`;
    case 'deviceFuelDrop':
      return `${deviceName} fuel drop`;
    case 'deviceFuelIncrease':
      return `${deviceName} fuel increase`;
    case 'commandResult':
      return `${deviceName} command result: ${String(a.result ?? '')}`;
    case 'queuedCommandSent':
      return `${deviceName} queued command sent`;
    case 'maintenance':
      return `${deviceName} maintenance required`;
    default:
      return `${deviceName}: ${event.type}`;
  }
}
