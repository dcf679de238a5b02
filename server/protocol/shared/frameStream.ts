import type { FrameSplitter } from './definition';

/**
 * One connection's unconsumed bytes, cut into frames by the protocol's splitter. Bounded: past
 * `limit` bytes without a whole frame, or `junkLimit` bytes skipped or refused by the decoder since
 * the last frame it decoded (`accepted`), the connection is over (a device, or anything else, that sends junk is dropped; nothing else is
 * hurt). The TCP listener feeds it each packet; tests feed it chunks the way a network would.
 */

/** Unconsumed bytes a connection may hold while waiting for the rest of a frame. */
export const DEFAULT_BUFFER_LIMIT = 64 * 1024;
/** Bytes a connection may have skipped, or had refused, since its last decoded frame. */
export const DEFAULT_JUNK_LIMIT = 64 * 1024;

export interface PushResult {
  frames: Buffer[];
  /** Bytes skipped in this push (garbage, failed checksums). */
  skipped: number;
  /** The connection exceeded a limit: drop it. */
  overflow: boolean;
}

export class FrameStream {
  private pending: Buffer = Buffer.alloc(0);
  private junk = 0;

  constructor(
    private readonly splitter: FrameSplitter,
    private readonly limit = DEFAULT_BUFFER_LIMIT,
    private readonly junkLimit = DEFAULT_JUNK_LIMIT,
  ) {}

  /** Bytes held, waiting for the rest of a frame. */
  get buffered(): number {
    return this.pending.length;
  }

  /**
   * Adds bytes and returns the whole frames they complete. Frames are copies: the buffer they
   * came from is reused.
   */
  push(chunk: Buffer): PushResult {
    let buffer = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const frames: Buffer[] = [];
    let skipped = 0;
    while (buffer.length > 0) {
      const next = this.splitter.next(buffer);
      if (next === null) break;
      if ('skip' in next) {
        const bytes = Math.max(1, Math.min(next.skip, buffer.length));
        skipped += bytes;
        this.junk += bytes;
        buffer = buffer.subarray(bytes);
        if (this.junk > this.junkLimit) return this.over(frames, skipped);
        continue;
      }
      const length = Math.max(1, Math.min(next.length, buffer.length));
      frames.push(Buffer.from(next.frame));
      buffer = buffer.subarray(length);
    }
    if (buffer.length > this.limit) return this.over(frames, skipped);
    // Copy the tail: the chunk it views belongs to the socket and would be kept alive whole.
    this.pending = buffer.length === 0 ? Buffer.alloc(0) : Buffer.from(buffer);
    return { frames, skipped, overflow: false };
  }

  /** A frame decoded: the junk count starts again. */
  accepted(): void {
    this.junk = 0;
  }

  /** Counts a frame the decoder refused as junk; true when that crosses the junk limit. */
  refused(bytes: number): boolean {
    this.junk += bytes;
    return this.junk > this.junkLimit;
  }

  private over(frames: Buffer[], skipped: number): PushResult {
    this.pending = Buffer.alloc(0);
    return { frames, skipped, overflow: true };
  }
}
