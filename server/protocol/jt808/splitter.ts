import type { FrameSplitter, SplitResult } from '../shared/definition';
import { DELIMITER, ESCAPE, MIN_CONTENT } from './frame';

/**
 * Splits a JT808 stream. Binary frames run from one 7E to the next; the frame handed on is the
 * wire form (still escaped) once its escapes and check code are right, so the decoder and the
 * live log see exactly what the device sent. Some padlocks on the same port also send text in
 * parentheses, `(…)`, which is handed on whole.
 */

/** An escaped frame: a 1023-byte body and a 2019 header, every byte escaped, with room to spare. */
const MAX_FRAME = 4096;
/** The padlocks' text frames are short. */
const MAX_TEXT = 1024;
const OPEN = 0x28; // '('
const CLOSE = 0x29; // ')'

export function jt808Splitter(): FrameSplitter {
  return { next };
}

function next(buffer: Buffer): SplitResult | null {
  const start = firstStart(buffer);
  if (start < 0) return { skip: buffer.length };
  if (start > 0) return { skip: start };
  return buffer[0] === OPEN ? nextText(buffer) : nextBinary(buffer);
}

function firstStart(buffer: Buffer): number {
  for (let i = 0; i < buffer.length; i++) {
    if (buffer[i] === DELIMITER || buffer[i] === OPEN) return i;
  }
  return -1;
}

function nextBinary(buffer: Buffer): SplitResult | null {
  const end = buffer.indexOf(DELIMITER, 1);
  if (end < 0) return buffer.length > MAX_FRAME ? { skip: 1 } : null;
  // A frame that fails is skipped up to its closing 7E, which may be the opening of the next one
  // (after a device's reconnect, or when the stream was joined in the middle of a frame).
  if (end > MAX_FRAME || !checks(buffer, end)) return { skip: end };
  return { frame: buffer.subarray(0, end + 1), length: end + 1 };
}

/** Whether the escaped content between 0 and `end` unescapes cleanly and its check code holds. */
function checks(buffer: Buffer, end: number): boolean {
  let xor = 0;
  let previous = -1;
  let length = 0;
  for (let i = 1; i < end; i++) {
    let byte = buffer[i];
    if (byte === ESCAPE) {
      const code = buffer[++i];
      if (i >= end || (code !== 0x01 && code !== 0x02)) return false;
      byte = code === 0x01 ? ESCAPE : DELIMITER;
    }
    // The XOR runs one byte behind so the last byte, the check code, stays out of it.
    if (previous >= 0) xor ^= previous;
    previous = byte;
    length++;
  }
  return length >= MIN_CONTENT && xor === previous;
}

function nextText(buffer: Buffer): SplitResult | null {
  for (let i = 1; i < buffer.length && i <= MAX_TEXT; i++) {
    const byte = buffer[i];
    if (byte === CLOSE) return { frame: buffer.subarray(0, i + 1), length: i + 1 };
    // Printable ASCII only: a stray 0x28 in binary junk must not swallow the frames after it.
    if (byte < 0x20 || byte >= DELIMITER) return { skip: 1 };
  }
  return buffer.length > MAX_TEXT ? { skip: 1 } : null;
}
