import type { DecodedPosition } from '../../processing/types';
import { Reader } from '../shared/bytes';

/**
 * Codec 8 Extended's variable-length IO elements: the VIN and trouble codes read from the vehicle,
 * the BLE beacons and the BLE sensor tags the device sees. Others keep their bytes as hex in
 * `io<id>`. Each value is read within its own length, so a malformed one cannot run into the
 * next element: it throws `FrameError`.
 */

const VIN_IDS = new Set([256, 325]);
const TROUBLE_CODES = 281;
const BEACONS = 385;
/** BLE sensor tags (EYE sensors and the like), one list per scanning mode. */
const TAG_IDS = new Set([548, 10828, 10829, 10831, 11317]);

/**
 * Text as the device pads it: NUL bytes fill fixed-size fields, and the database cannot store
 * them in a JSON string, so they are dropped.
 */
const text = (bytes: Buffer, encoding: 'latin1' | 'utf8' = 'latin1'): string =>
  bytes.toString(encoding).replaceAll('\0', '');

export function applyVariableIo(position: DecodedPosition, id: number, value: Buffer): void {
  const attributes = position.attributes;
  if (VIN_IDS.has(id)) {
    attributes.vin = text(value);
  } else if (id === TROUBLE_CODES) {
    attributes.dtcs = text(value).replace(/,/g, ' ');
  } else if (id === BEACONS) {
    decodeBeacons(position, value);
  } else if (TAG_IDS.has(id)) {
    decodeTags(position, value);
  } else {
    attributes[`io${id}`] = value.toString('hex');
  }
}

/**
 * Beacon list: a data-part byte, then per beacon a flags byte (upper nibble set: iBeacon with
 * UUID, major and minor; else Eddystone with namespace and instance), its signal strength, and
 * optionally its battery voltage and temperature.
 */
function decodeBeacons(position: DecodedPosition, value: Buffer): void {
  const reader = new Reader(value);
  reader.u8(); // data part
  const attributes = position.attributes;
  for (let index = 1; reader.remaining > 0; index++) {
    const key = `beacon${index}`;
    const flags = reader.u8();
    if (flags >> 4 > 0) {
      attributes[`${key}Uuid`] = reader.bytes(16).toString('hex');
      attributes[`${key}Major`] = reader.u16();
      attributes[`${key}Minor`] = reader.u16();
    } else {
      attributes[`${key}Namespace`] = reader.bytes(10).toString('hex');
      attributes[`${key}Instance`] = reader.bytes(6).toString('hex');
    }
    attributes[`${key}Rssi`] = reader.i8();
    if (flags & 0x02) attributes[`${key}Battery`] = reader.u16() / 100;
    if (flags & 0x04) attributes[`${key}Temp`] = reader.u16();
  }
}

/**
 * Sensor tags: a header byte, then per tag its length and a run of parameters, each an id, a
 * length and a value.
 */
function decodeTags(position: DecodedPosition, value: Buffer): void {
  const reader = new Reader(value);
  reader.u8(); // header
  for (let index = 1; reader.remaining > 0; index++) {
    const tag = new Reader(reader.bytes(reader.u8()));
    while (tag.remaining > 0) {
      const parameter = tag.u8();
      const data = tag.bytes(tag.u8());
      tagParameter(position, `tag${index}`, parameter, new Reader(data));
    }
  }
}

function tagParameter(position: DecodedPosition, key: string, parameter: number, data: Reader) {
  const attributes = position.attributes;
  switch (parameter) {
    case 0:
      attributes[`${key}Rssi`] = data.i8();
      break;
    case 1:
      attributes[`${key}Id`] = data.bytes(data.remaining).toString('hex');
      break;
    case 2: {
      const flags = data.u8();
      if (flags & 0x40) attributes[`${key}LowBattery`] = true;
      if (flags & 0x80) attributes[`${key}Voltage`] = data.u8() * 10 + 2000;
      break;
    }
    case 5:
      attributes[`${key}Name`] = text(data.bytes(data.remaining), 'utf8');
      break;
    case 6:
      attributes[`${key}Temp`] = data.i16();
      break;
    case 7:
      attributes[`${key}Humidity`] = data.u8();
      break;
    case 8:
      attributes[`${key}Magnet`] = data.u8() > 0;
      break;
    case 9:
      attributes[`${key}Motion`] = data.u8() > 0;
      break;
    case 10:
      attributes[`${key}MotionCount`] = data.u16();
      break;
    case 11:
      attributes[`${key}Pitch`] = data.i8();
      break;
    case 12:
      attributes[`${key}AngleRoll`] = data.i16();
      break;
    case 13:
      attributes[`${key}LowBattery`] = data.u8();
      break;
    case 14:
      attributes[`${key}Battery`] = data.u16();
      break;
    case 15:
      attributes[`${key}Mac`] = data.bytes(6).toString('hex');
      break;
    default:
      // Parameters without a meaning here are skipped within their own length.
      break;
  }
}
