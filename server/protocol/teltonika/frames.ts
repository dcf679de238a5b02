import { crc16Arc } from '../shared/checksum';
import { CODEC, CRC_FIELD, TCP_HEADER } from './codec';

/**
 * The byte layouts both sides build: the login frame, the TCP packet around codec data, codec 12
 * messages, the acknowledgements, and the UDP channel packet. The decoder, the encoder and the
 * simulated device share them so the two directions cannot drift apart.
 */

/** The login frame: the IMEI's length (2 bytes) and its ASCII digits. */
export function imeiFrame(imei: string): Buffer {
  const digits = Buffer.from(imei, 'latin1');
  const frame = Buffer.alloc(2 + digits.length);
  frame.writeUInt16BE(digits.length, 0);
  digits.copy(frame, 2);
  return frame;
}

/**
 * A TCP packet: four zero bytes, the data length, the data (codec byte to the second record
 * count) and its CRC-16/ARC in a 4-byte field.
 */
export function tcpPacket(data: Buffer): Buffer {
  const packet = Buffer.alloc(TCP_HEADER + data.length + CRC_FIELD);
  packet.writeUInt32BE(data.length, 4);
  data.copy(packet, TCP_HEADER);
  packet.writeUInt32BE(crc16Arc(data), TCP_HEADER + data.length);
  return packet;
}

/** The CRC a TCP packet carries and the one its data has. */
export function packetCrc(packet: Buffer, dataLength: number): { sent: number; computed: number } {
  const end = TCP_HEADER + dataLength;
  return { sent: packet.readUInt32BE(end), computed: crc16Arc(packet, TCP_HEADER, end) };
}

/**
 * Codec 12 (or 14, or 13) data: one message of `type` with its content. Codec 14 puts the IMEI
 * (its digits read as hex, 8 bytes) before the content; codec 13 a 4-byte timestamp.
 */
export function messageData(codec: number, type: number, content: Buffer, prefix?: Buffer): Buffer {
  const body = prefix ? Buffer.concat([prefix, content]) : content;
  const data = Buffer.alloc(1 + 1 + 1 + 4 + body.length + 1);
  data.writeUInt8(codec, 0);
  data.writeUInt8(1, 1);
  data.writeUInt8(type, 2);
  data.writeUInt32BE(body.length, 3);
  body.copy(data, 7);
  data.writeUInt8(1, 7 + body.length);
  return data;
}

/** A codec 12 TCP packet of one message. */
export function codec12Packet(type: number, content: Buffer): Buffer {
  return tcpPacket(messageData(CODEC.CODEC_12, type, content));
}

/** Codec 14's IMEI field: the IMEI's digits, zero-padded to 16, read as 8 bytes of hex. */
export function codec14Imei(imei: string): Buffer {
  return Buffer.from(imei.padStart(16, '0'), 'hex');
}

/** The acknowledgement of a TCP data packet: how many records the server took, 4 bytes. */
export function tcpAck(count: number): Buffer {
  const ack = Buffer.alloc(4);
  ack.writeUInt32BE(count, 0);
  return ack;
}

/**
 * The acknowledgement of a UDP data packet: length 5, the channel packet id echoed, the unused
 * byte 0x01, the AVL packet id echoed and the number of records taken.
 */
export function udpAck(packetId: number, avlPacketId: number, count: number): Buffer {
  const ack = Buffer.alloc(7);
  ack.writeUInt16BE(5, 0);
  ack.writeUInt16BE(packetId, 2);
  ack.writeUInt8(0x01, 4);
  ack.writeUInt8(avlPacketId, 5);
  ack.writeUInt8(count, 6);
  return ack;
}

/**
 * A UDP channel packet: its length, a packet id, the unused byte 0x01, the AVL packet id, the
 * IMEI with its length, and the AVL data (codec to second record count, no CRC).
 */
export function udpPacket(
  packetId: number,
  avlPacketId: number,
  imei: string,
  data: Buffer,
): Buffer {
  const digits = Buffer.from(imei, 'latin1');
  const packet = Buffer.alloc(2 + 2 + 1 + 1 + 2 + digits.length + data.length);
  packet.writeUInt16BE(packet.length - 2, 0);
  packet.writeUInt16BE(packetId, 2);
  packet.writeUInt8(0x01, 4);
  packet.writeUInt8(avlPacketId, 5);
  packet.writeUInt16BE(digits.length, 6);
  digits.copy(packet, 8);
  data.copy(packet, 8 + digits.length);
  return packet;
}
