import type { AlarmKey } from '../../../model/alarm';

/**
 * The GT06 family's alarm codes (the "alert" byte of the alarm and status packets, with the
 * language byte's high nibble as a ninth bit on the packets that extend it), as Traccar names
 * them for the common models. Codes the documents define without an equivalent key (ACC on/off,
 * GPS blind spot, SIM changed…) are left out.
 */
export const ALARM_CODES: ReadonlyMap<number, AlarmKey> = new Map<number, AlarmKey>([
  [0x01, 'sos'],
  [0x02, 'powerCut'],
  [0x03, 'vibration'],
  [0x04, 'geofenceEnter'],
  [0x05, 'geofenceExit'],
  [0x06, 'overspeed'],
  // "Tow/theft" in the documents; Traccar reports it as vibration for the common models.
  [0x09, 'vibration'],
  [0x0c, 'tampering'],
  [0x0e, 'lowBattery'],
  [0x0f, 'lowBattery'],
  [0x11, 'powerOff'],
  [0x13, 'tampering'],
  [0x14, 'door'],
  [0x18, 'removing'],
  [0x19, 'lowBattery'],
  [0x1a, 'hardBraking'],
  [0x1b, 'hardCornering'],
  [0x23, 'fallDown'],
  [0x25, 'tampering'],
  [0x26, 'hardAcceleration'],
  [0x27, 'hardBraking'],
  [0x28, 'hardBraking'],
  [0x29, 'hardAcceleration'],
  [0x2a, 'hardCornering'],
  [0x2b, 'hardCornering'],
  [0x2c, 'accident'],
  [0x2e, 'hardCornering'],
  [0x30, 'jamming'],
  [0x32, 'tampering'],
  [0x33, 'lock'],
  [0x34, 'unlock'],
  [0x53, 'fuelLeak'],
  [0x5b, 'temperature'],
  [0x5c, 'temperature'],
  [0xc9, 'idle'],
  [0xf0, 'hardAcceleration'],
  [0xf1, 'hardBraking'],
  [0xf2, 'accident'],
  [0x0107, 'jamming'],
  [0x010b, 'jamming'],
]);

/**
 * Bits 3–5 of the terminal information byte: the alarm the terminal is in (the documents list
 * 1 vibration, 2 power cut, 3 low battery, 4 SOS; 6 and 7 come from later models).
 */
export const STATUS_ALARMS: ReadonlyMap<number, AlarmKey> = new Map<number, AlarmKey>([
  [1, 'vibration'],
  [2, 'powerCut'],
  [3, 'lowBattery'],
  [4, 'sos'],
  [6, 'geofence'],
  [7, 'removing'],
]);

/** The code a simulated device sends for an alarm key: the first code that decodes to it. */
export function alarmCode(alarm: string): number | null {
  for (const [code, key] of ALARM_CODES) {
    if (key === alarm && code <= 0xff) return code;
  }
  return null;
}
