import type {
  DeviceSimulator,
  FrameSplitter,
  ReceivedFrame,
  SimulatedDevice,
  SimulatedFix,
  SplitResult,
} from '../shared/definition';
import { bo01Digit } from './alarms';
import { yearFirst } from './time';
import { kmhFromKnots } from '../../../model/units';

/**
 * A simulated TK103 unit of the original layout: logs in with `BP05` (its id again as the
 * 15-digit field, and an empty fix), reports with `BR00`, raises alarms the family has a digit
 * for with `BO01`, keeps alive with the `BP00` handshake, and obeys `AV010`/`AV011`. It answers a
 * command with the family's free-text answer, `(<id>,ZC03,ddmmyy,hhmmss,$<text>$)`.
 */

/** `ddmm.mmmm` / `dddmm.mmmm` of absolute degrees. */
function nmea(degrees: number, width: number): string {
  const absolute = Math.abs(degrees);
  let whole = Math.floor(absolute);
  let minutes = Number(((absolute - whole) * 60).toFixed(4));
  if (minutes >= 60) {
    whole += 1;
    minutes = 0;
  }
  return String(whole).padStart(width, '0') + minutes.toFixed(4).padStart(7, '0');
}

/** The status characters: main power, ACC, the output mask (bit 3: fuel cut), fuel. */
function status(fix: SimulatedFix): string {
  const power = fix.power === 0 ? '1' : '0';
  const acc = fix.ignition ? '1' : '0';
  const outputs = fix.blocked ? '8' : '0';
  return `${power}${acc}${outputs}00000`;
}

/** The fix block of a report. */
function block(fix: SimulatedFix): string {
  const { date, clock } = yearFirst(fix.time);
  const kph = Math.min(kmhFromKnots(fix.speed), 999.9).toFixed(1).padStart(5, '0');
  const course = (((fix.course % 360) + 360) % 360).toFixed(2).padStart(6, '0');
  const odometer = Math.max(0, Math.round(fix.odometer ?? 0))
    .toString(16)
    .toUpperCase()
    .padStart(8, '0');
  return (
    date +
    (fix.valid ? 'A' : 'V') +
    nmea(fix.latitude, 2) +
    (fix.latitude < 0 ? 'S' : 'N') +
    nmea(fix.longitude, 3) +
    (fix.longitude < 0 ? 'W' : 'E') +
    kph +
    clock +
    course.slice(0, 6) +
    status(fix) +
    'L' +
    odometer
  );
}

/**
 * An empty fix: no date yet, no coordinates, as a unit logs in before its first fix. Without the
 * status characters, so the login claims no ignition state it does not know.
 */
const NO_FIX = '000000V0000.0000N00000.0000E000.0000000000.00';

const ascii = (text: string): Buffer => Buffer.from(text, 'latin1');

/** The server's frames: `(…)` and the comma-separated units' `[begin]…[end]`. */
function serverSplitter(): FrameSplitter {
  return {
    next(buffer: Buffer): SplitResult | null {
      const text = buffer.toString('latin1');
      const start = text.search(/\(|\[begin\]/);
      if (start < 0) {
        // Keep what may be the beginning of `[begin]`.
        const tail = text.lastIndexOf('[');
        const keep = tail >= 0 && '[begin]'.startsWith(text.slice(tail)) ? tail : text.length;
        return keep > 0 ? { skip: keep } : null;
      }
      if (start > 0) return { skip: start };
      const end = text.startsWith('(') ? text.indexOf(')') : text.indexOf('[end]');
      if (end < 0) return null;
      const length = end + (text.startsWith('(') ? 1 : '[end]'.length);
      return { frame: buffer.subarray(0, length), length };
    },
  };
}

function receive(frame: Buffer): ReceivedFrame {
  const text = frame.toString('latin1');
  const wrapped = /^\[begin\]sms2,([\s\S]*),\[end\]$/.exec(text);
  if (wrapped) return { kind: 'command', text: wrapped[1] ?? '', type: null };
  const body = /^\([^()]*?([A-Z]{2}[0-9A-Z]{2}[^()]*)\)$/.exec(text)?.[1] ?? '';
  // The answers to the handshake, the login and an alarm.
  if (/^A(?:P01|P05|S01)/.test(body) || body === '') return { kind: 'ack' };
  const type = body === 'AV010' ? 'engineStop' : body === 'AV011' ? 'engineResume' : null;
  return { kind: 'command', text: body, type };
}

function connect(id: string): SimulatedDevice {
  return {
    hello: () => [ascii(`(${id}BP05000${id}${NO_FIX})`)],
    position: (fix) => {
      const digit = fix.alarm ? bo01Digit(fix.alarm) : null;
      return ascii(
        digit === null ? `(${id}BR00${block(fix)})` : `(${id}BO01${digit}${block(fix)})`,
      );
    },
    heartbeat: () => ascii(`(${id}BP00000${id}HSO)`),
    splitter: serverSplitter,
    receive,
    answer: (_command, result) => {
      const { date, clock } = yearFirst(Date.now());
      const dayFirst = date.slice(4, 6) + date.slice(2, 4) + date.slice(0, 2);
      // `$` closes the text, so the answer cannot carry one.
      return ascii(`(${id},ZC03,${dayFirst},${clock},$${result.replaceAll('$', '')}$)`);
    },
  };
}

export const tk103Device: DeviceSimulator = {
  transport: 'tcp',
  uniqueId: (index) => `0${String(index).padStart(11, '0')}`,
  connect,
};
