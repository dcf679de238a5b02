import type { CellTower } from '../../../model';
import type { DecodedPosition } from '../../processing/types';
import type { DecodeContext, DecodeResult } from '../shared/definition';
import { FrameError } from '../shared/definition';
import { addCellTower, newPosition, resultPosition, setLocation } from '../shared/position';
import { sixDigits, textTime, utcTime } from './clock';
import { confirmation, heartbeatEcho } from './replies';
import { TEXT_MAX } from './splitter';
import { applyStatus, parseStatus } from './status';
import { readTextFix, textCoordinate, type TextFix } from './textFix';

/**
 * Text messages: `*XX,<id>,<type>,…#`, where XX is a two-letter maker code (`HQ`, `TH`, `hq`…) the
 * server need not check. The type picks the layout; every V-type not listed below (V1 and its
 * relatives) carries a fix in the common layout of `textFix.ts`.
 */

export const PROTOCOL = 'h02';

/** One text message split into its comma fields (the `*` and the closing `#` removed). */
export interface TextMessage {
  /** The message as received, without the `*`, the `#` and surrounding blanks. */
  body: string;
  fields: string[];
  id: string;
  type: string;
}

export function parseText(frame: Buffer): TextMessage {
  // TCP frames are shorter; a longer UDP datagram would only make hundreds of attributes.
  if (frame.length > TEXT_MAX) throw new FrameError(`H02 text message of ${frame.length} bytes`);
  let text = frame.toString('latin1').trim();
  if (!text.startsWith('*')) throw new FrameError('not an H02 text message');
  text = text.slice(1);
  if (text.endsWith('#')) text = text.slice(0, -1);
  const fields = text.split(',');
  if (fields.length < 2) throw new FrameError('H02 text message without a device id');
  const id = fields[1].trim();
  // The id is the device's number (10 digits, or a 15-digit IMEI); anything else is not H02.
  if (!/^\d*$/.test(id)) throw new FrameError(`not a device id: ${JSON.stringify(id)}`);
  return { body: text, fields, id, type: fields[2] ?? '' };
}

type Handler = (message: TextMessage, context: DecodeContext) => DecodeResult;

const HANDLERS: Record<string, Handler> = {
  HTBT: heartbeat,
  V0: heartbeat,
  NBR: neighbourCells,
  LINK: link,
  V3: cellReport,
  VP1: simplePosition,
  SMS: smsAnswer,
  V4: commandAnswer,
};

export function decodeText(frame: Buffer, context: DecodeContext): DecodeResult {
  const message = parseText(frame);
  const key = message.type.toUpperCase();
  const handler = Object.hasOwn(HANDLERS, key)
    ? HANDLERS[key]
    : /^V/.test(message.type)
      ? fixMessage
      : named;
  return handler(message, context);
}

const identify = (message: TextMessage): readonly string[] =>
  message.id === '' ? [] : [message.id];

/** A message type without anything to store (XT heartbeats, alarms of other firmwares…). */
function named(message: TextMessage): DecodeResult {
  return { identify: identify(message) };
}

function fixPosition(fix: TextFix, now: number): DecodedPosition {
  const time = fix.time ?? now;
  const position = newPosition(PROTOCOL, time);
  setLocation(position, {
    time,
    valid: fix.valid,
    latitude: fix.latitude,
    longitude: fix.longitude,
  });
  position.speed = fix.speed;
  position.course = fix.course;
  if (fix.status !== null) applyStatus(position, fix.status);
  applyExtra(position, fix.extra);
  return position;
}

/**
 * The fields after the status. One layout is known (odometer, temperature, fuel, altitude, LAC
 * and cell id in hex); any other list is kept as `io1`, `io2`… strings, as Traccar keeps them.
 */
function applyExtra(position: DecodedPosition, extra: readonly string[]): void {
  const values = [...extra];
  while (values.length > 0 && values[values.length - 1] === '') values.pop();
  if (values.length === 0) return;
  if (
    extra.length === 6 &&
    /^\d+$/.test(extra[0]) &&
    /^-?\d+$/.test(extra[1]) &&
    /^\d+\.\d+$/.test(extra[2]) &&
    /^-?\d+$/.test(extra[3]) &&
    /^[0-9a-f]+$/i.test(extra[4]) &&
    /^[0-9a-f]+$/i.test(extra[5])
  ) {
    position.attributes.odometer = Number(extra[0]);
    position.attributes.temp1 = Number(extra[1]);
    position.attributes.fuel = Number(extra[2]);
    position.altitude = Number(extra[3]);
    addCellTower(position, {
      locationAreaCode: Number.parseInt(extra[4], 16),
      cellId: Number.parseInt(extra[5], 16),
    });
    return;
  }
  values.forEach((value, index) => {
    position.attributes[`io${index + 1}`] = value.trim();
  });
}

