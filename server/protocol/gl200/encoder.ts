import type { CommandData, EncodeContext } from '../shared/definition';
import { MODEL_KEY, SERIAL_KEY, hex4 } from './constants';
import { factoryPassword } from './models';

/**
 * Commands, as the @Track `AT+GTxxx=<password>,…,<serial number>$` text. The same text works over
 * the device's connection and by SMS. The serial number comes back in the device's `+ACK:`.
 */

export const COMMANDS = [
  'engineStop',
  'engineResume',
  'positionSingle',
  'deviceIdentification',
  'rebootDevice',
  'custom',
] as const;

/** A device whose model is not known yet is most likely the family's vehicle unit. */
const FALLBACK_PASSWORD = 'gv300';
/** Serial number of an SMS command: nothing on the server waits for its answer. */
const SMS_SERIAL = 'FFFF';

/**
 * The password: the command's `devicePassword` attribute (the installer changed it), else the
 * factory password of the model the device announced.
 */
function passwordOf(command: CommandData, model: string | undefined): string | null {
  const given = command.attributes.devicePassword;
  const password =
    typeof given === 'string' ? given : (factoryPassword(model ?? '') ?? FALLBACK_PASSWORD);
  // A comma or `$` would end the field or the command early.
  return /^[0-9A-Za-z]*$/.test(password) ? password : null;
}

function commandText(command: CommandData, password: string, serial: string): string | null {
  switch (command.type) {
    // Output 1 drives the engine cut relay; the other outputs' fields are left at rest.
    case 'engineStop':
      return `AT+GTOUT=${password},1,,,0,0,0,0,0,0,0,,,,,,,${serial}$`;
    case 'engineResume':
      return `AT+GTOUT=${password},0,,,0,0,0,0,0,0,0,,,,,,,${serial}$`;
    // Real time operation sub-commands: 1 reports the location (GTRTL), 8 the versions (GTVER),
    // 3 reboots.
    case 'positionSingle':
      return `AT+GTRTO=${password},1,,,,,,${serial}$`;
    case 'deviceIdentification':
      return `AT+GTRTO=${password},8,,,,,,${serial}$`;
    case 'rebootDevice':
      return `AT+GTRTO=${password},3,,,,,,${serial}$`;
    default:
      return null;
  }
}

/** A custom command's text, with the `\r` and `\n` escapes a form field can hold made real. */
function customText(command: CommandData): string | null {
  const data = command.attributes.data;
  if (typeof data !== 'string' || data === '') return null;
  return data.replace(/\\r/g, '\r').replace(/\\n/g, '\n');
}

export function encodeCommand(command: CommandData, context: EncodeContext): Buffer | null {
  if (command.type === 'custom') {
    const text = customText(command);
    return text === null ? null : Buffer.from(text, 'latin1');
  }
  const model = context.state.get(MODEL_KEY);
  const password = passwordOf(command, typeof model === 'string' ? model : undefined);
  if (password === null || !COMMANDS.includes(command.type as (typeof COMMANDS)[number])) {
    return null;
  }
  const previous = context.state.get(SERIAL_KEY);
  const serial = ((typeof previous === 'number' ? previous : 0) % 0xfffe) + 1;
  const text = commandText(command, password, hex4(serial));
  if (text === null) return null;
  context.state.set(SERIAL_KEY, serial);
  return Buffer.from(text, 'latin1');
}

export function encodeSms(command: CommandData): string | null {
  if (command.type === 'custom') return customText(command);
  const password = passwordOf(command, undefined);
  return password === null ? null : commandText(command, password, SMS_SERIAL);
}
