import type { DecodedPosition } from '../../processing/types';
import { Reader } from '../shared/bytes';
import { ascii, set, type ItemTable } from './itemTypes';

/**
 * Engine data (OBD) as the JT808 trackers with an OBD port report it: a block of fixed fields
 * (item 0x91), typed sub-items (item 0xF3, and the extension that item 0x80 starts), and the
 * `$OBD-RT` comma-separated line some send as text. Units are Traccar's: km/h, rpm, %, °C, L.
 */

/** Java's integer percentage of a 0–255 byte. */
const percent = (value: number) => Math.floor((value * 100) / 255);

/** Item 0x91: one fixed block of engine values. */
export function decodeObdBlock(position: DecodedPosition, item: Reader): void {
  set(position, 'battery', item.u16() / 10);
  set(position, 'rpm', item.u16());
  set(position, 'obdSpeed', item.u8());
  set(position, 'throttle', percent(item.u8()));
  set(position, 'engineLoad', percent(item.u8()));
  set(position, 'coolantTemp', item.u8() - 40);
  item.skip(2);
  set(position, 'fuelConsumption', item.u16() / 100);
  item.skip(8);
  set(position, 'fuelUsed', item.u16() / 100);
}

/** Sub-items of item 0xF3: a 16-bit type, a length, the value. */
const F3_VALUES: Readonly<
  Record<number, (position: DecodedPosition, value: Reader, length: number) => void>
> = {
  0x0002: (p, v) => set(p, 'obdSpeed', v.u16() / 10),
  0x0003: (p, v) => set(p, 'rpm', v.u16()),
  0x0004: (p, v) => set(p, 'power', v.u16() / 1000),
  0x0005: (p, v) => set(p, 'obdOdometer', v.u32() * 100),
  0x0007: (p, v) => set(p, 'fuelConsumption', v.u16() / 10),
  0x0008: (p, v) => set(p, 'engineLoad', v.u16() / 10),
  0x0009: (p, v) => set(p, 'coolantTemp', v.u16() - 40),
  0x000b: (p, v) => set(p, 'intakePressure', v.u16()),
  0x000c: (p, v) => set(p, 'intakeTemp', v.u16() - 40),
  0x000d: (p, v) => set(p, 'intakeFlow', v.u16()),
  0x000e: (p, v) => set(p, 'throttle', percent(v.u16())),
  0x0050: (p, v) => set(p, 'vin', ascii(v, 17).replace(/\0+$/, '')),
  0x0051: (p, v, length) => {
    if (length > 0) set(p, 'cvn', v.bytes(length).toString('hex'));
  },
  0x0052: (p, v, length) => {
    if (length > 0) set(p, 'calid', ascii(v, length).replace(/\0+$/, ''));
  },
  0x0100: (p, v) => set(p, 'tripOdometer', v.u16() / 10),
  0x0102: (p, v) => set(p, 'tripFuel', v.u16() / 10),
  0x0112: (p, v) => set(p, 'hardAccelerationCount', v.u16()),
  0x0113: (p, v) => set(p, 'hardDecelerationCount', v.u16()),
  0x0114: (p, v) => set(p, 'hardCorneringCount', v.u16()),
};

export function decodeObdItems(position: DecodedPosition, item: Reader): void {
  while (item.remaining > 0) {
    const type = item.u16();
    const length = item.u8();
    const start = item.position;
    item.skip(length);
    F3_VALUES[type]?.(position, new Reader(item.buffer, start, start + length), length);
  }
}

/** The extension item 0x80 opens: one-byte types, running to the end of the report. */
const EXTENSION_VALUES: Readonly<
  Record<number, (position: DecodedPosition, value: Reader, length: number) => void>
