import type { DecodedPosition } from '../../processing/types';
import { hex } from '../shared/bytes';
import { FrameError } from '../shared/definition';
import { newPosition, resultPosition, setLocation } from '../shared/position';
import { readDate } from './fields';
import { buildFrame } from './frame';
import { PROTOCOL, ack, reader, zoneOffset } from './handler';
import type { Handler } from './handler';

/** Command answers, information packets, and the requests the server answers. */

/** Keeps the printable text a device answered, without the zero padding some models add. */
const cleanText = (text: string): string => text.replace(/\0+$/, '').trim();

/**
 * 0x15, the answer to a server command: a length (server flag + text), the server flag echoed,
 * the text, the language word. One model sends a zero length and pads the text with zeros.
 */
export const stringInfo: Handler = (message, context) => {
  const fields = reader(message);
  const length = fields.u8();
  let text: string;
  if (length === 0) {
    if (fields.remaining <= 4) return { reply: ack(message) };
    fields.u32(); // server flag
    text = fields.text(Math.max(0, fields.remaining - 2));
  } else {
    if (length < 4) throw new FrameError(`GT06 0x15 with a command length of ${length}`);
    fields.u32(); // server flag
    text = fields.text(length - 4);
  }
  text = cleanText(text);
  if (text === '') return { reply: ack(message) };
  return { positions: [answerPosition(text, context.now)], reply: ack(message) };
};

function answerPosition(text: string, now: number): DecodedPosition {
  if (text.startsWith('<ICCID:')) {
    const position = newPosition(PROTOCOL, now);
    position.attributes.iccid = text.substring(7, 27);
    return position;
  }
  return resultPosition(PROTOCOL, now, text);
}

/**
 * The location text a GT06N answers a position request with (`WHERE#`): decoded as a fix, as
 * Traccar does (its speed taken as the number given).
 */
const CURRENT_POSITION =
  /^Current position!Lat:([NS])(\d+\.\d+),Lon:([EW])(\d+\.\d+),Course:(\d+\.\d+),Speed:(\d+\.\d+),DateTime:(\d{4})-(\d\d)-(\d\d) +(\d\d):(\d\d):(\d\d)/;

/** 0x21, the newer command answer: server flag, encoding (1 ASCII, 2 UTF-16BE), text. Not acknowledged. */
export const stringInfoUnicode: Handler = (message, context) => {
  const fields = reader(message);
  fields.u32(); // server flag
  const encoding = fields.u8();
  const bytes = fields.bytes(fields.remaining);
  const text = cleanText(encoding === 1 ? bytes.toString('latin1') : utf16be(bytes));
  const match = CURRENT_POSITION.exec(text);
  if (match) {
    const [, ns, lat, ew, lon, course, speed, year, month, day, hour, minute, second] = match;
    const position = newPosition(PROTOCOL, context.now);
    const time = Date.UTC(
      Number(year),
      Number(month) - 1,
      Number(day),
      Number(hour),
      Number(minute),
      Number(second),
    );
    position.deviceTime = time;
    position.course = Number(course);
    position.speed = Number(speed);
    setLocation(position, {
      time,
      valid: true,
      latitude: ns === 'S' ? -Number(lat) : Number(lat),
      longitude: ew === 'W' ? -Number(lon) : Number(lon),
    });
    return { positions: [position] };
  }
  if (text === '') return {};
  return { positions: [answerPosition(text, context.now)] };
};

function utf16be(bytes: Buffer): string {
  const swapped = Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2)));
  return swapped.swap16().toString('utf16le');
}

/** 0x9B, what a serial-port accessory sent: text if printable, hex otherwise. Not acknowledged. */
export const serialData: Handler = (message, context) => {
  const fields = reader(message);
  fields.u8(); // accessory type
  const data = fields.bytes(fields.remaining);
  const printable = [...data].every(
    (byte) => (byte >= 0x20 && byte < 0x7f) || byte === 0x0d || byte === 0x0a,
  );
  const text = printable ? data.toString('latin1').trim() : hex(data);
  return { positions: [resultPosition(PROTOCOL, context.now, text)] };
};

/** 0x94, information transfer (no answer): one sub-type per kind of data. */
export const information: Handler = (message, context) => {
  const fields = reader(message);
  const position = newPosition(PROTOCOL, context.now);
  if (!message.extended) {
    // The short form carries the external voltage alone.
    position.attributes.power = fields.i16() / 100;
    return { positions: [position] };
  }
  const subType = fields.u8();
  const attributes = position.attributes;
  switch (subType) {
    case 0x00:
      attributes.adc1 = fields.u16() / 100;
      break;
    case 0x04:
      for (const pair of fields.text(fields.remaining).split(';')) {
        const [key, value] = pair.split('=');
        const number = Number.parseInt(value ?? '', 16);
        if (!Number.isFinite(number)) continue;
        if (/^ALM[1-4]$/.test(key)) attributes[`alarm${key.charAt(3)}Status`] = number;
        else if (key === 'STA1') attributes.otherStatus = number;
        else if (key === 'DYD') attributes.engineStatus = number;
      }
      break;
    case 0x05:
      if (fields.remaining >= 7)
        position.deviceTime = readDate(fields, zoneOffset(context)) ?? context.now;
      {
        const flags = fields.u8();
        attributes.door = (flags & 0x01) !== 0;
        attributes.io1 = (flags & 0x04) !== 0;
      }
      break;
    case 0x0a:
      fields.skip(16); // IMEI, IMSI
      attributes.iccid = hex(fields.bytes(10)).replace(/f+$/, '');
      break;
    case 0x0b:
      if (fields.remaining === 1) attributes.networkTechnology = fields.u8() > 0 ? '4G' : '2G';
      else if (fields.remaining === 2) attributes.power = fields.u16() / 100;
      else return {};
      break;
    case 0x1b:
      if (/[A-Za-z]/.test(String.fromCharCode(message.content[1] ?? 0))) {
        attributes.serial = fields.text(fields.remaining).trim();
      } else {
        fields.skip(2); // header, type
        attributes.driverUniqueId = hex(fields.bytes(4));
      }
      break;
    case 0x1e:
      attributes.temp1 = fields.i32() / 10;
      attributes.humidity = fields.i32() / 10;
      break;
    default:
      return {};
  }
  return { positions: [position] };
};

/** 0x8A, time request: answered with the server's UTC date and time, serial 0. */
export const timeRequest: Handler = (_message, context) => {
  const now = new Date(context.now);
  const content = Buffer.from([
    now.getUTCFullYear() - 2000,
    now.getUTCMonth() + 1,
    now.getUTCDate(),
    now.getUTCHours(),
    now.getUTCMinutes(),
    now.getUTCSeconds(),
  ]);
  return { reply: buildFrame(0x8a, content, 0) };
};

/**
 * 0x2A, the device asks for the address of a fix to text it to its user. The server has no
 * address to give and answers "NA" in the English address packet (0x97), as Traccar does.
 */
export const addressRequest: Handler = () => {
  const text = Buffer.from('NA&&NA&&0##', 'latin1');
  const content = Buffer.concat([Buffer.from([text.length, 0, 0, 0, 0]), text]);
  return { reply: buildFrame(0x97, content, 0, true) };
};

/** Packets from the device that the server neither decodes nor answers. */
export const ignore: Handler = () => ({});
