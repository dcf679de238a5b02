import type { DecodedPosition } from '../../processing/types';
import { Reader } from '../shared/bytes';
import { type DecodeContext, type DecodeResult, FrameError } from '../shared/definition';
import {
  CODEC,
  CRC_FIELD,
  LOCATION_CODECS,
  MAX_IMEI_LENGTH,
  MIN_DATA_LENGTH,
  PING,
  TCP_HEADER,
} from './codec';
import { packetCrc, tcpAck, udpAck } from './frames';
import { decodeCodec12, decodeCodec13, decodeCodec14 } from './messages';
import { decodeRecord } from './records';

/**
 * Teltonika frames to identifiers, positions and the acknowledgement the device waits for.
 * Over TCP the device logs in once with its IMEI and the server answers 0x01 (known) or 0x00;
 * each AVL packet is then acknowledged with the number of records taken, or the device sends it
 * again. Over UDP every datagram names the IMEI and is acknowledged on its own.
 */
export function decodeTeltonika(frame: Buffer, context: DecodeContext): DecodeResult {
  return context.transport === 'udp'
    ? decodeUdp(frame, context.now)
    : decodeTcp(frame, context.now);
}

const LOGIN_ACCEPTED = Buffer.from([0x01]);
const LOGIN_REFUSED = Buffer.from([0x00]);

function decodeTcp(frame: Buffer, now: number): DecodeResult {
  if (frame.length === 1 && frame[0] === PING) return {};
  if (frame.length < 2) throw new FrameError('frame too short');
  const imeiLength = frame.readUInt16BE(0);
  if (imeiLength !== 0) return decodeLogin(frame, imeiLength);

  if (frame.length < TCP_HEADER + MIN_DATA_LENGTH + CRC_FIELD) {
    throw new FrameError('packet too short');
  }
  if (frame.readUInt32BE(0) !== 0) throw new FrameError('packet without its zero preamble');
  const dataLength = frame.readUInt32BE(4);
  if (TCP_HEADER + dataLength + CRC_FIELD !== frame.length) {
    throw new FrameError(`packet length ${dataLength} does not match its ${frame.length} bytes`);
  }
  const crc = packetCrc(frame, dataLength);
  if (crc.sent !== crc.computed) {
    throw new FrameError(`CRC ${crc.sent.toString(16)} instead of ${crc.computed.toString(16)}`);
  }
  const data = decodeData(frame.subarray(TCP_HEADER, TCP_HEADER + dataLength), now);
  const result: DecodeResult = { positions: data.positions };
  if (LOCATION_CODECS.has(data.codec)) result.reply = tcpAck(data.count);
  return result;
}

function decodeLogin(frame: Buffer, imeiLength: number): DecodeResult {
  const imei = readImei(new Reader(frame, 2), imeiLength);
  return { identify: [imei], reply: LOGIN_ACCEPTED, replyUnknown: LOGIN_REFUSED };
}

/** The IMEI's ASCII digits; anything else there means the frame is not what it seems. */
function readImei(reader: Reader, length: number): string {
  if (length > MAX_IMEI_LENGTH) throw new FrameError(`IMEI length ${length}`);
  const imei = reader.text(length);
  if (!/^\d+$/.test(imei)) throw new FrameError(`not an IMEI: ${JSON.stringify(imei)}`);
  return imei;
}

/**
 * A UDP channel packet: length, packet id, an unused byte, the AVL packet id, the IMEI, then the
 * AVL data without a CRC. The acknowledgement echoes both ids.
 */
function decodeUdp(frame: Buffer, now: number): DecodeResult {
  const header = new Reader(frame);
  const length = header.u16();
  if (2 + length > frame.length) {
    throw new FrameError(`datagram of ${frame.length} bytes says ${length}`);
  }
  const reader = new Reader(frame, header.position, 2 + length);
  const packetId = reader.u16();
  reader.u8(); // unused byte
  const avlPacketId = reader.u8();
  const imei = readImei(reader, reader.u16());
  const data = decodeData(reader.bytes(reader.remaining), now);
  const result: DecodeResult = { identify: [imei], positions: data.positions };
  if (LOCATION_CODECS.has(data.codec)) result.reply = udpAck(packetId, avlPacketId, data.count);
  return result;
}

interface PacketData {
  codec: number;
  /** The records (or messages) the packet says it holds: what the acknowledgement counts. */
  count: number;
  positions: DecodedPosition[];
}

/** Codec byte, record count, the records, the count again. */
function decodeData(data: Buffer, now: number): PacketData {
  if (data.length < MIN_DATA_LENGTH) throw new FrameError('AVL data too short');
  // The records end where the second count starts; reading past it is a lying record.
  const reader = new Reader(data, 0, data.length - 1);
  const codec = reader.u8();
  const count = reader.u8();
  if (data[data.length - 1] !== count) {
    throw new FrameError(`record counts differ: ${count} and ${data[data.length - 1]}`);
  }
  const positions: DecodedPosition[] = [];
  for (let i = 0; i < count; i++) {
    const position = decodeOne(reader, codec, now);
    if (position) positions.push(position);
  }
  return { codec, count, positions };
}

function decodeOne(reader: Reader, codec: number, now: number): DecodedPosition | null {
  if (LOCATION_CODECS.has(codec)) return decodeRecord(reader, codec);
  switch (codec) {
    case CODEC.CODEC_12:
      return decodeCodec12(reader, now);
    case CODEC.CODEC_13:
      return decodeCodec13(reader);
    case CODEC.CODEC_14:
      return decodeCodec14(reader, now);
    default:
      throw new FrameError(`codec 0x${codec.toString(16)} not supported`);
  }
}
