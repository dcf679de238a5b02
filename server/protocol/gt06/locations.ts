import type { DecodedPosition } from '../../processing/types';
import { Reader, hex } from '../shared/bytes';
import { FrameError } from '../shared/definition';
import type { DecodeContext, DecodeResult } from '../shared/definition';
import { newPosition } from '../shared/position';
import { GSM_CELL, applyAlarmCode, applyTerminalInfo, readAccBlock, readCell } from './fields';
import { readGps, readPrefixedCell, readStatus, readTrailer } from './fields';
import type { CellLayout } from './fields';
import type { Gt06Message } from './frame';
import { PROTOCOL, ack, reader, zoneOffset } from './handler';
import type { Handler } from './handler';
import { countedWifi } from './cells';

/** The packets that carry a GPS fix. */

interface LocationLayout {
  /** The serving cell after the GPS block: plain, behind a length byte, or none. */
  cell: CellLayout | 'prefixed' | null;
  /** A status block (terminal info, voltage, GSM, alert, language) follows the cell. */
  status?: boolean;
  /** The language byte's high nibble extends the alert code. */
  extendedAlarm?: boolean;
  /** What follows: the documented ACC block, the geofence number, or the generic trailer. */
  after?: 'acc' | 'accModule' | 'geofence';
}

function decodeLocation(
  message: Gt06Message,
  context: DecodeContext,
  layout: LocationLayout,
): DecodeResult {
  const fields = reader(message);
  const position = newPosition(PROTOCOL, context.now);
  position.attributes.type = message.type;
  readGps(fields, position, zoneOffset(context), context.now);
  if (layout.cell === 'prefixed') readPrefixedCell(fields, position);
  else if (layout.cell && fields.remaining > 0) readCell(fields, position, layout.cell);
  if (layout.status) readStatus(fields, position, { extendedAlarm: layout.extendedAlarm });
  if ((layout.after === 'acc' || layout.after === 'accModule') && fields.remaining >= 3) {
    readAccBlock(fields, position);
  }
  if (layout.after === 'accModule' && fields.remaining >= 3) readModule(fields, position);
  readTrailer(fields, position);
  if (layout.after === 'geofence' && fields.remaining > 0)
    position.attributes.geofence = fields.u8();
  return { positions: [position], reply: ack(message) };
}

/** One extension module (type, length, value) of the 0x37 packet. */
function readModule(fields: Reader, position: DecodedPosition): void {
  const module = fields.u16();
  const length = fields.u8();
  if (module === 0x0027 && length >= 2) position.attributes.power = fields.u16() / 100;
  else if (module === 0x002e && length >= 4) position.attributes.odometer = fields.u32();
  else if (module === 0x003b && length >= 2) position.accuracy = fields.u16() / 100;
  else fields.skip(length);
}

export const location =
  (layout: LocationLayout): Handler =>
  (message, context) =>
    decodeLocation(message, context, layout);

/**
 * 0x12, the GT06's GPS+cell packet. Two clones lengthen it with a status block, recognised by
 * their length as Traccar does: 31 bytes of content (status, power, GSM, a byte of their own)
 * and 38 (status, power, GSM, alert, oil, temperature, mileage in tens of metres).
 */
export const gpsCell: Handler = (message, context) => {
  const length = message.content.length;
  if (length !== 31 && length !== 38) return decodeLocation(message, context, { cell: GSM_CELL });
  const fields = reader(message);
  const position = newPosition(PROTOCOL, context.now);
  position.attributes.type = message.type;
  readGps(fields, position, zoneOffset(context), context.now);
  readCell(fields, position, GSM_CELL);
  applyTerminalInfo(position, fields.u8());
  position.attributes.power = fields.u16() / 100;
  position.attributes.rssi = fields.u8();
  if (length === 31) {
    fields.u8(); // this model's own alarm extension
  } else {
    applyAlarmCode(position, fields.u8());
    position.attributes.oil = fields.u16();
    const temperature = fields.u8();
    position.attributes.temp1 = temperature & 0x80 ? -(temperature & 0x7f) : temperature;
    position.attributes.odometer = fields.u32() * 10;
  }
  return { positions: [position], reply: ack(message) };
};

/** 0x16, the alarm packet. 31 bytes of content: a clone without the cell's length byte. */
export const gpsCellStatus: Handler = (message, context) => {
  if (message.content.length !== 31)
    return decodeLocation(message, context, { cell: 'prefixed', status: true });
  const fields = reader(message);
  const position = newPosition(PROTOCOL, context.now);
  position.attributes.type = message.type;
  readGps(fields, position, zoneOffset(context), context.now);
  readCell(fields, position, GSM_CELL);
  // Its alert byte is not the documented alert code.
  readStatus(fields, position, { alert: false });
  return { positions: [position], reply: ack(message) };
};

/** 0x17 in a standard frame: GPS, cell, an 8-byte RFID card and its validity byte. */
export const gpsCellRfid: Handler = (message, context) => {
  if (message.form === 'countedWifi') return countedWifi(message, context);
  if (message.content.length !== 35)
    throw new FrameError(`GT06 0x17 of ${message.content.length} bytes`);
  const fields = reader(message);
  const position = newPosition(PROTOCOL, context.now);
  position.attributes.type = message.type;
  readGps(fields, position, zoneOffset(context), context.now);
  readCell(fields, position, GSM_CELL);
  position.attributes.driverUniqueId = hex(fields.bytes(8));
  return { positions: [position], reply: ack(message) };
};

/** 0x61, iButton: the IMEI, GPS, cell and a 6-byte driver key, stored as its decimal number. */
export const ibutton: Handler = (message, context) => {
  const fields = reader(message);
  fields.skip(8); // IMEI, already known from the login
  const position = newPosition(PROTOCOL, context.now);
  readGps(fields, position, zoneOffset(context), context.now);
  readCell(fields, position, { lacBytes: 2, cidBytes: 4 });
  const driver = fields.u32() * 0x10000 + fields.u16();
  position.attributes.driverUniqueId = String(driver);
  return { positions: [position], reply: ack(message) };
};
