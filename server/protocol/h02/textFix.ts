import { textTime } from './clock';
import { parseStatus } from './status';

/**
 * The fix part shared by the V-type text messages (V1, V2, V5, V6, V19, VI1, the V4 answers…):
 *
 *   hhmmss,S,latitude,N|S,longitude,E|W,speed,course,[battery,]ddmmyy[,sim info],status[,extra…]
 *
 * Clones differ in small ways, all seen on real devices: the validity letter may be a coding
 * scheme number, coordinates come in three spellings, the date and time may be empty, a battery
 * field may sit before the date, three SIM fields (V19) before the status, and anything after it.
 */
export interface TextFix {
  /** Epoch ms of the fix; null when the message has no date (the arrival time stands in). */
  time: number | null;
  valid: boolean;
  latitude: number;
  longitude: number;
  /** Knots, as the protocol document defines the field. */
  speed: number;
  course: number;
  status: number | null;
  /** The fields after the status. */
  extra: string[];
}

const TIME = /^(?:\d{6})?$/;
const NUMBER = /^\d+(?:\.\d*)?$/;

/**
 * A coordinate in one of the spellings devices use: NMEA `ddmm.mmmm` (the degrees may be absent,
 * `38.6508` is 0°38.6508'), `-dd-mm.mmmm`, or digits without a point (`37573392`: 37°57.3392').
 * Null when the field is none of them or the hemisphere letter is not one of `letters`.
 */
export function textCoordinate(
  value: string | undefined,
  hemisphere: string | undefined,
  letters: 'NS' | 'EW',
): number | null {
  if (value === undefined || hemisphere === undefined) return null;
  if (hemisphere.length !== 1 || !letters.includes(hemisphere)) return null;
  let degrees: number;
  let minutes: number;
  let match: RegExpExecArray | null;
  if ((match = /^-(\d+)-(\d+\.\d+)$/.exec(value))) {
    degrees = Number(match[1]);
    minutes = Number(match[2]);
  } else if ((match = /^(\d*)(\d\d\.\d+)$/.exec(value))) {
    degrees = match[1] === '' ? 0 : Number(match[1]);
    minutes = Number(match[2]);
  } else if ((match = /^(\d+)(\d\d)(\d{4})$/.exec(value))) {
    degrees = Number(match[1]);
    minutes = Number(`${match[2]}.${match[3]}`);
  } else {
    return null;
  }
  const result = degrees + minutes / 60;
  return hemisphere === 'S' || hemisphere === 'W' ? -result : result;
}

/**
 * Reads the fix starting at `fields[at]` (the time field). Null when the fields do not have the
 * fix's shape there; a date that cannot exist throws `FrameError`.
 */
export function readTextFix(fields: readonly string[], at: number): TextFix | null {
  const field = (offset: number): string | undefined => fields[at + offset];

  const clock = field(0);
  if (clock === undefined || !TIME.test(clock)) return null;

  const validity = field(1);
  let valid: boolean;
  if (validity === undefined) return null;
  if (/^[ABV]?$/.test(validity)) valid = validity === 'A';
  // Some firmwares put a coding scheme number where the validity letter goes; their fixes are valid.
  else if (/^\d+$/.test(validity)) valid = true;
  else return null;

  const latitude = textCoordinate(field(2), field(3), 'NS');
  const longitude = textCoordinate(field(4), field(5), 'EW');
  if (latitude === null || longitude === null) return null;

  const speed = field(6)?.trim();
  const course = field(7)?.trim();
  if (speed === undefined || !NUMBER.test(speed)) return null;
  if (course === undefined || (course !== '' && !NUMBER.test(course))) return null;

  let next = at + 8;
  // A battery level may come before the date; the date itself is six digits or empty.
  const maybeBattery = fields[next];
  if (
    maybeBattery !== undefined &&
    /^\d+$/.test(maybeBattery) &&
    (maybeBattery.length !== 6 || /^\d{6}$/.test(fields[next + 1] ?? ''))
  ) {
    next++;
  }
  const date = fields[next];
  if (date === undefined || !TIME.test(date)) return null;

  const rest = fields.slice(next + 1);
  let status: number | null = null;
  let extra: string[] = [];
  if (rest.length > 0) {
    const direct = parseStatus(rest[0]);
    if (direct !== null) {
      status = direct;
      extra = rest.slice(1);
    } else if (rest.length === 3) {
      // SIM information alone, without a status.
    } else {
      const afterSim = rest.length >= 4 ? parseStatus(rest[3]) : null;
      if (afterSim === null) return null;
      status = afterSim;
      extra = rest.slice(4);
    }
  }

  return {
    time: date === '' ? null : textTime(date, clock),
    valid,
    latitude,
    longitude,
    speed: Number(speed),
    course: course === '' ? 0 : Number(course),
    status,
    extra,
  };
}
