import type { AlarmKey } from '../../../model/alarm';

/**
 * Suntech's emergency and alert codes as Traccar's alarms, as Traccar reads them. Codes not listed
 * (trip start, idle, input changes and the many model-specific ones) raise no alarm.
 */

/** `EMG` reports: the emergency that made the device report. */
export const EMERGENCY_ALARMS: ReadonlyMap<number, AlarmKey> = new Map<number, AlarmKey>([
  [1, 'sos'],
  [2, 'parking'],
  [3, 'powerCut'],
  [5, 'door'],
  [6, 'door'],
  [7, 'movement'],
  [8, 'vibration'],
]);

/** `ALT` reports (legacy, universal text and binary alike). */
export const ALERT_ALARMS: ReadonlyMap<number, AlarmKey> = new Map<number, AlarmKey>([
  [1, 'overspeed'],
  [5, 'geofenceExit'],
  [6, 'geofenceEnter'],
  [14, 'lowBattery'],
  [15, 'vibration'],
  [16, 'accident'],
  [40, 'powerRestored'],
  [41, 'powerCut'],
  [42, 'sos'],
  [46, 'hardAcceleration'],
  [47, 'hardBraking'],
  [50, 'jamming'],
  [132, 'door'],
]);

/**
 * The alert a universal-format device raises when an iButton/RFID driver identifies; its alert
 * data is the driver's code.
 */
export const DRIVER_ALERT = 59;

/** The alert code that stands for `alarm`, for the simulated device (null when none does). */
export function alertCode(alarm: string): number | null {
  for (const [code, key] of ALERT_ALARMS) if (key === alarm) return code;
  return null;
}
