import type { FrameSplitter, SplitResult } from '../shared/definition';
import { MIN_BINARY, MIN_COMPACT, binaryIntact, binaryKind, binaryLength } from './binary';

/**
 * Splits a Queclink connection's bytes. Every frame starts with '+'. A text frame (`+RESP:`,
 * `+BUFF:`, `+ACK:`) runs to its `$` (the frame excludes it); a binary frame is as long as its
 * length field says and is checked before it is handed on.
 */

const TEXT_HEADERS = ['+RESP:', '+BUFF:', '+ACK:'].map((h) => Buffer.from(h, 'latin1'));
/** Longer than any report, configuration dumps (GTALL) included. */
const MAX_TEXT = 4096;
/** Longer than any binary report, compressed tracks included; a larger length is garbage. */
const MAX_BINARY = 16 * 1024;

export function gl200Splitter(): FrameSplitter {
  return { next };
}

function next(buffer: Buffer): SplitResult | null {
  if (buffer.length === 0) return null;
  if (buffer[0] !== 0x2b) {
    const at = buffer.indexOf(0x2b);
    return { skip: at < 0 ? buffer.length : at };
  }
  const kind = binaryKind(buffer);
  if (kind === null) return null;
  if (kind === 'text') return nextText(buffer);
  const length = binaryLength(buffer, kind);
  if (length === null) return null;
  if (length < (kind === 'compact' ? MIN_COMPACT : MIN_BINARY) || length > MAX_BINARY) {
    return { skip: 1 };
  }
  if (buffer.length < length) return null;
  const frame = buffer.subarray(0, length);
  const intact = binaryIntact(frame, kind);
  if (intact === 'ok') return { frame, length };
  // A frame whose tail is where its length says but whose CRC fails is dropped whole; without
  // the tail the length itself is suspect, so look for the next frame one byte on.
  return { skip: intact === 'crc' ? length : 1 };
}

function nextText(buffer: Buffer): SplitResult | null {
  const header = TEXT_HEADERS.find((h) =>
    buffer.subarray(0, h.length).equals(h.subarray(0, Math.min(h.length, buffer.length))),
  );
  if (!header) return { skip: 1 };
  if (buffer.length < header.length) return null;
  let end = buffer.indexOf(0x24);
  // Some firmware ends a report with NUL instead of `$`.
  if (end < 0) end = buffer.indexOf(0x00);
  if (end < 0) return buffer.length > MAX_TEXT ? { skip: 1 } : null;
  // A report cut short (the device reconnected mid-frame) is followed by a whole one: start there.
  for (const h of TEXT_HEADERS) {
    const at = buffer.subarray(0, end).indexOf(h, 1);
    if (at > 0) return { skip: at };
  }
  if (end > MAX_TEXT) return { skip: 1 };
  return { frame: buffer.subarray(0, end), length: end + 1 };
}
