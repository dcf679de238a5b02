import type { FrameSplitter, SplitResult } from '../shared/definition';
import {
  CRC_FIELD,
  KNOWN_CODECS,
  MAX_DATA_LENGTH,
  MAX_IMEI_LENGTH,
  MIN_DATA_LENGTH,
  MIN_IMEI_LENGTH,
  PING,
  TCP_HEADER,
} from './codec';
import { packetCrc } from './frames';

/**
 * Splits a Teltonika TCP stream into its two frames: the login (the IMEI's 2-byte length, never
 * zero, and its digits) and AVL packets (four zero bytes, a 4-byte data length, the data, a 4-byte
 * CRC). Anything that cannot start one of them is skipped a byte at a time, so the stream finds
 * the next real frame; a packet whose CRC fails is skipped whole (its own length delimits it, and
 * the device sends it again when no acknowledgement comes).
 *
 * The lone 0xFF keep-alive a device sends when its network ping is on needs no answer, so it is
 * skipped too: counted with the junk, which a data packet clears, so a peer sending nothing but
 * 0xFF is still dropped at the junk limit.
 */
export function teltonikaSplitter(): FrameSplitter {
  return { next: nextFrame };
}

function nextFrame(buffer: Buffer): SplitResult | null {
  if (buffer.length === 0) return null;
  if (buffer[0] === PING) return { skip: 1 };
  if (buffer.length < 2) return null;
  const imeiLength = buffer.readUInt16BE(0);
  return imeiLength === 0 ? avlPacket(buffer) : login(buffer, imeiLength);
}

const isDigit = (byte: number): boolean => byte >= 0x30 && byte <= 0x39;

function login(buffer: Buffer, imeiLength: number): SplitResult | null {
  if (imeiLength < MIN_IMEI_LENGTH || imeiLength > MAX_IMEI_LENGTH) return { skip: 1 };
  const total = 2 + imeiLength;
  // Digits seen so far already tell garbage from a login, before the rest arrives.
  for (let i = 2; i < Math.min(total, buffer.length); i++) {
    if (!isDigit(buffer[i])) return { skip: 1 };
  }
  if (buffer.length < total) return null;
  return { frame: buffer.subarray(0, total), length: total };
}

function avlPacket(buffer: Buffer): SplitResult | null {
  // The preamble is four zero bytes; the first two are known to be zero here.
  for (let i = 2; i < Math.min(4, buffer.length); i++) {
    if (buffer[i] !== 0) return { skip: 1 };
  }
  if (buffer.length < TCP_HEADER) return null;
  const dataLength = buffer.readUInt32BE(4);
  if (dataLength < MIN_DATA_LENGTH || dataLength > MAX_DATA_LENGTH) return { skip: 1 };
  if (buffer.length <= TCP_HEADER) return null;
  if (!KNOWN_CODECS.has(buffer[TCP_HEADER])) return { skip: 1 };
  const total = TCP_HEADER + dataLength + CRC_FIELD;
  if (buffer.length < total) return null;
  const crc = packetCrc(buffer, dataLength);
  if (crc.sent !== crc.computed) return { skip: total };
  return { frame: buffer.subarray(0, total), length: total };
}
