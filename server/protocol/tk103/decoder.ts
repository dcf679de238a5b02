import type { DecodedPosition } from '../../processing/types';
import type { DecodeContext, DecodeResult } from '../shared/definition';
import { FrameError } from '../shared/definition';
import { addAlarm, newPosition } from '../shared/position';
import { BO01_ALARMS, BQ81_ALARMS } from './alarms';
import { findFix } from './fix';
import { SEPARATED_STATE, parseFrame } from './frame';
import { applyCellList, applyServingCell } from './network';
import { PROTOCOL, decodeSeparated } from './separated';

/**
 * One TK103 frame. The device waits for three answers: `(<id>AP01HSO)` to its handshake `BP00`,
 * `(<id>AP05)` to its login `BP05`, and `(<id>AS01<digit>)` to an alarm `BO01` (the protocol
 * document's acknowledgement; Traccar leaves alarms unanswered, and units that do not wait for it
 * ignore it). The comma-separated units are not answered.
 */

/** Message types whose data is a fix block; a frame of one of them without a fix is corrupt. */
const FIX_TYPES = /^(?:BR\d\d|BO01|BP04)$/;

const ascii = (text: string): Buffer => Buffer.from(text, 'latin1');

export function decodeTk103(frame: Buffer, context: DecodeContext): DecodeResult {
  const { id, type, data, separated } = parseFrame(frame.toString('latin1'));
  const identify = [id];

  if (separated) {
    // Units with a 15-digit IMEI in this layout take their commands in the `[begin]sms2,…,[end]`
    // form; a 12-digit id answering in it stays with the original commands.
    if (/^\d{15}$/.test(id)) context.state.set(SEPARATED_STATE, true);
    return { identify, positions: [decodeSeparated(type, data, context.now)] };
  }

  switch (type) {
    case 'BP00':
      return { identify, reply: ascii(`(${id}AP01HSO)`) };
    case 'BZ00': {
      const position = newPosition(PROTOCOL, context.now);
      if (data.includes('{')) applyCellList(position, data);
      else applyServingCell(position, data);
      return { identify, positions: [position] };
    }
    case 'BV00': {
      // A vehicle identification number, from units on the OBD port.
      if (!/^[0-9A-Z]{17}$/.test(data)) break;
      const position = newPosition(PROTOCOL, context.now);
      position.attributes.vin = data;
      return { identify, positions: [position] };
    }
    case 'BO01': {
      const digit = data.slice(0, 1);
      const position = fixPosition(type, data.slice(1), context.now);
      addAlarm(position, BO01_ALARMS.get(digit));
      return { identify, positions: [position], reply: ascii(`(${id}AS01${digit})`) };
    }
    case 'BQ81': {
      const alarm = /^,ALARM,(\d),\d+,/.exec(data);
      const position = fixPosition(type, alarm ? data.slice(alarm[0].length) : data, context.now);
      addAlarm(position, BQ81_ALARMS.get(alarm?.[1] ?? ''));
      return { identify, positions: [position] };
    }
    case 'BP05': {
      // The login is answered whatever it carries: without the answer the unit logs in again.
      const reply = ascii(`(${id}AP05)`);
      const position = data.includes('{')
        ? cellPosition(data, context.now)
        : optionalFixPosition(data, context.now);
      return { identify, positions: position ? [position] : undefined, reply };
    }
  }

  if (FIX_TYPES.test(type)) return { identify, positions: [fixPosition(type, data, context.now)] };
  // Other types (battery-pack reports, configuration dumps) carry nothing stored here; those
  // with a fix block still give the position.
  const position = optionalFixPosition(data, context.now);
  return { identify, positions: position ? [position] : undefined };
}

function fixPosition(type: string, data: string, now: number): DecodedPosition {
  const position = optionalFixPosition(data, now);
  if (!position) throw new FrameError(`${type} without a fix: ${data.slice(0, 40)}`);
  return position;
}

function optionalFixPosition(data: string, now: number): DecodedPosition | null {
  const fix = findFix(data);
  if (!fix) return null;
  const position = newPosition(PROTOCOL, now);
  fix.apply(position, now);
  return position;
}

function cellPosition(data: string, now: number): DecodedPosition {
  const position = newPosition(PROTOCOL, now);
  applyCellList(position, data);
  return position;
}