/** V1 and the other V-types: a fix. The server confirms a V1 with `V4,V1`. */
function fixMessage(message: TextMessage, context: DecodeContext): DecodeResult {
  const fix = readTextFix(message.fields, 3);
  // A fix the device could not fill in (empty coordinates, a `0` hemisphere) stores nothing.
  if (!fix) return { identify: identify(message) };
  return {
    identify: identify(message),
    positions: [fixPosition(fix, context.now)],
    reply:
      message.type === 'V1' && message.id !== ''
        ? confirmation(message.id, 'V1', context.now)
        : undefined,
  };
}

/**
 * V4: the device's answer to a command. The documented form repeats the command, its result and
 * its time, then a fix (`V4,S20,80,130305,050316,A,…`); short answers carry no fix
 * (`V4,S20,034313,1,1`). The result is everything between `V4` and the fix.
 */
function commandAnswer(message: TextMessage, context: DecodeContext): DecodeResult {
  const { fields } = message;
  for (let at = 4; at < fields.length; at++) {
    const fix = readTextFix(fields, at);
    if (!fix) continue;
    const position = fixPosition(fix, context.now);
    position.attributes.result = fields.slice(3, at).join(',');
    return { identify: identify(message), positions: [position] };
  }
  const result = fields.slice(3).join(',');
  if (result === '') return { identify: identify(message) };
  return {
    identify: identify(message),
    positions: [resultPosition(PROTOCOL, context.now, result)],
  };
}

/** HTBT (and V0): a heartbeat, echoed back; HTBT may carry the battery level. */
function heartbeat(message: TextMessage, context: DecodeContext): DecodeResult {
  const head = message.body.split(',').slice(0, 3).join(',');
  const result: DecodeResult = {
    identify: identify(message),
    reply: message.id !== '' ? heartbeatEcho(`*${head}`) : undefined,
  };
  const battery = message.fields[3]?.trim();
  if (message.type.toUpperCase() === 'HTBT' && battery !== undefined && /^\d+$/.test(battery)) {
    const position = newPosition(PROTOCOL, context.now);
    position.attributes.batteryLevel = Number(battery);
    result.positions = [position];
  }
  return result;
}

/** The `hhmmss` at `fields[at]` and `ddmmyy` at `fields[dateAt]` as epoch ms. */
function fieldTime(fields: readonly string[], at: number, dateAt: number): number {
  return textTime(fields[dateAt] ?? '', fields[at] ?? '');
}

function integer(value: string | undefined, what: string): number {
  const text = value?.trim() ?? '';
  if (!/^-?\d+$/.test(text)) throw new FrameError(`${what} is not a number: ${value}`);
  return Number(text);
}

function statusField(value: string | undefined): number {
  const status = parseStatus(value ?? '');
  if (status === null) throw new FrameError(`not a status word: ${value}`);
  return status;
}

/**
 * NBR: the serving and neighbour cells, no fix.
 * `NBR,hhmmss,mcc,mnc,delay,count,(lac,cid,rssi)…,ddmmyy,status[,…]`. Confirmed with `V4,NBR`.
 */
function neighbourCells(message: TextMessage, context: DecodeContext): DecodeResult {
  const { fields } = message;
  const mcc = integer(fields[4], 'mcc');
  const mnc = integer(fields[5], 'mnc');
  // The cell triples run until the date; find it where a triple would start.
  let dateAt = -1;
  for (let at = 8; at + 1 < fields.length; at += 3) {
    if (sixDigits(fields[at]) && parseStatus(fields[at + 1]) !== null) {
      dateAt = at;
      break;
    }
  }
  if (dateAt < 0) throw new FrameError('NBR message without its date and status');
  const position = newPosition(PROTOCOL, fieldTime(fields, 3, dateAt));
  for (let at = 8; at < dateAt; at += 3) {
    addCellTower(position, {
      mobileCountryCode: mcc,
      mobileNetworkCode: mnc,
      locationAreaCode: integer(fields[at], 'lac'),
      cellId: integer(fields[at + 1], 'cell id'),
      signalStrength: integer(fields[at + 2], 'signal'),
    });
  }
  applyStatus(position, statusField(fields[dateAt + 1]));
  return {
    identify: identify(message),
    positions: [position],
    reply: message.id !== '' ? confirmation(message.id, 'NBR', context.now) : undefined,
  };
}

