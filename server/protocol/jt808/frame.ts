import { xor8 } from '../shared/checksum';
import { FrameError } from '../shared/definition';

/**
 * JT/T 808 framing. On the wire a message is `7E <header> <body> <check code> 7E`, where every
 * 0x7E inside is sent as `7D 02` and every 0x7D as `7D 01`; the check code is the XOR of the
 * unescaped header and body. The header is the message id, the body attributes (body length in
 * the low 10 bits, encryption in bits 10–12, a subpackage flag in bit 13 and, in the 2019 edition,
 * a version flag in bit 14), then the terminal's phone number (6 BCD bytes in 2013; a version
 * byte and 10 BCD bytes in 2019), the message serial and, for a subpackaged message, the package
 * count and index.
 */

export const DELIMITER = 0x7e;
export const ESCAPE = 0x7d;

/** The shortest unescaped content between the delimiters: a 2013 header and the check code. */
export const MIN_CONTENT = 13;

/** Who a message is to or from: the terminal's id bytes as sent, and the 2019 version if any. */
export interface Terminal {
  id: Buffer;
  /** The protocol version byte of a 2019 header; null for a 2013 header. */
  version: number | null;
}

export interface Jt808Message extends Terminal {
  messageId: number;
  serial: number;
  /** Non-zero when the body is encrypted (RSA in the standard). */
  encryption: number;
  /** Set for one package of a message split across several. */
  subpackage: { total: number; index: number } | null;
  body: Buffer;
}

/**
 * The unescaped content between the two delimiters of a wire frame (header, body, check code).
 * A `7D` followed by anything but 01 or 02 is a corrupt frame.
 */
export function unescapeFrame(frame: Buffer): Buffer {
  if (frame.length < 2 || frame[0] !== DELIMITER || frame[frame.length - 1] !== DELIMITER) {
    throw new FrameError('not a JT808 frame: missing 7E delimiters');
  }
  const out = Buffer.allocUnsafe(frame.length - 2);
  let length = 0;
  for (let i = 1; i < frame.length - 1; i++) {
    const byte = frame[i];
    if (byte === ESCAPE) {
      const next = frame[++i];
      if (next === 0x01) out[length++] = ESCAPE;
      else if (next === 0x02) out[length++] = DELIMITER;
      else throw new FrameError(`bad escape 7d ${next?.toString(16) ?? 'at end'}`);
    } else {
      out[length++] = byte;
    }
  }
  return out.subarray(0, length);
}

/** Escapes `content` (header, body, check code) and wraps it in delimiters. */
export function escapeFrame(content: Buffer): Buffer {
  let extra = 0;
  for (const byte of content) if (byte === DELIMITER || byte === ESCAPE) extra++;
  const out = Buffer.allocUnsafe(content.length + extra + 2);
  let at = 0;
  out[at++] = DELIMITER;
  for (const byte of content) {
    if (byte === DELIMITER) {
      out[at++] = ESCAPE;
      out[at++] = 0x02;
    } else if (byte === ESCAPE) {
      out[at++] = ESCAPE;
      out[at++] = 0x01;
    } else {
      out[at++] = byte;
    }
  }
  out[at] = DELIMITER;
  return out;
}

/** Reads a wire frame: unescapes it, checks the check code and splits header from body. */
export function parseFrame(frame: Buffer): Jt808Message {
  const content = unescapeFrame(frame);
  if (content.length < MIN_CONTENT)
    throw new FrameError(`JT808 frame too short: ${content.length}`);
  const check = content[content.length - 1];
  if (xor8(content, 0, content.length - 1) !== check)
    throw new FrameError('JT808 check code mismatch');
  const messageId = content.readUInt16BE(0);
  const attributes = content.readUInt16BE(2);
  let at = 4;
  const versioned = (attributes & 0x4000) !== 0;
  const version = versioned ? content[at++] : null;
  const idLength = versioned ? 10 : 6;
  const subpackaged = (attributes & 0x2000) !== 0;
  const headerEnd = at + idLength + 2 + (subpackaged ? 4 : 0);
  if (headerEnd > content.length - 1) throw new FrameError('JT808 header longer than the frame');
  const id = Buffer.from(content.subarray(at, at + idLength));
  at += idLength;
  const serial = content.readUInt16BE(at);
  at += 2;
  const subpackage = subpackaged
    ? { total: content.readUInt16BE(at), index: content.readUInt16BE(at + 2) }
    : null;
  // The delimiters and the check code bound the body; devices that miscount the length field in
  // the attributes are still read, as the frame itself says where the body ends.
  return {
    messageId,
    version,
    id,
    serial,
    encryption: (attributes >> 10) & 0x07,
    subpackage,
    body: content.subarray(headerEnd, content.length - 1),
  };
}

/** The largest body the 10-bit length field can announce. */
export const MAX_BODY = 0x3ff;

/** A whole wire frame: header for `terminal`, `body`, check code, escaped and delimited. */
export function buildFrame(
  messageId: number,
  terminal: Terminal,
  serial: number,
  body: Buffer,
): Buffer {
  if (body.length > MAX_BODY) throw new RangeError(`JT808 body too long: ${body.length}`);
  const versioned = terminal.version !== null;
  const header = Buffer.alloc(4 + (versioned ? 1 : 0));
  header.writeUInt16BE(messageId, 0);
  header.writeUInt16BE(body.length | (versioned ? 0x4000 : 0), 2);
  if (versioned) header[4] = terminal.version ?? 0;
  const serialBytes = Buffer.alloc(2);
  serialBytes.writeUInt16BE(serial & 0xffff, 0);
  const content = Buffer.concat([header, terminal.id, serialBytes, body, Buffer.alloc(1)]);
  content[content.length - 1] = xor8(content, 0, content.length - 1);
  return escapeFrame(content);
}
