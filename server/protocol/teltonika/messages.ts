import type { DecodedPosition } from '../../processing/types';
import type { Reader } from '../shared/bytes';
import { newPosition, resultPosition } from '../shared/position';
import { MESSAGE_TYPE, PROTOCOL } from './codec';

/**
 * The text messages of codecs 12, 13 and 14: a device's response to a command, or a message it
 * sends on its own. None carries a fix, so each becomes an outdated position (the server keeps the
 * last location) holding the text in `result`; a message the server cannot use is null.
 */

/**
 * Printable the way a device's text reply is: no control byte but CR and LF, nothing above
 * 0x7F. Anything else is shown as hex.
 */
function isPrintable(bytes: Buffer): boolean {
  return bytes.every((b) => (b >= 0x20 && b < 0x80) || b === 0x0d || b === 0x0a);
}

const messageText = (bytes: Buffer): string =>
  isPrintable(bytes) ? bytes.toString('latin1').trim() : bytes.toString('hex');

/** Codec 12: a response (type 6) or any other message type with its text. */
export function decodeCodec12(reader: Reader, now: number): DecodedPosition | null {
  const type = reader.u8();
  const content = reader.bytes(reader.u32());
  // A camera transfer asks the server to fetch a picture piece by piece: not supported.
  if (type === MESSAGE_TYPE.CAMERA) return null;
  const text = messageText(content);
  const position = axleLoads(text, now) ?? resultPosition(PROTOCOL, now, text);
  position.attributes.type = type;
  return position;
}

/**
 * An axle-load scale's report (`UUUUww<8 axles>;<4 loads>;SSS`), which some installations pass
 * through the device's serial port: numbers rather than a result.
 */
function axleLoads(text: string, now: number): DecodedPosition | null {
  if (!text.startsWith('UUUUww') || !text.endsWith('SSS')) return null;
  const values = text.slice(6, -4).split(';').map(Number);
  if (values.length < 12 || values.slice(0, 12).some((v) => !Number.isFinite(v))) return null;
  const position = newPosition(PROTOCOL, now);
  const attributes = position.attributes;
  for (let i = 0; i < 8; i++) attributes[`axle${i + 1}`] = values[i];
  attributes.loadTruck = values[8];
  attributes.loadTrailer = values[9];
  attributes.totalTruck = values[10];
  attributes.totalTrailer = values[11];
  return position;
}

/**
 * Codec 13: a message with the device's timestamp (seconds) in front of its text. A driver
 * registration line (`GTSL|…|…|…|<driver id>|…`) names the driver instead.
 */
export function decodeCodec13(reader: Reader): DecodedPosition | null {
  reader.u8(); // type
  const length = reader.u32();
  const time = reader.u32() * 1000;
  const content = reader.bytes(length - 4);
  const text = messageText(content);
  if (text.startsWith('GTSL')) {
    const driver = text.split('|')[4];
    if (!driver) return null;
    const position = newPosition(PROTOCOL, time);
    position.attributes.driverUniqueId = driver;
    return position;
  }
  return resultPosition(PROTOCOL, time, text);
}

/**
 * Codec 14: the response carries the IMEI (8 bytes) before the text. A "not mine" answer (the
 * command named another IMEI) has no text: nothing to report.
 */
export function decodeCodec14(reader: Reader, now: number): DecodedPosition | null {
  const type = reader.u8();
  const body = reader.bytes(reader.u32());
  if (type !== MESSAGE_TYPE.RESPONSE || body.length < 8) return null;
  const position = resultPosition(PROTOCOL, now, messageText(body.subarray(8)));
  position.attributes.type = type;
  return position;
}
