import type { FrameSplitter, SplitResult } from './definition';

/**
 * Frame splitters most protocols are built from. Each returns the next frame at the start of the
 * unconsumed bytes, bytes to skip before one, or null until more bytes arrive.
 */

/**
 * Text frames that end with `end` (`;`, `#`, `\r\n`, …), optionally starting with one of
 * `starts` (anything before it is skipped as garbage). The frame excludes `end` unless
 * `keepEnd`. Frames longer than `maxLength` without their end are skipped a byte at a time until
 * a start is found again.
 */
export function delimitedSplitter(options: {
  end: string | readonly string[];
  starts?: readonly string[];
  keepEnd?: boolean;
  maxLength?: number;
}): FrameSplitter {
  const ends = (Array.isArray(options.end) ? options.end : [options.end]).map((e: string) =>
    Buffer.from(e, 'latin1'),
  );
  const starts = (options.starts ?? []).map((s) => Buffer.from(s, 'latin1'));
  const maxLength = options.maxLength ?? 4096;
  return {
    next(buffer: Buffer): SplitResult | null {
      if (buffer.length === 0) return null;
      if (starts.length > 0) {
        const at = firstIndex(buffer, starts, 0);
        if (at < 0) {
          // Keep a tail that may be the beginning of a start marker.
          const keep = Math.max(...starts.map((s) => s.length)) - 1;
          return buffer.length > keep ? { skip: buffer.length - keep } : null;
        }
        if (at > 0) return { skip: at };
      }
      let best = -1;
      let endLength = 0;
      for (const end of ends) {
        const at = buffer.indexOf(end, 1);
        if (at >= 0 && (best < 0 || at < best)) {
          best = at;
          endLength = end.length;
        }
      }
      if (best < 0) return buffer.length > maxLength ? { skip: 1 } : null;
      const length = best + endLength;
      return { frame: buffer.subarray(0, options.keepEnd ? length : best), length };
    },
  };
}

function firstIndex(buffer: Buffer, markers: readonly Buffer[], from: number): number {
  let best = -1;
  for (const marker of markers) {
    const at = buffer.indexOf(marker, from);
    if (at >= 0 && (best < 0 || at < best)) best = at;
  }
  return best;
}

/** Reads a length field of `size` bytes at `offset` (big-endian unless `littleEndian`). */
export function readLength(
  buffer: Buffer,
  offset: number,
  size: 1 | 2 | 4,
  littleEndian = false,
): number {
  if (size === 1) return buffer.readUInt8(offset);
  if (size === 2) return littleEndian ? buffer.readUInt16LE(offset) : buffer.readUInt16BE(offset);
  return littleEndian ? buffer.readUInt32LE(offset) : buffer.readUInt32BE(offset);
}
