import type { FrameSplitter, SplitResult } from '../shared/definition';
import { ALERT, STATUS } from './binary';
import { ETX, STX } from './zip';

/**
 * Suntech devices mix three framings on one connection: text reports ending with CR (some
 * firmware CR LF), legacy zip reports (`0x02`, length, …, `0x03`) and universal binary reports
 * (`0x81`/`0x82`, length, …). A text report's serial data (`UEX`) may itself hold CR LF; there
 * the line break is followed by the `;` that ends the data, which is how it is told from the end
 * of the report. Anything before a recognisable report start is skipped.
 */

const CR = 0x0d;
const LF = 0x0a;
const SEMICOLON = 0x3b;

/** The longest text report kept waiting for its CR (settings dumps run to about a kilobyte). */
const MAX_TEXT = 4096;
/** The longest header: `ST3300WCDMA`. */
const MAX_HEADER = 12;
/** Binary forms: the device id and mask (universal) or header and id (zip) at least. */
const MIN_BINARY = 6;

/** A whole header: a universal report type (`STT`) or a legacy model and type (`ST300STT`). */
const HEADER = /^(?:[A-Z]{3}|S[A-Z]\d{3,4}[A-Z]*)$/;
/** The beginning of a header. */
const HEADER_START = /^(?:[A-Z]{1,3}|S[A-Z]\d{0,4}|S[A-Z]\d{3,4}[A-Z]*)$/;

export function suntechSplitter(): FrameSplitter {
  return { next };
}

function next(buffer: Buffer): SplitResult | null {
  if (buffer.length === 0) return null;
  const first = buffer[0];
  if (first === CR || first === LF) {
    let at = 1;
    while (at < buffer.length && (buffer[at] === CR || buffer[at] === LF)) at++;
    return { skip: at };
  }
  if (first === STX) return binaryFrame(buffer, 1);
  if (first === STATUS || first === ALERT) return binaryFrame(buffer, 0);
  const header = headerAt(buffer, 0);
  if (header === 'yes') return textFrame(buffer);
  if (header === 'maybe') return null;
  return { skip: nextStart(buffer) };
}

/**
 * A frame with a two-byte length after its first byte, and `trailer` bytes after the length's
 * count (the zip form's ETX). Both forms stay under 256 bytes, so the length's high byte is 0:
 * anything else is not a frame start.
 */
function binaryFrame(buffer: Buffer, trailer: 0 | 1): SplitResult | null {
  if (buffer.length < 3) return null;
  const length = buffer.readUInt16BE(1);
  if (length > 0xff || length < MIN_BINARY) return { skip: nextStart(buffer) };
  const total = 3 + length + trailer;
  if (buffer.length < total) return null;
  if (trailer === 1 && buffer[total - 1] !== ETX) return { skip: nextStart(buffer) };
  return { frame: buffer.subarray(0, total), length: total };
}

function textFrame(buffer: Buffer): SplitResult | null {
  let from = 1;
  for (;;) {
    const cr = buffer.indexOf(CR, from);
    if (cr < 0) return buffer.length > MAX_TEXT ? { skip: nextStart(buffer) } : null;
    const after = buffer[cr + 1];
    if (after === SEMICOLON) {
      from = cr + 1; // LF CR ending serial data
      continue;
    }
    if (after === LF) {
      if (buffer[cr + 2] === SEMICOLON) {
        from = cr + 2; // CR LF ending serial data
        continue;
      }
      return { frame: buffer.subarray(0, cr), length: cr + 2 };
    }
    return { frame: buffer.subarray(0, cr), length: cr + 1 };
  }
}

/** Whether a text header starts at `at`: yes, no, or maybe once more bytes arrive. */
function headerAt(buffer: Buffer, at: number): 'yes' | 'no' | 'maybe' {
  for (let i = at; i < buffer.length && i - at <= MAX_HEADER; i++) {
    const byte = buffer[i];
    if (byte === SEMICOLON) return HEADER.test(buffer.toString('latin1', at, i)) ? 'yes' : 'no';
    const upper = byte >= 0x41 && byte <= 0x5a;
    const digit = byte >= 0x30 && byte <= 0x39;
    if (!upper && !digit) return 'no';
    if (!HEADER_START.test(buffer.toString('latin1', at, i + 1))) return 'no';
  }
  return buffer.length - at > MAX_HEADER ? 'no' : 'maybe';
}

/** Where the next possible frame starts after the first byte (the buffer's end if nowhere). */
function nextStart(buffer: Buffer): number {
  for (let at = 1; at < buffer.length; at++) {
    const byte = buffer[at];
    if (byte === STX || byte === STATUS || byte === ALERT) return at;
    if (byte >= 0x41 && byte <= 0x5a && headerAt(buffer, at) !== 'no') return at;
  }
  return buffer.length;
}
