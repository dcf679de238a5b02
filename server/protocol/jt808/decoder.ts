import { Reader } from '../shared/bytes';
import { FrameError, type DecodeContext, type DecodeResult } from '../shared/definition';
import { resultPosition } from '../shared/position';
import { ANSWER_HANDLERS } from './answers';
import { parseFrame } from './frame';
import type { Handler, Incoming } from './handler';
import { PROTOCOL } from './location';
import { MSG } from './messages';
import { REPORT_HANDLERS } from './reports';
import { platformFrame, rememberTerminal } from './session';
import { terminalIdentifiers } from './terminalId';

/**
 * Decodes one JT808 frame (or one padlock text frame): parses the header, names the terminal,
 * remembers its header for the encoder, and hands the body to the handler of its message type,
 * which says what to store and what to answer. Messages nobody handles are left unanswered, as
 * Traccar leaves them.
 */

const HANDLERS: ReadonlyMap<number, Handler> = new Map([...REPORT_HANDLERS, ...ANSWER_HANDLERS]);

/** The platform general response 0x8001: the serial and message id answered, result 0. */
function generalResponse(incoming: Incoming): Buffer {
  const { message, state } = incoming;
  const body = Buffer.alloc(5);
  body.writeUInt16BE(message.serial, 0);
  body.writeUInt16BE(message.messageId, 2);
  return platformFrame(state, message, MSG.platformResponse, body);
}

export function decodeJt808(frame: Buffer, context: DecodeContext): DecodeResult {
  if (frame[0] === 0x28) return decodeText(frame, context);
  const message = parseFrame(frame);
  const identify = terminalIdentifiers(message.id);
  rememberTerminal(context.state, message);
  const incoming: Incoming = {
    message,
    body: new Reader(message.body),
    state: context.state,
    now: context.now,
  };
  if (message.subpackage) {
    // One package of a long message (multimedia, mostly): acknowledged, not reassembled.
    return { identify, reply: generalResponse(incoming) };
  }
  const handler = HANDLERS.get(message.messageId);
  if (!handler) return { identify };
  if (message.encryption !== 0) throw new FrameError('encrypted JT808 body');
  const outcome = handler(incoming);
  const result: DecodeResult = { identify };
  if (outcome.positions && outcome.positions.length > 0) result.positions = outcome.positions;
  if (outcome.reply) result.reply = outcome.reply;
  else if (outcome.ack) result.reply = generalResponse(incoming);
  return result;
}

/**
 * A padlock's text frame, `(…)`: a request for the time (`BASE,2`, answered with the line and the
 * time in place of `TIME`) or a command's answer.
 */
function decodeText(frame: Buffer, context: DecodeContext): DecodeResult {
  const text = frame.toString('latin1');
  if (text.includes('BASE,2')) {
    const time = new Date(context.now).toISOString().replace(/\D/g, '').slice(0, 14);
    return { reply: Buffer.from(text.replace('TIME', time), 'latin1') };
  }
  return { positions: [resultPosition(PROTOCOL, context.now, text)] };
}
