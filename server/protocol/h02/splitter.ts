import type { FrameSplitter, SplitResult } from '../shared/definition';

/**
 * One H02 connection carries text messages (`*HQ,…#`) and binary reports (`$` + BCD) mixed.
 * Text ends at `#`. Binary reports have no end marker, no length field and no checksum, and their
 * length depends on the firmware (32, 42, 45, 46, 48 bytes are known), so a report ends where
 * the next message plausibly starts: a `*XX,` text head, or a `$` followed by a BCD id and a real
 * time of day. The length found that way is remembered for the connection, so a report is cut
 * as soon as it is whole, without waiting for the next one. `X` reports (32 bytes, same layout)
 * are framed too; nothing is stored from them, as in Traccar.
 */

const TEXT = 0x2a; // '*'
const BINARY = 0x24; // '$'
const OTHER_BINARY = 0x58; // 'X'
const HASH = 0x23;

/** A text message longer than this without its `#` is not one (SMS answers are the longest). */
export const TEXT_MAX = 2048;
/** The shortest binary report. */
const BINARY_MIN = 32;
/** No binary report is known to be longer: past this, what follows a report is garbage. */
const BINARY_MAX = 64;
/** Report lengths seen on real devices, the ones a connection may learn. */
const KNOWN_LENGTHS: readonly number[] = [32, 42, 45, 46, 48];
/** Lengths taken on trust when a packet holds exactly one report and nothing is learnt yet. */
const WHOLE_LENGTHS: readonly number[] = [32, 45];
/** The `X` report's length. */
const OTHER_LENGTH = 32;

type Verdict = 'yes' | 'no' | 'maybe';

const isMarker = (byte: number): boolean =>
  byte === TEXT || byte === BINARY || byte === OTHER_BINARY;

const isLetter = (byte: number): boolean =>
  (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);

/** Whether `*XX,` starts at `at` ('maybe' when the buffer ends first). */
function textHead(buffer: Buffer, at: number): Verdict {
  const checks = [isLetter, isLetter, (byte: number) => byte === 0x2c];
  for (let i = 0; i < checks.length; i++) {
    if (at + 1 + i >= buffer.length) return 'maybe';
    if (!checks[i](buffer[at + 1 + i])) return 'no';
  }
  return 'yes';
}

/** The highest value each BCD byte of a report's head may take, after an id of `idBytes`. */
function headLimits(idBytes: number): number[] {
  // Id digits, then hh mm ss dd mm yy, then latitude degrees and its minutes.
  return [...Array<number>(idBytes).fill(99), 23, 59, 59, 31, 12, 99, 90, 59, 99, 99];
}
const SHORT_HEAD = headLimits(5);
const LONG_HEAD = headLimits(8);

function bcdHead(buffer: Buffer, at: number, limits: readonly number[], longId: boolean): Verdict {
  for (let i = 0; i < limits.length; i++) {
    const index = at + 1 + i;
    if (index >= buffer.length) return 'maybe';
    const byte = buffer[index];
    const high = byte >> 4;
    const low = byte & 0x0f;
    // The 16th nibble of a 15-digit IMEI is padding.
    const lastIdByte = longId && i === 7;
    if (high > 9 || (low > 9 && !lastIdByte)) return 'no';
    if (high * 10 + low > limits[i] && !lastIdByte) return 'no';
  }
  return 'yes';
}

/** Whether a binary report starts at `at`, with a 5-byte or an 8-byte id. */
function binaryHead(buffer: Buffer, at: number): Verdict {
  const short = bcdHead(buffer, at, SHORT_HEAD, false);
  const long = bcdHead(buffer, at, LONG_HEAD, true);
  if (short === 'yes' || long === 'yes') return 'yes';
  if (short === 'maybe' || long === 'maybe') return 'maybe';
  return 'no';
}

function messageAt(buffer: Buffer, at: number): Verdict {
  const byte = buffer[at];
  if (byte === TEXT) return textHead(buffer, at);
  if (byte === BINARY || byte === OTHER_BINARY) return binaryHead(buffer, at);
  return 'no';
}

/** Bytes a text message may hold: printable ASCII and line breaks (SMS answers have them). */
const isTextByte = (byte: number): boolean =>
  (byte >= 0x20 && byte !== 0x7f) || byte === 0x0a || byte === 0x0d || byte === 0x09;

function nextText(buffer: Buffer): SplitResult | null {
  const limit = Math.min(buffer.length, TEXT_MAX);
  for (let i = 1; i < limit; i++) {
    const byte = buffer[i];
    if (byte === HASH) {
      let length = i + 1;
      // Line breaks after the `#` belong to the message.
      while (length < buffer.length && (buffer[length] === 0x0d || buffer[length] === 0x0a)) {
        length++;
      }
      return { frame: buffer.subarray(0, i + 1), length };
    }
    // A new message starts before this one ended: this one was cut short.
    if (byte === TEXT) return { skip: i };
    // Binary bytes: the `*` was not a message's start.
    if (!isTextByte(byte)) return { skip: 1 };
  }
  return buffer.length >= TEXT_MAX ? { skip: 1 } : null;
}

export function h02Splitter(): FrameSplitter {
  /** The report length this connection's device uses, once seen. */
  let learned: number | null = null;

  function reportLength(buffer: Buffer): number | null {
    const last = Math.min(buffer.length - 1, BINARY_MAX);
    for (let at = BINARY_MIN; at <= last; at++) {
      if (!isMarker(buffer[at])) continue;
      const verdict = messageAt(buffer, at);
      if (verdict === 'yes') {
        if (KNOWN_LENGTHS.includes(at)) learned = at;
        return at;
      }
      if (verdict === 'maybe') {
        if (at === learned) return at;
        // The next report may start here: wait for the bytes that tell.
        if (KNOWN_LENGTHS.includes(at) && buffer.length <= BINARY_MAX) return null;
      }
    }
    if (learned !== null) return buffer.length >= learned ? learned : null;
    if (buffer.length > BINARY_MAX) return BINARY_MIN;
    return WHOLE_LENGTHS.includes(buffer.length) ? buffer.length : null;
  }

  return {
    next(buffer: Buffer): SplitResult | null {
      let start = 0;
      while (start < buffer.length && !isMarker(buffer[start])) start++;
      if (start > 0) return { skip: start };
      if (buffer.length === 0) return null;

      const head = messageAt(buffer, 0);
      if (head === 'no') return { skip: 1 };
      if (head === 'maybe') return null;

      if (buffer[0] === TEXT) return nextText(buffer);
      if (buffer[0] === OTHER_BINARY) {
        if (buffer.length < OTHER_LENGTH) return null;
        return { frame: buffer.subarray(0, OTHER_LENGTH), length: OTHER_LENGTH };
      }
      if (buffer.length < BINARY_MIN) return null;
      const length = reportLength(buffer);
      return length === null ? null : { frame: buffer.subarray(0, length), length };
    },
  };
}
