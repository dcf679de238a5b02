import type {
  DeviceSimulator,
  ReceivedFrame,
  SimulatedDevice,
  SimulatedFix,
} from '../shared/definition';
import { delimitedSplitter } from '../shared/splitters';
import { formatClock, formatDate } from './clock';
import { formatStatus, statusWord } from './status';

/**
 * The device side: an H02 tracker speaking the text form (Sinotrack ST-901 style). Every message
 * names the device, so there is no login; positions are V1 messages, the keep-alive is an HTBT
 * heartbeat with the battery level, and commands are answered with V4 confirmations that repeat
 * the command and end with the last fix, as the protocol document shows them.
 */

type Command = Extract<ReceivedFrame, { kind: 'command' }>;

/** Degrees as `ddmm.mmmm` (or `dddmm.mmmm` with three degree digits), without the sign. */
function nmea(value: number, degreeDigits: number): string {
  const absolute = Math.abs(value);
  let degrees = Math.floor(absolute);
  let minutes = Math.round((absolute - degrees) * 60 * 10000) / 10000;
  if (minutes >= 60) {
    degrees += 1;
    minutes = 0;
  }
  return String(degrees).padStart(degreeDigits, '0') + minutes.toFixed(4).padStart(7, '0');
}

/** The fix fields of a V1 or V4 message: `hhmmss,S,lat,N,lon,E,speed,course,ddmmyy,status`. */
function fixFields(fix: SimulatedFix): string {
  const status = statusWord({ ignition: fix.ignition, blocked: fix.blocked, alarm: fix.alarm });
  return [
    formatClock(fix.time),
    fix.valid ? 'A' : 'V',
    nmea(fix.latitude, 2),
    fix.latitude < 0 ? 'S' : 'N',
    nmea(fix.longitude, 3),
    fix.longitude < 0 ? 'W' : 'E',
    Math.max(0, fix.speed).toFixed(2),
    String(Math.round(fix.course) % 360),
    formatDate(fix.time),
    formatStatus(status),
  ].join(',');
}

const text = (value: string): Buffer => Buffer.from(value, 'latin1');

/** The server's confirmations, and the heartbeat types it echoes without parameters. */
const CONFIRMATIONS = new Set(['V4', 'R12']);
const ECHOES = new Set(['HTBT', 'V0', 'XT']);

function connect(uniqueId: string): SimulatedDevice {
  let last: SimulatedFix | null = null;

  return {
    hello: () => [],

    position(fix: SimulatedFix): Buffer {
      last = fix;
      return text(`*HQ,${uniqueId},V1,${fixFields(fix)}#`);
    },

    heartbeat(): Buffer {
      const level = Math.round(Math.min(100, Math.max(0, last?.batteryLevel ?? 100)));
      return text(`*HQ,${uniqueId},HTBT,${level}#`);
    },

    splitter: () => delimitedSplitter({ end: '#', starts: ['*'], keepEnd: true }),

    receive(frame: Buffer): ReceivedFrame {
      const message = frame.toString('latin1').trim();
      if (!message.startsWith('*')) return { kind: 'command', text: message, type: null };
      const fields = message.slice(1).replace(/#$/, '').split(',');
      const code = fields[2] ?? '';
      if (CONFIRMATIONS.has(code) || (ECHOES.has(code) && fields.length === 3)) {
        return { kind: 'ack' };
      }
      let type: Command['type'] = null;
      if (code === 'S20') type = fields[5] === '1' ? 'engineStop' : 'engineResume';
      return { kind: 'command', text: message, type };
    },

    answer(command: Command, result: string): Buffer {
      const clean = result.replace(/#/g, ' ');
      if (!command.text.startsWith('*')) {
        // A free-text command is answered the way the device answers an SMS.
        return text(`*HQ,${uniqueId},SMS,${clean}#`);
      }
      const fields = command.text.slice(1).replace(/#$/, '').split(',');
      const parts = [`*HQ,${uniqueId},V4,${fields[2] ?? ''},${clean}`];
      if (/^\d{6}$/.test(fields[3] ?? '')) parts.push(fields[3]);
      if (last) parts.push(fixFields(last));
      return text(`${parts.join(',')}#`);
    },
  };
}

export const h02Device: DeviceSimulator = {
  transport: 'tcp',
  // Sinotrack ids are the last ten digits of the IMEI; any ten digits do.
  uniqueId: (index: number) => `48${String(Math.abs(Math.trunc(index)) % 1e8).padStart(8, '0')}`,
  connect,
};
