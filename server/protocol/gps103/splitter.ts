import type { FrameSplitter, SplitResult } from '../shared/definition';

/**
 * Coban text frames end with `;` (the alternative form with `*`); some firmwares end them with a
 * line break instead. A frame starts with `imei:`, the login's `##` or a heartbeat's IMEI digits;
 * anything before that (line breaks between frames, noise) is skipped. The frame keeps its `;` or
 * `*` (the decoder tells the two forms apart by it) but not a line break. There is no checksum.
 */

/** Photo chunks are the longest frames (about 1 KB of hex); nothing real comes near this. */
export const MAX_FRAME = 8192;

const SEMICOLON = 0x3b;
const STAR = 0x2a;
const LF = 0x0a;
const CR = 0x0d;
const HASH = 0x23;
const IMEI = Buffer.from('imei:', 'latin1');

const isDigit = (byte: number): boolean => byte >= 0x30 && byte <= 0x39;

/** 'yes' when a frame starts at `at`, 'maybe' when the buffer ends inside what may be a start. */
function startsAt(buffer: Buffer, at: number): 'yes' | 'maybe' | 'no' {
  const byte = buffer[at];
  if (byte === undefined) return 'no';
  if (isDigit(byte)) return 'yes';
  if (byte === HASH) {
    const next = buffer[at + 1];
    if (next === undefined) return 'maybe';
    return next === HASH ? 'yes' : 'no';
  }
  const available = Math.min(IMEI.length, buffer.length - at);
  if (buffer.compare(IMEI, 0, available, at, at + available) !== 0) return 'no';
  return available === IMEI.length ? 'yes' : 'maybe';
}

export function gps103Splitter(): FrameSplitter {
  // Bytes after the frame's start already searched for an end, so a long run of noise that
  // looks like a start is searched once, not again on every packet.
  let searched = 0;
  return {
    next(buffer: Buffer): SplitResult | null {
      let start = 0;
      let state = startsAt(buffer, 0);
      while (state === 'no' && start < buffer.length) state = startsAt(buffer, ++start);
      if (start > 0 || state !== 'yes') {
        searched = 0;
        return start > 0 ? { skip: start } : null;
      }
      const limit = Math.min(buffer.length, MAX_FRAME);
      for (let at = Math.max(1, Math.min(searched, limit)); at < limit; at++) {
        const byte = buffer[at];
        if (byte === SEMICOLON || byte === STAR) {
          searched = 0;
          return { frame: buffer.subarray(0, at + 1), length: at + 1 };
        }
        if (byte === LF) {
          searched = 0;
          const end = buffer[at - 1] === CR ? at - 1 : at;
          return { frame: buffer.subarray(0, end), length: at + 1 };
        }
      }
      searched = limit;
      if (buffer.length < MAX_FRAME) return null;
      // No end within the longest frame: this start was noise; look for the next one.
      searched -= 1;
      return { skip: 1 };
    },
  };
}
