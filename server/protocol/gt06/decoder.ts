import { hex } from '../shared/bytes';
import type { DecodeContext, DecodeResult } from '../shared/definition';
import {
  addressRequest,
  ignore,
  information,
  serialData,
  stringInfo,
  stringInfoUnicode,
  timeRequest,
} from './answers';
import { cellStatus, heartbeat, multipleCells, status, wifiOnly } from './cells';
import { GSM_CELL, LTE_CELL } from './fields';
import { buildFrame, parseFrame } from './frame';
import { PROTOCOL, TIMEZONE_KEY, ack, reader } from './handler';
import type { Handler } from './handler';
import { gpsCell, gpsCellRfid, gpsCellStatus, ibutton, location } from './locations';

/**
 * Decodes one GT06 frame: the login here, every other protocol number through its handler (the
 * location packets, the status and cell reports, the answers and information packets).
 */

export { PROTOCOL, TIMEZONE_KEY };

/**
 * Login: the IMEI as 8 BCD bytes (a leading 0 nibble before the 15 digits, dropped as Traccar
 * stores it), then on later models a type code and a zone word (bits 15–4 the offset as hours ×
 * 100 + minutes, bit 3 west).
 */
const login: Handler = (message, context) => {
  const fields = reader(message);
  const uniqueId = hex(fields.bytes(8)).substring(1);
  let offset = 0;
  if (message.content.length > 10) {
    fields.u16(); // terminal type code
    const zone = fields.u16();
    const value = zone >> 4;
    offset = (Math.floor(value / 100) * 60 + (value % 100)) * 60_000;
    if (zone & 0x08) offset = -offset;
  }
  context.state.set(TIMEZONE_KEY, offset);
  return { identify: [uniqueId], reply: ack(message) };
};

const HANDLERS: ReadonlyMap<number, Handler> = new Map<number, Handler>([
  [0x01, login],
  [0x10, location({ cell: null })],
  [0x11, location({ cell: { longMnc: true, lacBytes: 2, cidBytes: 4 } })],
  [0x12, gpsCell],
  [0x13, status],
  [0x15, stringInfo],
  [0x16, gpsCellStatus],
  [0x17, gpsCellRfid],
  [0x18, multipleCells({ wifi: true })],
  [0x19, cellStatus(GSM_CELL)],
  [0x1a, location({ cell: null })],
  [0x1e, location({ cell: null })],
  [0x21, stringInfoUnicode],
  [0x22, location({ cell: GSM_CELL, after: 'acc' })],
  [0x23, heartbeat],
  [0x24, multipleCells({})],
  [0x26, location({ cell: 'prefixed', status: true })],
  [0x27, location({ cell: 'prefixed', status: true, extendedAlarm: true, after: 'geofence' })],
  [0x28, multipleCells({})],
  [0x2a, addressRequest],
  [0x2c, multipleCells({ wifi: true })],
  [0x2d, location({ cell: GSM_CELL, after: 'acc' })],
  [0x2e, multipleCells({})],
  [0x31, location({ cell: GSM_CELL, after: 'acc' })],
  [0x37, location({ cell: GSM_CELL, after: 'accModule' })],
  [0x61, ibutton],
  [0x69, wifiOnly],
  [0x80, ignore],
  [0x81, ignore],
  [0x82, ignore],
  [0x8a, timeRequest],
  [0x94, information],
  [0x9b, serialData],
  [0xa0, location({ cell: LTE_CELL })],
  [0xa1, multipleCells({ lte: true })],
  [0xa4, location({ cell: 'prefixed', status: true, extendedAlarm: true, after: 'geofence' })],
  [0xa5, cellStatus(LTE_CELL)],
]);

/** 0x32 in a short frame is the alarm packet of some models; in a long one, another layout. */
const SHORT_ONLY: ReadonlyMap<number, Handler> = new Map<number, Handler>([
  [0x32, location({ cell: 'prefixed', status: true })],
]);

/**
 * Protocol numbers Traccar reads without answering (camera, photo, OBD and accessory data this
 * decoder does not read either): every other unknown short packet is acknowledged as Traccar
 * does, so a model's keep-alive of its own still gets the answer it waits for.
 */
const UNANSWERED: ReadonlySet<number> = new Set([0x21, 0x34, 0x35, 0x38, 0x8c, 0x94, 0x9b, 0xf3]);

/**
 * Long packets are not acknowledged, except these which Traccar answers though this decoder does
 * not read them (modular GPS, peripheral and device status, battery data: a short answer;
 * one camera model's GPS, alarm and media packets: a long one).
 */
const LONG_ANSWERED_SHORT: ReadonlySet<number> = new Set([0x40, 0x70, 0xf1, 0xf2]);
const LONG_ANSWERED_LONG: ReadonlySet<number> = new Set([0x32, 0x33, 0x41]);

export function decodeGt06(frame: Buffer, context: DecodeContext): DecodeResult {
  const message = parseFrame(frame);
  const handler =
    HANDLERS.get(message.type) ?? (message.extended ? undefined : SHORT_ONLY.get(message.type));
  if (handler) return handler(message, context);
  if (message.extended) {
    if (LONG_ANSWERED_SHORT.has(message.type)) return { reply: ack(message) };
    if (LONG_ANSWERED_LONG.has(message.type)) {
      return { reply: buildFrame(message.type, Buffer.alloc(0), message.serial, true) };
    }
    return {};
  }
  if (UNANSWERED.has(message.type)) return {};
  return { reply: ack(message) };
}
