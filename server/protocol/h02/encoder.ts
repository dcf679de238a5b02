import type { CommandData } from '../shared/definition';
import { formatClock } from './clock';

/**
 * Commands. Over the connection a command is a text message `*HQ,<id>,<code>,<hhmmss>,…#`; the
 * device confirms it with a V4 message that repeats the code and the time. The codes are the ones
 * Traccar sends (S20 relay, SCF arm/disarm, S71 interval), plus CR (locate now) and CQ (reboot)
 * from the protocol document. By SMS, Sinotrack devices take their own short codes, most of them
 * followed by the device password (0000 by default).
 */

/** Command types sent over the connection. */
export const DATA_COMMANDS = [
  'custom',
  'engineStop',
  'engineResume',
  'alarmArm',
  'alarmDisarm',
  'positionPeriodic',
  'positionSingle',
  'rebootDevice',
] as const;

/** Command types a Sinotrack device takes by SMS. */
export const SMS_COMMANDS = [
  'custom',
  'engineStop',
  'engineResume',
  'positionPeriodic',
  'rebootDevice',
] as const;

/** The password Sinotrack devices leave the factory with. */
export const DEFAULT_PASSWORD = '0000';

function message(id: string, code: string, now: number, ...params: string[]): string {
  return `*HQ,${id},${code},${[formatClock(now), ...params].join(',')}#`;
}

/** `attributes.frequency` in whole seconds, or null when it is not a positive number. */
function frequency(command: CommandData): number | null {
  const value = Number(command.attributes.frequency);
  if (!Number.isFinite(value) || value < 1) return null;
  return Math.round(value);
}

/** A custom command's text; `\r` and `\n` typed as escapes become the characters. */
function customText(command: CommandData): string | null {
  const data = command.attributes.data;
  if (typeof data !== 'string' || data === '') return null;
  return data.replace(/\\r/g, '\r').replace(/\\n/g, '\n');
}

/** The text of a command sent over the connection, or null when H02 has no such command. */
export function encodeData(command: CommandData, id: string, now: number): string | null {
  switch (command.type) {
    case 'custom':
      return customText(command);
    // S20,<mode>,<action>: mode 1 keeps the relay closed whatever the engine does; action 1
    // cuts oil and engine, 0 restores them.
    case 'engineStop':
      return message(id, 'S20', now, '1', '1');
    case 'engineResume':
      return message(id, 'S20', now, '1', '0');
    case 'alarmArm':
      return message(id, 'SCF', now, '0', '0');
    case 'alarmDisarm':
      return message(id, 'SCF', now, '1', '1');
    case 'positionPeriodic': {
      const seconds = frequency(command);
      return seconds === null ? null : message(id, 'S71', now, '22', String(seconds));
    }
    // Locate now and reboot have no time field in the protocol document.
    case 'positionSingle':
      return `*HQ,${id},CR#`;
    case 'rebootDevice':
      return `*HQ,${id},CQ#`;
    default:
      return null;
  }
}

function password(command: CommandData): string {
  const value = command.attributes.devicePassword;
  return typeof value === 'string' && /^\d+$/.test(value) ? value : DEFAULT_PASSWORD;
}

/** The SMS text of a command for a Sinotrack device, or null when it has none. */
export function encodeSms(command: CommandData): string | null {
  switch (command.type) {
    case 'custom': {
      const data = command.attributes.data;
      return typeof data === 'string' && data !== '' ? data : null;
    }
    case 'engineStop':
      return `940${password(command)}`;
    case 'engineResume':
      return `941${password(command)}`;
    // The reporting interval while the ignition is on.
    case 'positionPeriodic': {
      const seconds = frequency(command);
      return seconds === null ? null : `805${password(command)} ${seconds}`;
    }
    case 'rebootDevice':
      return 'RESTART';
    default:
      return null;
  }
}
