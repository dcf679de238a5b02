import type { FrameSplitter, SplitResult } from '../shared/definition';

/**
 * TK103 frames are `(` … `)`, no checksum. A device's free text (a command's answer) sits between
 * `$` signs and may hold `(` or `)`, so brackets only count outside it. A `(` outside text before
 * the frame closed means what came before was noise and a frame starts again there.
 */

/** Longer than any frame the family sends (cell lists, a device's status text). */
export const MAX_FRAME = 4096;

const OPEN = 0x28;
const CLOSE = 0x29;
const DOLLAR = 0x24;

export function tk103Splitter(): FrameSplitter {
  // How far the frame at the buffer's start was already searched, and whether that point is
  // inside free text: a frame arriving in small packets is searched once, not once per packet.
  let searched = 0;
  let inText = false;
  const restart = (): void => {
    searched = 0;
    inText = false;
  };
  return {
    next(buffer: Buffer): SplitResult | null {
      if (buffer.length === 0) return null;
      if (buffer[0] !== OPEN) {
        restart();
        const at = buffer.indexOf(OPEN);
        return { skip: at < 0 ? buffer.length : at };
      }
      const limit = Math.min(buffer.length, MAX_FRAME);
      let at = Math.max(1, Math.min(searched, limit));
      let text = searched > 0 && inText;
      for (; at < limit; at++) {
        const byte = buffer[at];
        if (byte === DOLLAR) {
          text = !text;
        } else if (!text && byte === OPEN) {
          restart();
          return { skip: at };
        } else if (!text && byte === CLOSE) {
          restart();
          return { frame: buffer.subarray(0, at + 1), length: at + 1 };
        }
      }
      searched = at;
      inText = text;
      if (buffer.length < MAX_FRAME) return null;
      // No end within the longest frame: this `(` was noise.
      restart();
      return { skip: 1 };
    },
  };
}
