import type { CommandData, EncodeContext } from '../shared/definition';

/**
 * Commands to a Coban unit. Over GPRS a command is `**,imei:<imei>,<letter>[,<value>]`, sent
 * without a terminator, byte for byte as Traccar sends it (the units answer it; with a `;` some
 * firmwares do not). By SMS the unit takes its word and password (`stop123456`).
 */

/** The single-letter GPRS commands, by command type. */
const LETTERS: Readonly<Record<string, string>> = {
  positionSingle: 'B',
  positionStop: 'D',
  engineStop: 'J',
  engineResume: 'K',
  alarmArm: 'L',
  alarmDisarm: 'M',
  requestPhoto: '160',
};

export const GPS103_COMMANDS = [
  'custom',
  'positionSingle',
  'positionPeriodic',
  'positionStop',
  'engineStop',
  'engineResume',
  'alarmArm',
  'alarmDisarm',
  'requestPhoto',
] as const;

export const GPS103_TEXT_COMMANDS = [
  'custom',
  'engineStop',
  'engineResume',
  'alarmArm',
  'alarmDisarm',
  'positionPeriodic',
  'positionStop',
  'rebootDevice',
  'setConnection',
] as const;

/** Coban's factory password. */
export const DEFAULT_PASSWORD = '123456';

/** A positive whole number of seconds from `attributes.frequency` (a number or its text). */
function frequency(command: CommandData): number | null {
  const value = command.attributes.frequency;
  const seconds = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof seconds === 'number' && Number.isInteger(seconds) && seconds > 0 ? seconds : null;
}

/** `attributes.data` as text, or null when absent or empty. */
function data(command: CommandData): string | null {
  const value = command.attributes.data;
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The GPRS interval, in the largest unit that fits at least once (`30s`, `05m`, `02h`), as
 * Traccar formats it: the unit keeps the device's two-digit field short.
 */
function gprsInterval(seconds: number): string {
  const two = (value: number): string => String(value).padStart(2, '0');
  if (seconds >= 3600) return `${two(Math.floor(seconds / 3600))}h`;
  if (seconds >= 60) return `${two(Math.floor(seconds / 60))}m`;
  return `${two(seconds)}s`;
}

export function encodeGps103(command: CommandData, context: EncodeContext): Buffer | null {
  const head = `**,imei:${context.uniqueId},`;
  let text: string | null;
  if (command.type === 'custom') {
    const body = data(command);
    text = body === null ? null : head + body;
  } else if (command.type === 'positionPeriodic') {
    const seconds = frequency(command);
    text = seconds === null ? null : `${head}C,${gprsInterval(seconds)}`;
  } else {
    const letter = LETTERS[command.type];
    text = letter === undefined ? null : head + letter;
  }
  return text === null ? null : Buffer.from(text, 'latin1');
}

/**
 * The SMS interval of `fix<interval>***n<password>`: three digits (at most 255) and a unit, `s`,
 * `m` or `h`; the largest unit that says it exactly, else the nearest minutes or hours.
 */
function smsInterval(seconds: number): string | null {
  const three = (value: number): string => String(value).padStart(3, '0');
  const units: [string, number][] = [
    ['h', 3600],
    ['m', 60],
    ['s', 1],
  ];
  for (const [unit, size] of units) {
    if (seconds % size === 0 && seconds / size <= 255) return `${three(seconds / size)}${unit}`;
  }
  if (seconds <= 255 * 60) return `${three(Math.round(seconds / 60))}m`;
  if (seconds <= 255 * 3600) return `${three(Math.round(seconds / 3600))}h`;
  return null;
}

/** The password an installer set on the device (`attributes.devicePassword`), else the default. */
function password(command: CommandData): string {
  const value = command.attributes.devicePassword;
  return typeof value === 'string' && /^\d+$/.test(value) ? value : DEFAULT_PASSWORD;
}

export function encodeGps103Text(command: CommandData): string | null {
  const pin = password(command);
  switch (command.type) {
    case 'custom':
      return data(command);
    case 'engineStop':
      return `stop${pin}`;
    case 'engineResume':
      return `resume${pin}`;
    case 'alarmArm':
      return `arm${pin}`;
    case 'alarmDisarm':
      return `disarm${pin}`;
    case 'positionStop':
      return `nofix${pin}`;
    case 'rebootDevice':
      return `reset${pin}`;
    case 'positionPeriodic': {
      const seconds = frequency(command);
      const interval = seconds === null ? null : smsInterval(seconds);
      // `***` repeats without a count limit.
      return interval === null ? null : `fix${interval}***n${pin}`;
    }
    case 'setConnection': {
      const server = command.attributes.server;
      const port = Number(command.attributes.port);
      const valid = typeof server === 'string' && /^[^\s]+$/.test(server) && Number.isInteger(port);
      return valid && port > 0 && port < 65536 ? `adminip${pin} ${server} ${port}` : null;
    }
    default:
      return null;
  }
}
