import type { DecodedPosition } from '../../processing/types';
import type { DecodeContext, DecodeResult } from '../shared/definition';
import { FrameError } from '../shared/definition';
import { decodeRegular } from './regular';
import { decodeAlternative, decodeObd } from './variants';

/**
 * One Coban frame: the login `##,imei:<imei>,A;` (answered `LOAD`), the heartbeat `<imei>;`
 * (answered `ON`; some firmwares glue a report after it), and the reports starting `imei:`.
 * Reports get no answer, except an SOS, which the server acknowledges with `**,imei:<imei>,E;` so
 * the device stops repeating it.
 */

const LOAD = Buffer.from('LOAD', 'latin1');
const ON = Buffer.from('ON', 'latin1');

/**
 * Traccar answers any short `imei:` frame with `LOAD`; a short frame that is a whole report
 * (five fields or more, such as a command's answer `imei:<imei>,jt,,,L,;`) is read as one.
 */
const LOGIN_LENGTH = 30;

export function decodeGps103(frame: Buffer, context: DecodeContext): DecodeResult {
  // A UDP datagram may carry the line break the TCP splitter would have removed.
  const text = frame.toString('latin1').replace(/[\r\n]+$/, '');
  const at = text.indexOf('imei:');

  const login = at >= 3 && /^##,imei:\d+,A;?$/.test(text.slice(at - 3));
  const short = at >= 0 && text.length <= LOGIN_LENGTH && text.slice(at).split(',').length < 5;
  if (login || short) {
    const imei = /imei:(\d+)/.exec(text)?.[1];
    // Answering what names no device would answer line noise.
    if (!imei) throw new FrameError('a login without an IMEI');
    return { identify: [imei], reply: LOAD };
  }

  const replies: Buffer[] = [];
  if (/^\d/.test(text)) {
    replies.push(ON);
    if (at < 0) {
      const digits = text.replace(/;$/, '');
      if (!/^\d{6,20}$/.test(digits)) throw new FrameError('not a GPS103 heartbeat');
      return { identify: [digits], reply: ON };
    }
  } else if (at < 0) {
    throw new FrameError('not a GPS103 frame');
  }

  let body = text.slice(at + 'imei:'.length);
  const alternative = body.endsWith('*');
  if (body.endsWith(';') || alternative) body = body.slice(0, -1);
  const fields = body.split(',');
  const imei = fields[0] ?? '';
  if (!/^\d{1,20}$/.test(imei)) throw new FrameError(`not an IMEI: ${imei}`);
  const keyword = fields[1] ?? '';

  let position: DecodedPosition | null;
  if (keyword === 'vr') {
    // A chunk of a photo: pictures are not stored (see the protocol notes).
    position = null;
  } else if (keyword === 'OBD') {
    position = decodeObd(fields, context.now);
  } else if (alternative) {
    position = decodeAlternative(fields);
  } else {
    position = decodeRegular(fields, context.now);
    if (keyword === 'help me') replies.push(Buffer.from(`**,imei:${imei},E;`, 'latin1'));
  }
  return {
    identify: [imei],
    positions: position ? [position] : undefined,
    reply: replies.length > 0 ? Buffer.concat(replies) : undefined,
  };
}
