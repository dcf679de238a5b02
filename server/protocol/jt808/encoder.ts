import type { CommandData, EncodeContext } from '../shared/definition';
import { MAX_BODY } from './frame';
import { MSG } from './messages';
import { platformFrame, terminalOf } from './session';
import { encodeGbk } from './text';

/**
 * Commands as JT808 messages to the terminal, each with the connection's next platform serial and
 * the terminal's own header (its id and protocol version as its frames gave them):
 * - engine stop / resume: terminal control 0x8105 with the command word 0xF0 / 0xF1, the oil and
 *   circuit cut most JT808 trackers take, as Traccar sends it;
 * - reboot: terminal control with the standard's command word 4 (terminal reset);
 * - location query 0x8201 (empty body; the terminal answers 0x0201 with a fix);
 * - report interval: set parameters 0x8103, the standard's parameter 0x0029 (default time report
 *   interval, seconds);
 * - arm / disarm: the vendor parameter message 0x0310 Traccar uses, parameter 0x24;
 * - custom: a whole JT808 frame typed in hex (`7e…7e`) goes out as it is; any other text goes as a
 *   text message 0x8300 (GBK), which trackers that take text commands read as one.
 */

export const COMMANDS = [
  'custom',
  'engineStop',
  'engineResume',
  'positionSingle',
  'positionPeriodic',
  'rebootDevice',
  'alarmArm',
  'alarmDisarm',
] as const;

interface Message {
  messageId: number;
  body: Buffer;
}

/** Terminal control command words. */
const CONTROL = { reset: 0x04, engineStop: 0xf0, engineResume: 0xf1 } as const;
/** Text message flag: emergency (shown at once), as Traccar sends commands. */
const TEXT_FLAG = 0x01;
const REPORT_INTERVAL = 0x0029;

/** A raw frame typed as hex: it starts and ends with the delimiter. */
const RAW_FRAME = /^7e(?:[0-9a-f]{2})+7e$/i;

export function encodeJt808(command: CommandData, context: EncodeContext): Buffer | null {
  if (command.type === 'custom') {
    const data = command.attributes.data;
    if (typeof data !== 'string' || data.trim() === '') return null;
    const compact = data.replace(/\s+/g, '');
    if (RAW_FRAME.test(compact)) return Buffer.from(compact, 'hex');
  }
  const message = commandMessage(command);
  if (!message || message.body.length > MAX_BODY) return null;
  const terminal = terminalOf(context.state, context.uniqueId);
  if (!terminal) return null;
  return platformFrame(context.state, terminal, message.messageId, message.body);
}

function commandMessage(command: CommandData): Message | null {
  switch (command.type) {
    case 'engineStop':
      return { messageId: MSG.terminalControl, body: Buffer.from([CONTROL.engineStop]) };
    case 'engineResume':
      return { messageId: MSG.terminalControl, body: Buffer.from([CONTROL.engineResume]) };
    case 'rebootDevice':
      return { messageId: MSG.terminalControl, body: Buffer.from([CONTROL.reset]) };
    case 'positionSingle':
      return { messageId: MSG.locationQuery, body: Buffer.alloc(0) };
    case 'positionPeriodic': {
      const seconds = Number(command.attributes.frequency);
      if (!Number.isInteger(seconds) || seconds < 1 || seconds > 0xffffffff) return null;
      const body = Buffer.alloc(10);
      body[0] = 1; // one parameter
      body.writeUInt32BE(REPORT_INTERVAL, 1);
      body[5] = 4;
      body.writeUInt32BE(seconds, 6);
      return { messageId: MSG.setParameters, body };
    }
    case 'alarmArm':
    case 'alarmDisarm': {
      const user = Buffer.from('user', 'latin1');
      const head = [1, 0x24, 1 + user.length, command.type === 'alarmArm' ? 1 : 0];
      return { messageId: MSG.vendorParameters, body: Buffer.concat([Buffer.from(head), user]) };
    }
    case 'custom': {
      const text = encodeGbk(String(command.attributes.data));
      if (!text) return null;
      return { messageId: MSG.textMessage, body: Buffer.concat([Buffer.from([TEXT_FLAG]), text]) };
    }
    default:
      return null;
  }
}
