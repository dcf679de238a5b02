import type { DecodedPosition } from '../../processing/types';
import type { Reader } from '../shared/bytes';
import { newPosition, setLocation } from '../shared/position';
import { knotsFromKmh } from '../../../model/units';
import { trimmed } from './itemTypes';
import { PROTOCOL, readTime } from './location';
import { decodeObdRt } from './obd';

/**
 * 0x0900 transparent data: a type byte, then whatever a peripheral or the manufacturer put
 * there. The simple kinds are read: a text line (an accessory's output, or a `GTSL|…` driver card
 * read whose fifth field is the card), an `$OBD-RT` line, and a plain fix. Other kinds are only
 * acknowledged.
 */
export function decodeTransparent(body: Reader, now: number): DecodedPosition | null {
  const type = body.u8();
  if (type === 0x40) {
    const text = trimmed(body.text(body.remaining));
    const position = newPosition(PROTOCOL, now);
    if (text.startsWith('GTSL')) {
      const fields = text.split('|');
      if (fields.length <= 4) return null;
      position.attributes.driverUniqueId = fields[4];
    } else {
      position.attributes.data = text;
    }
    return position;
  }
  if (type === 0x41) {
    const position = newPosition(PROTOCOL, now);
    decodeObdRt(position, trimmed(body.text(body.remaining)));
    return position;
  }
  if (type === 0xff) {
    const position = newPosition(PROTOCOL, now);
    const time = readTime(body, now);
    const latitude = body.i32() / 1e6;
    const longitude = body.i32() / 1e6;
    position.altitude = body.i16();
    position.speed = knotsFromKmh(body.u16() / 10);
    position.course = body.u16();
    position.deviceTime = time;
    setLocation(position, { time, valid: true, latitude, longitude });
    return position;
  }
  return null;
}
