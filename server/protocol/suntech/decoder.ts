import { type DecodeContext, type DecodeResult, FrameError } from '../shared/definition';
import { ALERT, STATUS, decodeBinary } from './binary';
import { Fields } from './fields';
import { decodeLegacy } from './legacy';
import { decodeSt4xx } from './st4xx';
import { decodeSt910 } from './st910';
import { decodeUniversal } from './universal';
import { STX, decodeZip } from './zip';

/**
 * One Suntech frame, whichever of its forms, to identifiers and positions. Suntech devices wait
 * for no acknowledgement over TCP, so nothing is ever replied. The decoder remembers in the
 * connection's state which dialect the device speaks, so commands go back in it.
 */

/** Set once the device sent a universal-protocol report (text or binary). */
export const UNIVERSAL_KEY = 'suntech.universal';
/** The legacy model prefix the device's reports carry (`ST300`, `SA200`, …). */
export const PREFIX_KEY = 'suntech.prefix';

export function decodeSuntech(frame: Buffer, context: DecodeContext): DecodeResult {
  if (frame.length === 0) throw new FrameError('empty frame');
  const first = frame[0];
  if (first === STX) return decodeZip(frame);
  if ((first === STATUS || first === ALERT) && frame.length > 1 && frame[1] === 0) {
    context.state.set(UNIVERSAL_KEY, true);
    return decodeBinary(frame, context.now);
  }

  // A datagram or a test may still hold the line end.
  const fields = new Fields(frame.toString('latin1').replace(/[\r\n]+$/, ''));
  const header = fields.next('header');
  if (/^[A-Z]{3}$/.test(header)) {
    context.state.set(UNIVERSAL_KEY, true);
    return decodeUniversal(header, fields, context.now);
  }
  if (!/^S[A-Z]\d{3}/.test(header)) throw new FrameError(`not a Suntech report: ${header}`);
  // The model prefix is the header without its three-letter type (ST910 reports have none).
  if (header.length > 5) context.state.set(PREFIX_KEY, header.slice(0, -3));
  if (header.startsWith('ST9')) return decodeSt910(fields);
  if (header.startsWith('ST4')) return decodeSt4xx(header.slice(5), fields, context.now);
  return decodeLegacy(header, fields, context.now);
}
