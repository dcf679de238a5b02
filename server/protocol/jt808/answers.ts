import { resultPosition } from '../shared/position';
import { bit, STATUS } from './alarms';
import type { Handler, Incoming, Outcome } from './handler';
import { decodeLocation, PROTOCOL } from './location';
import { MSG, PLATFORM_MESSAGE_NAMES, RESULT_TEXT } from './messages';
import { decodeGbk, decodeUtf16be } from './text';

/**
 * The terminal's answers to commands. The standard's are the general response 0x0001 (a result
 * code for the platform message it names), the parameter list 0x0104, the location 0x0201 a
 * location query gets and the location 0x0500 a vehicle control gets; manufacturers answer text
 * commands in text (0x6006 in GBK, 0x1300 in UTF-16, 0x0701). Each becomes a position carrying
 * `result`, which the server turns into a command result event. Being answers, they are not
 * acknowledged, except the vendor text report, which expects it.
 */

/** An outdated position carrying a command's answer. */
const answer = (incoming: Incoming, text: string): Outcome => ({
  positions: [resultPosition(PROTOCOL, incoming.now, text)],
});

/** A parameter's value: a number for 1, 2 and 4 bytes, text when printable, hex otherwise. */
function parameterText(value: Buffer): string {
  if (value.length === 1 || value.length === 2 || value.length === 4) {
    return String(value.readUIntBE(0, value.length));
  }
  if (value.length > 0 && /^[\x20-\x7e]*\0*$/.test(value.toString('latin1'))) {
    return value.toString('latin1').replace(/\0+$/, '');
  }
  return value.toString('hex');
}

export const ANSWER_HANDLERS: readonly (readonly [number, Handler])[] = [
  [
    MSG.terminalResponse,
    (incoming) => {
      const { body } = incoming;
      body.skip(2); // the platform serial it answers
      const answered = body.u16();
      const result = body.u8();
      const name =
        PLATFORM_MESSAGE_NAMES[answered] ?? `0x${answered.toString(16).padStart(4, '0')}`;
      return answer(incoming, `${name}: ${RESULT_TEXT[result] ?? `result ${result}`}`);
    },
  ],
  [
    MSG.parametersAnswer,
    (incoming) => {
      const { body } = incoming;
      body.skip(2);
      const count = body.u8();
      const parameters: string[] = [];
      for (let i = 0; i < count && body.remaining > 0; i++) {
        const id = body.u32();
        const value = body.bytes(body.u8());
        parameters.push(`0x${id.toString(16).padStart(4, '0')}=${parameterText(value)}`);
      }
      return answer(incoming, parameters.join(', '));
    },
  ],
  [MSG.commandAnswer, (incoming) => answer(incoming, incoming.body.text(incoming.body.u32()))],
  [
    MSG.textAnswer,
    (incoming) => {
      incoming.body.skip(2); // the command's serial
      return answer(incoming, decodeUtf16be(incoming.body.bytes(incoming.body.remaining)).trim());
    },
  ],
  [
    MSG.textReport,
    (incoming) => {
      incoming.body.skip(1); // text encoding
      return {
        ack: true,
        ...answer(incoming, decodeGbk(incoming.body.bytes(incoming.body.remaining))),
      };
    },
  ],
  [
    MSG.locationAnswer,
    ({ body, now }) => {
      body.skip(2); // the query's serial
      return { positions: [decodeLocation(body, now).position] };
    },
  ],
  [
    MSG.vehicleControlAnswer,
    ({ body, now }) => {
      body.skip(2); // the control's serial
      const { position, status } = decodeLocation(body, now);
      const fuel = bit(status, STATUS.blocked) ? 'fuel cut' : 'fuel normal';
      const doors = bit(status, STATUS.doorLocked) ? 'doors locked' : 'doors unlocked';
      position.attributes.result = `vehicle control: ${fuel}, ${doors}`;
      return { positions: [position] };
    },
  ],
];
