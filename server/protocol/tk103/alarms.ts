import type { AlarmKey } from '../../../model/alarm';

/**
 * Alarm codes of the TK103 family. `BO01` carries one digit (the protocol document's list:
 * 0 power off, 1 accident, 2 SOS, 3 anti-theft, 4 low speed, 5 overspeed, 6 out of geofence,
 * 7 movement); `BQ81,ALARM,<n>` another list; the comma-separated units (T580W and kin) name the
 * event in the message type itself (`ZC11`, `DW31`, `DW51` are the same event from the three
 * report kinds).
 */

/** `BO01` alarm digits. 1–6 as Traccar maps them; 0 and 7 from the protocol document. */
export const BO01_ALARMS: ReadonlyMap<string, AlarmKey> = new Map<string, AlarmKey>([
  ['0', 'powerCut'],
  ['1', 'accident'],
  ['2', 'sos'],
  ['3', 'vibration'],
  ['4', 'lowspeed'],
  ['5', 'overspeed'],
  ['6', 'geofenceExit'],
  ['7', 'movement'],
]);

/** `BQ81,ALARM,<n>` digits, as Traccar maps them. */
export const BQ81_ALARMS: ReadonlyMap<string, AlarmKey> = new Map<string, AlarmKey>([
  ['0', 'lowBattery'],
  ['1', 'overspeed'],
  ['2', 'idle'],
  ['3', 'hardAcceleration'],
  ['4', 'hardBraking'],
  ['5', 'temperature'],
]);

/** What a comma-form message type means: an alarm, or an ignition change. */
export type TypeEvent = { alarm: AlarmKey } | { ignition: boolean };

const EVENTS: [readonly string[], TypeEvent][] = [
  [['ZC11', 'DW31', 'DW51'], { alarm: 'movement' }],
  [['ZC12', 'DW32', 'DW52'], { alarm: 'lowBattery' }],
  [['ZC13', 'DW33', 'DW53'], { alarm: 'powerCut' }],
  [['ZC15', 'DW35', 'DW55'], { ignition: true }],
  [['ZC16', 'DW36', 'DW56'], { ignition: false }],
  [['ZC29', 'DW42', 'DW62'], { ignition: true }],
  [['ZC17', 'DW37', 'DW57'], { alarm: 'removing' }],
  [['ZC25', 'DW3E', 'DW5E'], { alarm: 'sos' }],
  [['ZC26', 'DW3F', 'DW5F'], { alarm: 'tampering' }],
  [['ZC27', 'DW40', 'DW60'], { alarm: 'lowPower' }],
];

export const TYPE_EVENTS: ReadonlyMap<string, TypeEvent> = new Map(
  EVENTS.flatMap(([types, event]) => types.map((type): [string, TypeEvent] => [type, event])),
);

/** The `BO01` digit a simulated device sends for an alarm key, or null (sent as a report). */
export function bo01Digit(alarm: string): string | null {
  for (const [digit, key] of BO01_ALARMS) if (key === alarm) return digit;
  return null;
}
