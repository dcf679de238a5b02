import type { CommandData, EncodeContext } from '../shared/definition';
import { SEPARATED_STATE } from './frame';

/**
 * Commands to a TK103 unit, byte for byte as Traccar sends them. The original units take
 * `(<id><type><data>)`: `AV01` switches the fuel line (`0` cut, `1` restore), `AV00` the output,
 * `AR00` sets the reporting interval (4 hex digits of seconds, then `0000`, no time limit).
 * The comma-separated units (T580W) take their SMS texts wrapped as `[begin]sms2,<text>,[end]`;
 * a connection is sent that form once its unit has spoken that dialect.
 */

export const TK103_COMMANDS = [
  'custom',
  'getDeviceStatus',
  'deviceIdentification',
  'modeDeepSleep',
  'modePowerSaving',
  'alarmSos',
  'setConnection',
  'sosNumber',
  'positionSingle',
  'positionPeriodic',
  'positionStop',
  'getVersion',
  'powerOff',
  'rebootDevice',
  'setOdometer',
  'engineStop',
  'engineResume',
  'outputControl',
] as const;

export const TK103_TEXT_COMMANDS = [
  'custom',
  'getDeviceStatus',
  'deviceIdentification',
  'modeDeepSleep',
  'modePowerSaving',
  'alarmSos',
  'setConnection',
  'sosNumber',
  'positionSingle',
  'positionPeriodic',
  'positionStop',
  'getVersion',
  'powerOff',
  'rebootDevice',
] as const;

/** The factory password the comma-separated units expect in `*master*`. */
export const DEFAULT_PASSWORD = '123456';

/** `attributes.data` as text, or null when absent or empty. */
function data(command: CommandData): string | null {
  const value = command.attributes.data;
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A whole number from a number or its text, or null. */
function integer(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) ? number : null;
}

/** The original units' `(<id>…)` command body, or null when it has none. */
function original(command: CommandData): string | null {
  switch (command.type) {
    case 'custom':
      return data(command);
    case 'getVersion':
      return 'AP07';
    case 'rebootDevice':
      return 'AT00';
    case 'setOdometer':
      return 'AX01';
    case 'positionSingle':
      return 'AP00';
    case 'positionPeriodic': {
      const seconds = integer(command.attributes.frequency);
      if (seconds === null || seconds < 1 || seconds > 0xffff) return null;
      return `AR00${seconds.toString(16).toUpperCase().padStart(4, '0')}0000`;
    }
    case 'positionStop':
      return 'AR0000000000';
    case 'engineStop':
      return 'AV010';
    case 'engineResume':
      return 'AV011';
    case 'outputControl': {
      // One output: `1` on, `0` off (`attributes.index` has nothing to choose from).
      const state = data(command);
      return state === '0' || state === '1' ? `AV00${state}` : null;
    }
    default:
      return null;
  }
}

const enabled = (command: CommandData): boolean =>
  command.attributes.enable === true || command.attributes.enable === 'true';

/** The SMS text of the comma-separated units for a command, or null. */
export function encodeTk103Text(command: CommandData): string | null {
  switch (command.type) {
    case 'custom':
      return data(command);
    case 'getVersion':
      return '*about*';
    case 'powerOff':
      return '*turnoff*';
    case 'rebootDevice':
      return '88888888';
    case 'positionSingle':
      return '*getposl*';
    case 'positionPeriodic':
      return '*routetrack*99*';
    case 'positionStop':
      return '*routetrackoff*';
    case 'getDeviceStatus':
      return '*status*';
    case 'deviceIdentification':
      return '999999';
    case 'modeDeepSleep':
      return enabled(command) ? '*sleep*2*' : '*sleepoff*';
    case 'modePowerSaving':
      return enabled(command) ? '*sleepv*' : '*sleepoff*';
    case 'alarmSos':
      return enabled(command) ? '*soson*' : '*sosoff*';
    case 'setConnection': {
      const server = command.attributes.server;
      const port = integer(command.attributes.port);
      if (typeof server !== 'string' || !/^[^\s*,]+$/.test(server)) return null;
      if (port === null || port < 1 || port > 65535) return null;
      return `*setip*${server.replaceAll('.', '*')}*${port}*`;
    }
    case 'sosNumber': {
      const phone = command.attributes.phone;
      if (typeof phone !== 'string' || !/^\+?\d{3,20}$/.test(phone)) return null;
      const password = command.attributes.devicePassword;
      const pin = typeof password === 'string' && password !== '' ? password : DEFAULT_PASSWORD;
      return `*master*${pin}*${phone}*`;
    }
    default:
      return null;
  }
}

export function encodeTk103(command: CommandData, context: EncodeContext): Buffer | null {
  if (context.state.get(SEPARATED_STATE) === true) {
    const text = encodeTk103Text(command);
    return text === null ? null : Buffer.from(`[begin]sms2,${text},[end]`, 'latin1');
  }
  const body = original(command);
  return body === null ? null : Buffer.from(`(${context.uniqueId}${body})`, 'latin1');
}