> = {
  0x01: (p, v) => set(p, 'odometer', v.u32() * 100),
  0x02: (p, v) => set(p, 'fuel', v.u16() / 10),
  0x03: (p, v) => set(p, 'obdSpeed', v.u16() / 10),
  0x56: (p, v) => {
    v.skip(1);
    set(p, 'batteryLevel', v.u8());
  },
  0x61: (p, v) => set(p, 'power', v.u16() / 100),
  0x69: (p, v) => set(p, 'battery', v.u16() / 100),
  0x80: (p, v) => set(p, 'obdSpeed', v.u8()),
  0x81: (p, v) => set(p, 'rpm', v.u16()),
  0x82: (p, v) => set(p, 'power', v.u16() / 10),
  0x83: (p, v) => set(p, 'engineLoad', v.u8()),
  0x84: (p, v) => set(p, 'coolantTemp', v.u8() - 40),
  0x85: (p, v) => set(p, 'fuelConsumption', v.u16()),
  0x86: (p, v) => set(p, 'intakeTemp', v.u8() - 40),
  0x87: (p, v) => set(p, 'intakeFlow', v.u16()),
  0x88: (p, v) => set(p, 'intakePressure', v.u8()),
  0x89: (p, v) => set(p, 'throttle', v.u8()),
  0x8b: (p, v) => set(p, 'vin', ascii(v, 17)),
  0x8c: (p, v) => set(p, 'obdOdometer', v.u32() * 100),
  0x8d: (p, v) => set(p, 'tripOdometer', v.u16() * 1000),
  0x8e: (p, v) => set(p, 'fuel', v.u8()),
  0xa0: (p, v, length) => set(p, 'dtcs', ascii(v, length).replace(/,/g, ' ')),
  0xcc: (p, v) => set(p, 'iccid', ascii(v, 20)),
};

/** Reads the extension from the reader's position to its end. */
export function decodeExtension(position: DecodedPosition, reader: Reader): void {
  while (reader.remaining >= 2) {
    const type = reader.u8();
    const length = reader.u8();
    const start = reader.position;
    reader.skip(length);
    EXTENSION_VALUES[type]?.(position, new Reader(reader.buffer, start, start + length), length);
  }
}

/**
 * `$OBD-RT,power,rpm,speed,throttle,load,coolant,instant consumption,average consumption,
 * trip odometer,odometer,trip fuel,fuel used`: empty or unreadable fields are left out.
 */
export function decodeObdRt(position: DecodedPosition, line: string): void {
  const keys = [
    'power',
    'rpm',
    'obdSpeed',
    'throttle',
    'engineLoad',
    'coolantTemp',
    'fuelConsumption',
    'fuelConsumption',
    'tripOdometer',
    'obdOdometer',
    'tripFuelUsed',
    'fuelUsed',
  ];
  const values = line.split(',');
  keys.forEach((key, index) => {
    const text = values[index + 1]?.trim();
    if (!text) return;
    const value = Number(text);
    if (Number.isFinite(value)) set(position, key, value);
  });
}

export const OBD_ITEMS: ItemTable = [
  [0x91, decodeObdBlock],
  [0xf3, decodeObdItems],
  [
    0xe6,
    (position, item, length) => {
      // Either an `$OBD-RT` line or wireless temperature and humidity sensors.
      const start = item.position;
      if (length >= 7 && item.buffer.toString('latin1', start, start + 7) === '$OBD-RT') {
        decodeObdRt(position, ascii(item, length));
      } else if (length >= 11 && length % 11 === 0) {
        while (item.remaining > 0) {
          const sensor = item.u8();
          item.skip(6); // sensor MAC
          set(position, `temp${sensor}`, sensorValue(item));
          set(position, `humidity${sensor}`, sensorValue(item));
        }
      }
    },
  ],
];

/** A signed whole part and a fraction in 255ths, as those wireless sensors send a reading. */
function sensorValue(item: Reader): number {
  const whole = item.i8();
  const fraction = item.u8() / 255;
  return whole < 0 ? -(Math.abs(whole) + fraction) : whole + fraction;
}