/** LINK: a status report (`LINK,hhmmss,rssi,sat,battery,steps,turnovers,ddmmyy,status`). */
function link(message: TextMessage): DecodeResult {
  const { fields } = message;
  const position = newPosition(PROTOCOL, fieldTime(fields, 3, 9));
  position.attributes.rssi = integer(fields[4], 'rssi');
  position.attributes.sat = integer(fields[5], 'satellites');
  position.attributes.batteryLevel = integer(fields[6], 'battery');
  position.attributes.steps = integer(fields[7], 'steps');
  position.attributes.turnovers = integer(fields[8], 'turnovers');
  applyStatus(position, statusField(fields[10]));
  return { identify: identify(message), positions: [position] };
}

/**
 * V3: cells without a fix. `V3,hhmmss,<mcc><mnc>,count,(lac,cid,rssi,…)×count,battery(hex),
 * reboots,X,ddmmyy,status`: each cell takes four fields, of which the first two are its LAC and id.
 */
function cellReport(message: TextMessage): DecodeResult {
  const { fields } = message;
  const network = /^(\d{3})(\d+)$/.exec(fields[4] ?? '');
  if (!network) throw new FrameError(`V3 without its country and network codes: ${fields[4]}`);
  const count = integer(fields[5], 'cell count');
  const after = 6 + count * 4;
  if (count < 0 || fields[after + 2] !== 'X') throw new FrameError('V3 cells do not add up');
  const battery = fields[after];
  if (!/^[0-9a-f]{4}$/i.test(battery)) throw new FrameError(`V3 battery: ${battery}`);
  const position = newPosition(PROTOCOL, fieldTime(fields, 3, after + 3));
  for (let cell = 0; cell < count; cell++) {
    const at = 6 + cell * 4;
    const tower: CellTower = {
      mobileCountryCode: Number(network[1]),
      mobileNetworkCode: Number(network[2]),
      locationAreaCode: integer(fields[at], 'lac'),
      cellId: integer(fields[at + 1], 'cell id'),
    };
    addCellTower(position, tower);
  }
  // The raw field, as Traccar stores it: the document gives no unit for it.
  position.attributes.battery = Number.parseInt(battery, 16);
  applyStatus(position, statusField(fields[after + 4]));
  return { identify: identify(message), positions: [position] };
}

/**
 * VP1, the document's "simple version": either a fix without a time of day
 * (`VP1,A|B,lat,N,lon,E,speed,course,ddmmyy[,status,…]`) or cells separated by `Y`
 * (`VP1,V,mcc,mnc,lac,cid,rssiYlac,cid,rssiY…`).
 */
function simplePosition(message: TextMessage, context: DecodeContext): DecodeResult {
  const { fields } = message;
  if (fields[3] === 'V') {
    const mcc = integer(fields[4], 'mcc');
    const mnc = integer(fields[5], 'mnc');
    const position = newPosition(PROTOCOL, context.now);
    for (const cell of fields.slice(6).join(',').split('Y')) {
      if (cell.trim() === '') continue;
      const [lac, cid, rssi] = cell.split(',');
      addCellTower(position, {
        mobileCountryCode: mcc,
        mobileNetworkCode: mnc,
        locationAreaCode: integer(lac, 'lac'),
        cellId: integer(cid, 'cell id'),
        signalStrength: integer(rssi, 'signal'),
      });
    }
    return { identify: identify(message), positions: [position] };
  }
  if (fields[3] !== 'A' && fields[3] !== 'B') return named(message);
  const latitude = textCoordinate(fields[4], fields[5], 'NS');
  const longitude = textCoordinate(fields[6], fields[7], 'EW');
  if (latitude === null || longitude === null) return named(message);
  const day = sixDigits(fields[10] ?? '');
  if (!day) throw new FrameError(`VP1 without its date: ${fields[10]}`);
  // The message has a date but no time of day: a fix of today is taken as arriving now.
  const today = new Date(context.now);
  const time =
    day[0] === today.getUTCDate() &&
    day[1] === today.getUTCMonth() + 1 &&
    day[2] === today.getUTCFullYear() % 100
      ? context.now
      : utcTime(day[0], day[1], day[2]);
  const position = newPosition(PROTOCOL, time);
  setLocation(position, { time, valid: true, latitude, longitude });
  position.speed = Number(fields[8]) || 0;
  position.course = Number(fields[9]) || 0;
  const status = parseStatus(fields[11] ?? '');
  if (status !== null) applyStatus(position, status);
  return { identify: identify(message), positions: [position] };
}

/** SMS: the text the device would have answered by SMS (its configuration, a query's answer). */
function smsAnswer(message: TextMessage, context: DecodeContext): DecodeResult {
  // The answer may hold commas: it is everything after the third field.
  const [maker, id, type] = message.fields;
  const text = message.body.slice(maker.length + id.length + type.length + 3);
  if (text === '') return named(message);
  return {
    identify: identify(message),
    positions: [resultPosition(PROTOCOL, context.now, text)],
  };
}
