import { FrameError } from './definition';

/** Byte helpers the binary protocols share. */

/** Packed BCD digits of `bytes` (`0x01 0x23` → `"0123"`); FrameError on a nibble above 9. */
export function bcd(bytes: Buffer): string {
  const text = bytes.toString('hex');
  if (!/^\d*$/.test(text)) throw new FrameError(`not BCD: ${text}`);
  return text;
}

/** Lower-case hex of a buffer, as the live protocol logs show a binary frame. */
export const hex = (bytes: Buffer): string => bytes.toString('hex');

/** Bytes from a hex string (test frames, simulator frames); spaces ignored. */
export function fromHex(text: string): Buffer {
  const clean = text.replace(/\s+/g, '');
  if (!/^(?:[0-9a-f]{2})*$/i.test(clean)) throw new Error(`not hex: ${text}`);
  return Buffer.from(clean, 'hex');
}

/**
 * Reads a frame field by field, with the frame's own bounds checked: reading past the end is a
 * `FrameError` (a truncated or lying frame), never a RangeError from Node.
 */
export class Reader {
  private offset: number;

  constructor(
    readonly buffer: Buffer,
    start = 0,
    private readonly end = buffer.length,
  ) {
    this.offset = start;
  }

  get position(): number {
    return this.offset;
  }

  get remaining(): number {
    return this.end - this.offset;
  }

  private take(length: number): number {
    if (length < 0 || this.offset + length > this.end) {
      throw new FrameError(`frame too short: ${length} bytes wanted at ${this.offset}`);
    }
    const at = this.offset;
    this.offset += length;
    return at;
  }

  skip(length: number): this {
    this.take(length);
    return this;
  }

  u8(): number {
    return this.buffer.readUInt8(this.take(1));
  }

  i8(): number {
    return this.buffer.readInt8(this.take(1));
  }

  u16(): number {
    return this.buffer.readUInt16BE(this.take(2));
  }

  i16(): number {
    return this.buffer.readInt16BE(this.take(2));
  }

  u24(): number {
    return this.buffer.readUIntBE(this.take(3), 3);
  }

  u32(): number {
    return this.buffer.readUInt32BE(this.take(4));
  }

  i32(): number {
    return this.buffer.readInt32BE(this.take(4));
  }

  /** An unsigned 64-bit value; past 2^53 it loses precision (no field that large is a number). */
  u64(): number {
    return Number(this.buffer.readBigUInt64BE(this.take(8)));
  }

  i64(): number {
    return Number(this.buffer.readBigInt64BE(this.take(8)));
  }

  u16le(): number {
    return this.buffer.readUInt16LE(this.take(2));
  }

  u32le(): number {
    return this.buffer.readUInt32LE(this.take(4));
  }

  /** A view of the next `length` bytes. */
  bytes(length: number): Buffer {
    const at = this.take(length);
    return this.buffer.subarray(at, at + length);
  }

  /** The next `length` bytes as Latin-1 text. */
  text(length: number): string {
    return this.bytes(length).toString('latin1');
  }
}
