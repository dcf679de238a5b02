/** `Position.ALARM_*`: the values allowed in the comma-separated `alarm` attribute. */
export const ALARM_KEYS = [
  'general',
  'sos',
  'vibration',
  'movement',
  'lowspeed',
  'overspeed',
  'fallDown',
  'lowPower',
  'lowBattery',
  'fault',
  'powerOff',
  'powerOn',
  'door',
  'lock',
  'unlock',
  'geofence',
  'geofenceEnter',
  'geofenceExit',
  'gpsAntennaCut',
  'accident',
  'tow',
  'idle',
  'highRpm',
  'hardAcceleration',
  'hardBraking',
  'hardCornering',
  'laneChange',
  'fatigueDriving',
  'powerCut',
  'powerRestored',
  'jamming',
  'temperature',
  'parking',
  'bonnet',
  'footBrake',
  'fuelLeak',
  'tampering',
  'removing',
] as const;

export type AlarmKey = (typeof ALARM_KEYS)[number];

export function isAlarmKey(value: string): value is AlarmKey {
  return (ALARM_KEYS as readonly string[]).includes(value);
}
