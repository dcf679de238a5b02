import type { AlarmKey } from '../../../model/alarm';

/**
 * The second field of a Coban message says why it was sent: `tracker` for a periodic report, an
 * alarm word, a state change (`acc on`), or the device's answer to a command. These tables read
 * those words the way Traccar does, so a Traccar client sees the same alarms.
 */

/** Alarm words, as Traccar maps them to its alarm keys. */
const ALARM_WORDS = new Map<string, AlarmKey>([
  ['help me', 'sos'],
  ['low battery', 'lowBattery'],
  ['stockade', 'geofence'],
  ['move', 'movement'],
  ['speed', 'overspeed'],
  ['door alarm', 'door'],
  ['ac alarm', 'powerCut'],
  ['accident alarm', 'accident'],
  ['sensor alarm', 'vibration'],
  ['bonnet alarm', 'bonnet'],
  ['footbrake alarm', 'footBrake'],
  ['DTC', 'fault'],
]);

/** The alarm a keyword raises, or null. `T:+25` (temperature) and `oil…` carry a value too. */
export function keywordAlarm(keyword: string): AlarmKey | null {
  if (keyword.startsWith('T:')) return 'temperature';
  if (keyword.startsWith('oil')) return 'fuelLeak';
  return ALARM_WORDS.get(keyword) ?? null;
}

/**
 * Whether the keyword is the device answering a server command. Coban units answer a GPRS
 * command with its letter and `t` when done or `f` when refused (`jt` after `J`, `lf` when arming
 * is refused with the engine on); firmwares that echo their SMS replies send texts such as
 * `Stop engine Succeed` or `stop ok`.
 */
export function isCommandAnswer(keyword: string): boolean {
  return (
    /^[a-z][tf]$/.test(keyword) ||
    /\b(?:ok|succeed(?:ed)?|success(?:ful)?|fail(?:ed)?)!?$/i.test(keyword)
  );
}

/** The word a simulated device sends for an alarm key (the reverse of the table above). */
export function alarmKeyword(alarm: string): string | null {
  for (const [word, key] of ALARM_WORDS) if (key === alarm) return word;
  return alarm === 'fuelLeak' ? 'oil' : null;
}
