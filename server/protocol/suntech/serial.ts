import type { DecodedPosition } from '../../processing/types';
import { FrameError } from '../shared/definition';
import { type Fields, driverCode, hexNumber, integer } from './fields';

/**
 * `UEX` reports: a position plus a block of data an accessory on the RS232 port sent, framed as
 * `<length>;<data>;<checksum>` (the checksum is the low byte of the data's sum, in hex). Traccar
 * reads the accessories it knows out of the data: fuel sensors, temperature probes, driver-ID
 * readers; anything else is kept whole as `serial`.
 */

/** The longest block a device sends (its documentation caps serial data at 500 bytes). */
const MAX_LENGTH = 1024;

export function decodeSerialData(position: DecodedPosition, fields: Fields): void {
  const length = integer(fields.next('serial data length'), 'serial data length');
  if (length < 0 || length > MAX_LENGTH) throw new FrameError(`serial data length ${length}`);
  const data = fields.data(length);
  const checksum = hexNumber(fields.next('serial data checksum'), 'serial data checksum');
  let sum = 0;
  for (const byte of data) sum = (sum + byte) & 0xff;
  if (sum !== checksum) throw new FrameError('serial data checksum mismatch');
  readAccessories(position, data.toString('latin1'));
}

function readAccessories(position: DecodedPosition, data: string): void {
  const attributes = position.attributes;
  let fuel = 0;
  for (const item of data.split(';')) {
    if (item.startsWith('CabAVL')) {
      // A fuel-level message: its third and fourth values are the two tanks' levels.
      const values = item.split(',');
      for (const [tank, at] of [
        [1, 2],
        [2, 3],
      ] as const) {
        const level = Number(values[at]);
        if (values[at] !== undefined && Number.isFinite(level) && level > 0) {
          attributes[`fuel${tank}`] = level;
          fuel += level;
        }
      }
    } else if (item.startsWith('GTSL')) {
      // A driver-ID reader: the fifth `|` value is the driver's code.
      const driver = driverCode(item.split('|')[4]);
      if (driver) attributes.driverUniqueId = driver;
    } else if (item.includes('=')) {
      fuel += readProbe(position, item);
    } else {
      const text = item.trim();
      attributes.serial = text;
      const rfid = /^RFID:([0-9A-F]+)$/i.exec(text);
      const driver = driverCode(rfid?.[1]);
      if (driver) attributes.driverUniqueId = driver;
    }
  }
  if (fuel > 0) attributes.fuel = fuel;
}

/**
 * `t_N=<hex>` temperature, `N_N=<hex>` fuel level and `Q_D=<hex>` driving quality, the probe's
 * number in the key's third character. Returns the fuel it read (0 for other values).
 */
function readProbe(position: DecodedPosition, item: string): number {
  const [key, raw] = item.split('=');
  const value = raw?.trim().split('.')[0] ?? '';
  if (key.length < 3 || !/^[0-9a-f]{1,8}$/i.test(value)) return 0;
  const number = Number.parseInt(value, 16);
  switch (key[0]) {
    case 't':
      position.attributes[`temp${key[2]}`] = number;
      return 0;
    case 'N':
      position.attributes[`fuel${key[2]}`] = number;
      return number;
    case 'Q':
      position.attributes.drivingQuality = number;
      return 0;
    default:
      return 0;
  }
}
