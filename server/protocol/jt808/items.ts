import type { DecodedPosition } from '../../processing/types';
import { FrameError } from '../shared/definition';
import { Reader } from '../shared/bytes';
import { addAlarm } from '../shared/position';
import { bit } from './alarms';
import { set, signMagnitude, type ItemDecoder, type ItemTable } from './itemTypes';
import { NETWORK_ITEMS } from './networkItems';
import { decodeExtension, OBD_ITEMS } from './obd';
import { VENDOR_ITEMS } from './vendorItems';

/**
 * The additional information items after a location report's basic information: an id, a
 * length, the value. The standard defines the low ids (mileage, fuel, signal, satellites, IO and
 * analog inputs); manufacturers fill the rest, and the ones Traccar reads for a tracker of no
 * particular model are read the same way here. Items nobody knows are passed over.
 */

/** Two analog inputs in hundredths of a volt. */
function analogInputs(p: DecodedPosition, item: Reader): void {
  set(p, 'adc1', item.u16() / 100);
  set(p, 'adc2', item.u16() / 100);
}

/** Driver assistance (0x64) and driver monitoring (0x65) camera alarms. */
function cameraAlarm(key: 'adasAlarm' | 'dmsAlarm'): ItemDecoder {
  return (p, item, length) => {
    const start = item.position;
    item.skip(5); // alarm serial, status
    set(p, key, item.u8());
    if (length >= 47)
      set(p, 'alarmLabel', item.buffer.toString('hex', start + length - 16, start + length));
  };
}

/** The items the JT/T 808 standard itself defines. */
const STANDARD_ITEMS: ItemTable = [
  [0x01, (p, item) => set(p, 'odometer', item.u32() * 100)], // 0.1 km
  [
    0x02,
    (p, item) => {
      // 0.1 L; some devices send a raw level with bit 15 set instead.
      const fuel = item.u16();
      set(p, 'fuel', fuel & 0x8000 ? fuel & 0x7fff : fuel / 10);
    },
  ],
  [0x25, (p, item) => set(p, 'input', item.u32())], // extended vehicle signal status
  [0x2b, analogInputs],
  [0x30, (p, item) => set(p, 'rssi', item.u8())],
  [0x31, (p, item) => set(p, 'sat', item.u8())],
];

/** Temperatures, alarms and events several manufacturers put in the low vendor ids. */
const COMMON_ITEMS: ItemTable = [
  [0x06, (p, item) => set(p, 'batteryLevel', item.u8())],
  [0x14, (p, item) => set(p, 'videoAlarm', item.u32())],
  [0xa7, analogInputs],
  [
    0x51,
    (p, item, length) => {
      if (length !== 2 && length !== 16) return;
      for (let sensor = 1; sensor <= length / 2; sensor++) {
        const value = item.u16();
        if (value !== 0xffff) set(p, `temp${sensor}`, signMagnitude(value) / 10);
      }
    },
  ],
  [
    0x57,
    (p, item) => {
      const alarms = item.u16();
      if (bit(alarms, 8)) addAlarm(p, 'hardAcceleration');
      if (bit(alarms, 9)) addAlarm(p, 'hardBraking');
      if (bit(alarms, 10)) addAlarm(p, 'hardCornering');
    },
  ],
  [
    0x60,
    (p, item) => {
      const event = item.u16();
      set(p, 'event', event);
      // Card swipes on a lock carry the card after the lock's id.
      if (event >= 0x61 && event <= 0x66) {
        item.skip(6);
        set(p, 'driverUniqueId', item.text(8));
      }
    },
  ],
  [0x64, cameraAlarm('adasAlarm')],
  [0x65, cameraAlarm('dmsAlarm')],
  [
    0x70,
    (p, item) => {
      item.skip(5); // alarm serial, status
      const type = item.u8();
      const alarm = (
        {
          0x01: 'hardAcceleration',
          0x02: 'hardBraking',
          0x03: 'hardCornering',
          0x16: 'accident',
        } as const
      )[type];
      addAlarm(p, alarm);
    },
  ],
  [
    0x77,
    (p, item) => {
      while (item.remaining > 0) {
        const tire = item.u8();
        set(p, `tire${tire}SensorId`, item.bytes(3).toString('hex'));
        set(p, `tire${tire}Pressure`, (item.u16() & 0x3ff) / 40);
        set(p, `tire${tire}Temp`, item.u8() - 50);
        set(p, `tire${tire}Status`, item.u8());
      }
    },
  ],
];

function table(...tables: ItemTable[]): Map<number, ItemDecoder> {
  const map = new Map<number, ItemDecoder>();
  for (const entries of tables) {
    for (const [ids, decode] of entries) {
      for (const id of typeof ids === 'number' ? [ids] : ids) map.set(id, decode);
    }
  }
  return map;
}

const ITEMS = table(STANDARD_ITEMS, COMMON_ITEMS, VENDOR_ITEMS, NETWORK_ITEMS, OBD_ITEMS);

/** Item 0x80 opens an extension that runs to the end of the report instead of its length. */
const EXTENSION = 0x80;

/**
 * Reads the items to the end of `reader`. An item claiming more bytes than the report has is a
 * lying frame (FrameError); an item shorter than its own layout is only that item lost.
 */
export function decodeItems(position: DecodedPosition, reader: Reader): void {
  while (reader.remaining >= 2) {
    const id = reader.u8();
    const length = reader.u8();
    const start = reader.position;
    if (id === EXTENSION) {
      reader.skip(Math.min(1, reader.remaining)); // what the extension holds
      tolerant(() => decodeExtension(position, reader));
      return;
    }
    reader.skip(length);
    const decode = ITEMS.get(id);
    if (decode)
      tolerant(() => decode(position, new Reader(reader.buffer, start, start + length), length));
  }
}

/** Runs one item's decoder; a vendor item whose value is shorter than its layout is dropped. */
function tolerant(decode: () => void): void {
  try {
    decode();
  } catch (error) {
    if (!(error instanceof FrameError)) throw error;
  }
}
