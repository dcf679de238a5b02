import type { CommandData } from '../shared/definition';
import { MESSAGE_TYPE } from './codec';
import { codec12Packet } from './frames';

/**
 * Commands for Teltonika devices. Over GPRS they are the texts of the FMB "SMS/GPRS command list"
 * inside a codec 12 packet; by SMS the same texts follow the SMS login and password, which are
 * empty by default: two spaces, then the command.
 */

/** The command texts, from the manufacturer's command list. */
const TEXTS = new Map<string, (attributes: Record<string, unknown>) => string | null>([
  // DOUT1 drives the immobiliser relay in the usual installation.
  ['engineStop', () => 'setdigout 1'],
  ['engineResume', () => 'setdigout 0'],
  ['positionSingle', () => 'getgps'],
  ['rebootDevice', () => 'cpureset'],
  ['getVersion', () => 'getver'],
  ['getDeviceStatus', () => 'getinfo'],
  ['getModemStatus', () => 'getstatus'],
  ['outputControl', outputText],
]);

/** Types sent over the connection (`custom` carries its text, or its bytes when it is hex). */
export const COMMANDS: readonly string[] = ['custom', ...TEXTS.keys()];
/** Types sent by SMS (`custom` as typed, login and password included). */
export const TEXT_COMMANDS: readonly string[] = COMMANDS;

/** The outputs a `setdigout` can name (FMB640 has four; most models one or two). */
const MAX_OUTPUT = 4;

/**
 * `setdigout` sets every output in one argument, a digit per output; "?" leaves an output as it
 * is, so output N is N-1 question marks and its new state.
 */
function outputText(attributes: Record<string, unknown>): string | null {
  const index = Number(attributes.index ?? 1);
  if (!Number.isInteger(index) || index < 1 || index > MAX_OUTPUT) return null;
  const state = outputState(attributes.data);
  if (state === null) return null;
  return `setdigout ${'?'.repeat(index - 1)}${state}`;
}

function outputState(data: unknown): '0' | '1' | null {
  if (data === true || data === 1 || data === '1') return '1';
  if (data === false || data === 0 || data === '0') return '0';
  return null;
}

/** The command's text for a typed command; null for `custom` and unsupported types. */
export function commandText(command: CommandData): string | null {
  const text = TEXTS.get(command.type);
  return text ? text(command.attributes) : null;
}

const HEX = /^(?:[0-9a-fA-F]{2})+$/;

/** ASCII as the device reads it: anything else becomes "?". */
const ascii = (text: string): Buffer =>
  Buffer.from(text.replace(/[^\x20-\x7e\r\n]/g, '?'), 'latin1');

function customData(command: CommandData): string | null {
  const data = command.attributes.data;
  return typeof data === 'string' && data.length > 0 ? data : null;
}

/** The codec 12 packet of a command; null when the type or its attributes cannot be sent. */
export function encodeCommand(command: CommandData): Buffer | null {
  if (command.type === 'custom') {
    const data = customData(command);
    if (data === null) return null;
    // A hex string is sent as the bytes it spells (binary commands of special firmware).
    return codec12Packet(
      MESSAGE_TYPE.COMMAND,
      HEX.test(data) ? Buffer.from(data, 'hex') : ascii(data),
    );
  }
  const text = commandText(command);
  return text === null ? null : codec12Packet(MESSAGE_TYPE.COMMAND, ascii(text));
}

/**
 * The SMS of a command: the device's SMS login and password (empty by default) each followed by
 * a space, then the text. A custom SMS is sent as typed, so it carries its own login and password.
 */
export function encodeSms(command: CommandData): string | null {
  if (command.type === 'custom') return customData(command);
  const text = commandText(command);
  return text === null ? null : `  ${text}`;
}
