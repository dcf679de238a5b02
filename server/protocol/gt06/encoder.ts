import type { CommandData, EncodeContext } from '../shared/definition';
import { MSG_COMMAND, buildFrame } from './frame';

/**
 * Server commands. Over the connection a command is the online-command packet (0x80): a length
 * (server flag + text), a four-byte server flag the device echoes in its answer, the ASCII text
 * (the same text its SMS interface takes), and the packet serial. The language word some
 * documents show after the text is left out, as Traccar sends it by default.
 */

/** Connection memory: the serial of the last command packet sent. */
export const COMMAND_SERIAL_KEY = 'gt06.commandSerial';

/** What a command's text may hold: printable ASCII that fits a short frame. */
const MAX_TEXT = 0xff - (1 + 1 + 4 + 2 + 2);

/**
 * Texts over the connection. Engine stop/resume are Traccar's default `Relay,1#` / `Relay,0#`
 * (the GT06N, JM-VL and WeTrack relay command, accepted in any case).
 */
function onlineText(command: CommandData): string | null {
  switch (command.type) {
    case 'engineStop':
      return 'Relay,1#';
    case 'engineResume':
      return 'Relay,0#';
    default:
      return smsText(command);
  }
}

/**
 * Texts as an installer sends them by SMS, from the Concox manuals: `RELAY,1#` cuts the fuel
 * supply, `RELAY,0#` restores it, `WHERE#` answers with the position, `RESET#` reboots,
 * `TIMER,<seconds>#` sets the upload interval, `GMT,<E|W>,<hours>,<minutes>#` the zone,
 * `VERSION#` / `STATUS#` report the firmware and the state, `FACTORY#` restores the defaults.
 */
function smsText(command: CommandData): string | null {
  const attributes = command.attributes;
  switch (command.type) {
    case 'engineStop':
      return 'RELAY,1#';
    case 'engineResume':
      return 'RELAY,0#';
    case 'positionSingle':
      return 'WHERE#';
    case 'rebootDevice':
      return 'RESET#';
    case 'factoryReset':
      return 'FACTORY#';
    case 'getVersion':
      return 'VERSION#';
    case 'getDeviceStatus':
      return 'STATUS#';
    case 'positionPeriodic': {
      const frequency = Number(attributes.frequency);
      if (!Number.isInteger(frequency) || frequency < 1 || frequency > 18000) return null;
      return `TIMER,${frequency}#`;
    }
    case 'setTimezone':
      return timezoneText(attributes.timezone);
    case 'custom': {
      const data = attributes.data;
      return typeof data === 'string' && data !== '' ? data : null;
    }
    default:
      return null;
  }
}

/**
 * `GMT,E,3,30#` style: the zone's current offset from UTC. The attribute is a time zone name
 * (`America/Sao_Paulo`, as Traccar's command form sends it) or a fixed `GMT-3`/`+05:30`.
 */
function timezoneText(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const minutes = offsetMinutes(value.trim());
  if (minutes === null || Math.abs(minutes) > 14 * 60) return null;
  const magnitude = Math.abs(minutes);
  return `GMT,${minutes < 0 ? 'W' : 'E'},${Math.floor(magnitude / 60)},${magnitude % 60}#`;
}

function offsetMinutes(zone: string): number | null {
  const fixed = /^(?:GMT|UTC)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i.exec(zone);
  if (fixed) {
    const minutes = Number(fixed[2]) * 60 + Number(fixed[3] ?? 0);
    return fixed[1] === '-' ? -minutes : minutes;
  }
  if (/^(?:GMT|UTC)$/i.test(zone)) return 0;
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      timeZoneName: 'longOffset',
    }).formatToParts(new Date());
    const name = parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
    if (name === 'GMT') return 0;
    const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
    if (!match) return null;
    const minutes = Number(match[2]) * 60 + Number(match[3]);
    return match[1] === '-' ? -minutes : minutes;
  } catch {
    return null;
  }
}

const isSendable = (text: string): boolean =>
  text.length <= MAX_TEXT && /^[\x20-\x7e]+$/.test(text);

/** The command types the connection carries. */
export const ONLINE_COMMANDS = [
  'engineStop',
  'engineResume',
  'positionSingle',
  'positionPeriodic',
  'rebootDevice',
  'setTimezone',
  'getVersion',
  'getDeviceStatus',
  'factoryReset',
  'custom',
] as const;

/** The command types an installer sends by SMS (the same set). */
export const SMS_COMMANDS = ONLINE_COMMANDS;

/** The 0x80 packet of a command, or null when the type or its attributes cannot be sent. */
export function encodeGt06(command: CommandData, context: EncodeContext): Buffer | null {
  const text = onlineText(command);
  if (text === null || !isSendable(text)) return null;
  const previous = context.state.get(COMMAND_SERIAL_KEY);
  const serial = typeof previous === 'number' ? (previous + 1) & 0xffff : 0;
  context.state.set(COMMAND_SERIAL_KEY, serial);
  return commandFrame(text, 0, serial);
}

/** The SMS text of a command, or null when it has none. */
export function encodeGt06Text(command: CommandData): string | null {
  const text = smsText(command);
  return text !== null && isSendable(text) ? text : null;
}

/** The online-command packet for `text` with the server flag and serial given. */
export function commandFrame(text: string, serverFlag: number, serial: number): Buffer {
  const bytes = Buffer.from(text, 'latin1');
  const content = Buffer.alloc(1 + 4 + bytes.length);
  content[0] = 4 + bytes.length;
  content.writeUInt32BE(serverFlag >>> 0, 1);
  bytes.copy(content, 5);
  return buildFrame(MSG_COMMAND, content, serial);
}
