import type { FrameSplitter, SplitResult } from '../shared/definition';
import {
  BARE_GPS_TOTAL,
  COUNTED_WIFI_TYPES,
  GPS_LENGTH,
  LONG_START,
  MSG_GPS,
  SHORT_START,
  countedWifiEnd,
  crcHolds,
  declaredTotal,
  endsWithStop,
  headerLength,
  isStart,
} from './frame';

/**
 * Cuts a GT06 byte stream into frames. A frame is taken at its declared length when it ends in
 * `0D 0A` there and its CRC holds; failing that, a clone's frame is looked for (a miscounted
 * length whose CRC holds at an earlier or later `0D 0A`, a counted Wi-Fi report, an old CRC-less
 * GPS report). A frame that is whole but whose CRC fails is skipped as one piece; anything else
 * that is not a frame is skipped a byte at a time up to the next `78 78` / `79 79`.
 */

/** No GT06 device sends a frame this long; a start that declares more is garbage. */
const MAX_FRAME = 8192;
/** How far a short frame whose length byte lies is looked for (its declared maximum is 260). */
const MAX_SHORT_SCAN = 320;

/** Nothing decided yet: the form the bytes may be needs more of them. */
const WAIT = 'wait';
/** The bytes are not that form. */
const NONE = 'none';

type Side = 'server' | 'device';

/**
 * The splitter for one connection. `server` reads what devices send (with the clones' forms);
 * `device` reads what the server sends (standard frames and the bare Wi-Fi acknowledgement).
 */
export function gt06Splitter(side: Side = 'server'): FrameSplitter {
  return { next: (buffer) => nextFrame(buffer, side) };
}

function nextFrame(buffer: Buffer, side: Side): SplitResult | null {
  const start = findStart(buffer);
  if (start < 0) {
    // Keep a last byte that may be the first half of a start marker.
    const last = buffer[buffer.length - 1];
    const keep = last === SHORT_START || last === LONG_START ? 1 : 0;
    return buffer.length > keep ? { skip: buffer.length - keep } : null;
  }
  if (start > 0) return { skip: start };

  const extended = buffer[0] === LONG_START;
  // The protocol number decides which clone forms are possible: wait for it.
  if (buffer.length <= headerLength(extended)) return null;
  const total = declaredTotal(buffer);
  if (total === null) return null;
  if (total > MAX_FRAME) return { skip: 1 };

  const complete = buffer.length >= total;
  if (complete && crcHolds(buffer, total, extended)) return take(buffer, total);

  const other = cloneForm(buffer, total, extended, side);
  if (typeof other === 'number') return take(buffer, other);
  if (!complete || other === WAIT) {
    // Waiting is right for a frame still arriving, but a stray start byte before a real frame
    // would make the connection wait for bytes that never come while the device waits for its
    // answer: when a whole, valid frame already follows, what lies before it is garbage.
    const later = laterFrame(buffer);
    return later === null ? null : { skip: later };
  }
  // Whole, but its CRC fails: drop it as one piece so the next frame is read from its start.
  if (endsWithStop(buffer, total)) return { skip: total };
  return { skip: 1 };
}

function take(buffer: Buffer, length: number): SplitResult {
  return { frame: buffer.subarray(0, length), length };
}

function findStart(buffer: Buffer): number {
  for (let at = 0; at < buffer.length - 1; at++) {
    if (isStart(buffer, at)) return at;
  }
  return -1;
}

/**
 * A frame in one of the forms clones send, as the length it spans; WAIT when such a frame may
 * still complete with more bytes, NONE when the bytes are none of them.
 */
function cloneForm(
  buffer: Buffer,
  declared: number,
  extended: boolean,
  side: Side,
): number | typeof WAIT | typeof NONE {
  if (extended) return NONE;
  const type = buffer[3];
  const miscounted = miscountedLength(buffer, declared);
  if (miscounted !== null) return miscounted;

  let result: number | typeof WAIT | typeof NONE = NONE;
  if (side === 'server' && COUNTED_WIFI_TYPES.has(type)) {
    const end = countedWifiEnd(buffer);
    result = end === null ? NONE : end < 0 ? WAIT : end;
  } else if (side === 'server' && type === MSG_GPS && buffer[2] === GPS_LENGTH) {
    result = fixedLength(buffer, BARE_GPS_TOTAL);
  } else if (side === 'device' && COUNTED_WIFI_TYPES.has(type) && buffer[2] === 0) {
    // The server's acknowledgement of a counted Wi-Fi report: `78 78 00 type time(6) 0D 0A`.
    result = fixedLength(buffer, 4 + 6 + 2);
  }
  return result;
}

/** A form of known total size: that size once its bytes are in and end in `0D 0A`. */
function fixedLength(buffer: Buffer, total: number | null): number | typeof WAIT | typeof NONE {
  if (total === null || buffer.length < total) return WAIT;
  return endsWithStop(buffer, total) ? total : NONE;
}

/** A short frame ending at a `0D 0A` other than the declared one, where its CRC holds. */
function miscountedLength(buffer: Buffer, declared: number): number | null {
  const window = buffer.subarray(0, Math.min(buffer.length, MAX_SHORT_SCAN));
  let at = window.indexOf(0x0d, headerLength(false) + 1);
  while (at >= 0 && at + 1 < window.length) {
    const length = at + 2;
    if (length !== declared && window[at + 1] === 0x0a && crcHolds(window, length, false))
      return length;
    at = window.indexOf(0x0d, at + 1);
  }
  return null;
}

/** Where the first whole frame with a good CRC after the start of `buffer` begins, if any. */
function laterFrame(buffer: Buffer): number | null {
  for (let at = 1; at < buffer.length - 1; at++) {
    if (!isStart(buffer, at)) continue;
    const rest = buffer.subarray(at);
    const extended = rest[0] === LONG_START;
    const total = declaredTotal(rest);
    if (total !== null && rest.length >= total && crcHolds(rest, total, extended)) return at;
    if (!extended && rest.length > 3 && miscountedLength(rest, total ?? -1) !== null) return at;
  }
  return null;
}
