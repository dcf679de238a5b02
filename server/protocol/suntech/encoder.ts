import type { CommandData, EncodeContext } from '../shared/definition';
import { PREFIX_KEY, UNIVERSAL_KEY } from './decoder';

/**
 * Commands in the dialect the device spoke last (as Traccar sends them):
 * - universal firmware: `CMD;<device id>;<group>;<action>` — group 03 device actions (01 status
 *   request, 03 reboot), group 04 outputs (01/02 output 1 on/off, 03/04 output 2, 09/10 output 3);
 * - legacy firmware: `<model>CMD;<device id>;02;<command>` (`StatusReq`, `Reboot`, `Enable<N>`,
 *   `Disable<N>`), `<model>` being the prefix of the device's reports (`SA200` until one arrived).
 * Output 1 is the engine-cut relay, output 2 the alarm. Each command ends with CR.
 */

export const COMMANDS = [
  'custom',
  'positionSingle',
  'rebootDevice',
  'engineStop',
  'engineResume',
  'alarmArm',
  'alarmDisarm',
  'outputControl',
] as const;

const DEFAULT_PREFIX = 'SA200';

/** Universal `04` actions turning outputs 1 to 3 on and off. */
const UNIVERSAL_OUTPUTS: ReadonlyMap<number, { on: string; off: string }> = new Map([
  [1, { on: '01', off: '02' }],
  [2, { on: '03', off: '04' }],
  [3, { on: '09', off: '10' }],
]);

/** Output 1 (engine cut) and output 2 (alarm) as the named commands drive them. */
const OUTPUT_COMMANDS: ReadonlyMap<string, { index: number; on: boolean }> = new Map([
  ['engineStop', { index: 1, on: true }],
  ['engineResume', { index: 1, on: false }],
  ['alarmArm', { index: 2, on: true }],
  ['alarmDisarm', { index: 2, on: false }],
]);

export function encodeSuntech(command: CommandData, context: EncodeContext): Buffer | null {
  if (command.type === 'custom') return custom(command);
  const universal = context.state.get(UNIVERSAL_KEY) === true;
  const text = universal
    ? universalCommand(command, context.uniqueId)
    : legacyCommand(command, context.uniqueId, legacyPrefix(context));
  return text === null ? null : Buffer.from(`${text}\r`, 'latin1');
}

/** The text as given, `\r` and `\n` written out in it standing for CR and LF. */
function custom(command: CommandData): Buffer | null {
  const data = command.attributes.data;
  if (typeof data !== 'string' || data === '') return null;
  return Buffer.from(data.replace(/\\r/g, '\r').replace(/\\n/g, '\n'), 'utf8');
}

function legacyPrefix(context: EncodeContext): string {
  const prefix = context.state.get(PREFIX_KEY);
  return typeof prefix === 'string' && prefix.length > 0 ? prefix : DEFAULT_PREFIX;
}

function universalCommand(command: CommandData, id: string): string | null {
  const action = (group: string, code: string) => `CMD;${id};${group};${code}`;
  switch (command.type) {
    case 'positionSingle':
      return action('03', '01');
    case 'rebootDevice':
      return action('03', '03');
  }
  const output = outputOf(command);
  if (!output) return null;
  const codes = UNIVERSAL_OUTPUTS.get(output.index);
  return codes ? action('04', output.on ? codes.on : codes.off) : null;
}

function legacyCommand(command: CommandData, id: string, prefix: string): string | null {
  const action = (name: string) => `${prefix}CMD;${id};02;${name}`;
  switch (command.type) {
    case 'positionSingle':
      return action('StatusReq');
    case 'rebootDevice':
      return action('Reboot');
  }
  const output = outputOf(command);
  if (!output) return null;
  return action(`${output.on ? 'Enable' : 'Disable'}${output.index}`);
}

/** The output a command switches, and to what; null for commands that switch none. */
function outputOf(command: CommandData): { index: number; on: boolean } | null {
  const named = OUTPUT_COMMANDS.get(command.type);
  if (named) return named;
  if (command.type !== 'outputControl') return null;
  const index = Number(command.attributes.index);
  const data = command.attributes.data;
  if (!Number.isInteger(index) || index < 1 || index > 99 || data === undefined) return null;
  return { index, on: String(data) === '1' };
}
