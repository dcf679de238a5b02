import type { AlarmKey } from '../../../model/alarm';

/**
 * The alarm flag word of a location report (32 bits) as Traccar reads it for a tracker of no
 * particular model: each bit that is set raises the alarm beside it. Several bits share an alarm
 * (the standard's antenna open and antenna short are both an antenna cut).
 */
export const ALARM_BITS: readonly (readonly [bit: number, alarm: AlarmKey])[] = [
  [0, 'sos'], // emergency button
  [1, 'overspeed'],
  [2, 'fatigueDriving'],
  [4, 'fault'], // GNSS module fault
  [5, 'gpsAntennaCut'], // antenna disconnected
  [6, 'gpsAntennaCut'], // antenna short-circuited
  [7, 'lowBattery'], // main power undervoltage
  [8, 'powerOff'], // main power lost
  [9, 'fault'], // display fault
  [10, 'fault'], // TTS module fault
  [11, 'fault'], // camera fault
  [15, 'vibration'],
  [16, 'tampering'],
  [17, 'tampering'],
  [18, 'lowBattery'],
  [19, 'parking'], // parked too long
  [20, 'geofence'], // entering or leaving an area
  [26, 'general'],
  [28, 'movement'], // illegal displacement
  [29, 'accident'], // collision
  [30, 'accident'], // rollover
];

/** The alarms the flag word raises, in bit order, each once. */
export function alarmsFromFlags(flags: number): AlarmKey[] {
  const alarms: AlarmKey[] = [];
  for (const [bit, alarm] of ALARM_BITS) {
    if ((flags >>> bit) & 1 && !alarms.includes(alarm)) alarms.push(alarm);
  }
  return alarms;
}

/** The flag word a device sets for one alarm (the first bit that stands for it), 0 if none. */
export function flagsFromAlarm(alarm: string | undefined): number {
  const entry = ALARM_BITS.find(([, key]) => key === alarm);
  return entry ? (1 << entry[0]) >>> 0 : 0;
}

/** Status word bits (a location report's second word) the decoder reads. */
export const STATUS = {
  /** ACC on. */
  ignition: 0,
  /** The fix is positioned. */
  valid: 1,
  south: 2,
  west: 3,
  /** Oil circuit cut (the relay an engine stop closes). */
  blocked: 10,
  /** Doors locked (what the standard's vehicle control sets). */
  doorLocked: 12,
  /** Charging, as Traccar reads this bit. */
  charge: 26,
} as const;

export const bit = (value: number, index: number): boolean => ((value >>> index) & 1) === 1;
