import type {
  DeviceSimulator,
  FrameSplitter,
  ReceivedFrame,
  SimulatedDevice,
  SimulatedFix,
  SplitResult,
} from '../shared/definition';
import { alarmKeyword, isCommandAnswer } from './keywords';
import { clock, stamp } from './time';

/**
 * A simulated Coban unit: logs in with `##,imei:<imei>,A;`, reports with `imei:…,tracker,…;`
 * (alarm words, `rfid` with the card, the ACC field for ignition), keeps alive with `<imei>;`,
 * and obeys `J`/`K`. Its clock runs on UTC, so its local and UTC fields agree.
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

/** A text safe inside a comma-separated field. */
const field = (text: string): string => text.replace(/[,;*\r\n]/g, ' ').trim();

function report(imei: string, fix: SimulatedFix): string {
  const alarm = fix.alarm ? alarmKeyword(fix.alarm) : null;
  const driver = fix.driverUniqueId ? field(fix.driverUniqueId) : '';
  const keyword = alarm ?? (driver !== '' ? 'rfid' : 'tracker');
  const time = stamp(fix.time);
  return [
    `imei:${imei}`,
    keyword,
    time,
    keyword === 'rfid' ? driver : '',
    'F',
    `${clock(fix.time)}.000`,
    fix.valid ? 'A' : 'V',
    nmea(fix.latitude, 2),
    fix.latitude < 0 ? 'S' : 'N',
    nmea(fix.longitude, 3),
    fix.longitude < 0 ? 'W' : 'E',
    fix.speed.toFixed(2),
    fix.course.toFixed(2),
    fix.altitude === undefined ? '' : fix.altitude.toFixed(1),
    fix.ignition === undefined ? '' : fix.ignition ? '1' : '0',
    '',
    '',
    '',
    '',
  ].join(',');
}

/**
 * The server's frames have no terminator: `LOAD`, `ON`, and commands `**,imei:<imei>,<text>`
 * (the SOS acknowledgement ends with `;`). A command runs to the next frame's start or to the end
 * of what arrived, as a unit reads one command per packet.
 */
const HEAD_PREFIX = /^\*\*(?:,(?:i(?:m(?:e(?:i(?::(?:\d+,?)?)?)?)?)?)?)?$/;

function serverSplitter(): FrameSplitter {
  return {
    next(buffer: Buffer): SplitResult | null {
      const text = buffer.toString('latin1');
      if (text === '') return null;
      for (const word of ['LOAD', 'ON']) {
        if (text.startsWith(word))
          return { frame: buffer.subarray(0, word.length), length: word.length };
        if (word.startsWith(text)) return null;
      }
      if (HEAD_PREFIX.test(text)) return null;
      const head = /^\*\*,imei:\d+,/.exec(text)?.[0];
      if (head === undefined) {
        const at = text.slice(1).search(/LOAD|ON|\*\*/);
        return { skip: at >= 0 ? at + 1 : text.length };
      }
      const rest = text.slice(head.length);
      const semicolon = rest.indexOf(';');
      const following = rest.search(/\*\*|LOAD|ON/);
      let end = rest.length;
      if (semicolon >= 0) end = Math.min(end, semicolon + 1);
      if (following > 0) end = Math.min(end, following);
      const length = head.length + end;
      return { frame: buffer.subarray(0, length), length };
    },
  };
}

function receive(frame: Buffer): ReceivedFrame {
  const text = frame.toString('latin1');
  const command = /^\*\*,imei:\d+,(.*?);?$/s.exec(text);
  // `E` is the server acknowledging an SOS; nothing for the device to do.
  if (!command || command[1] === 'E') return { kind: 'ack' };
  const body = command[1] ?? '';
  const type = body === 'J' ? 'engineStop' : body === 'K' ? 'engineResume' : null;
  return { kind: 'command', text: body, type };
}

/**
 * The device's answer: the result text when it reads as an answer (`Stop engine Succeed`),
 * otherwise the unit's own acknowledgement of the command letter (`jt` after `J`).
 */
function answerKeyword(command: string, result: string): string {
  const text = field(result);
  if (text !== '' && isCommandAnswer(text)) return text;
  const letter = /^([A-Za-z])(?:,|$)/.exec(command)?.[1];
  if (letter) return `${letter.toLowerCase()}t`;
  return `${text || field(command)} ok`;
}

function connect(imei: string): SimulatedDevice {
  return {
    hello: () => [Buffer.from(`##,imei:${imei},A;`, 'latin1')],
    position: (fix) => Buffer.from(`${report(imei, fix)};`, 'latin1'),
    heartbeat: () => Buffer.from(`${imei};`, 'latin1'),
    splitter: serverSplitter,
    receive,
    // No fix in the answer (`L`): the server keeps the last location.
    answer: (command, result) =>
      Buffer.from(`imei:${imei},${answerKeyword(command.text, result)},,,L,;`, 'latin1'),
  };
}

export const gps103Device: DeviceSimulator = {
  transport: 'tcp',
  uniqueId: (index) => `35${String(index).padStart(13, '0')}`,
  connect,
};
