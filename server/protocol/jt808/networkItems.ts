import type { DecodedPosition } from '../../processing/types';
import { Reader } from '../shared/bytes';
import { addAlarm, addCellTower, addWifi } from '../shared/position';
import { bit } from './alarms';
import { ascii, printable, set, type ItemTable } from './itemTypes';

/**
 * Items that carry cell towers and Wi-Fi access points (for the server's geolocation when the
 * fix is missing), and item 0xEB, which one family uses for cells, another for its time zone and
 * a third as a container of 16-bit typed values.
 */

/** `aabbccddeeff` → `aa:bb:cc:dd:ee:ff`, the form Traccar gives MAC addresses. */
const mac = (bytes: Buffer) => bytes.toString('hex').replace(/(..)(?!$)/g, '$1:');

function wifiList(p: DecodedPosition, item: Reader): void {
  while (item.remaining > 0) addWifi(p, mac(item.bytes(6)), item.i8());
}

function cellList(p: DecodedPosition, item: Reader): void {
  while (item.remaining > 0) {
    const mobileCountryCode = item.u16();
    const mobileNetworkCode = item.u16();
    const cellId = item.u32();
    const locationAreaCode = item.u32();
    addCellTower(p, {
      mobileCountryCode,
      mobileNetworkCode,
      locationAreaCode,
      cellId,
      signalStrength: item.u8(),
    });
  }
}

/** Values inside item 0xEB's container form: a 16-bit length (type included), type, value. */
const CONTAINED: Readonly<
  Record<number, (p: DecodedPosition, value: Reader, length: number) => void>
> = {
  0x0001: (p, v) => set(p, 'fuel1', v.u16() / 10),
  0x0023: (p, v) => {
    const fuel = Number(ascii(v, 6));
    if (Number.isFinite(fuel)) set(p, 'fuel2', fuel);
  },
  0x002d: (p, v, length) => {
    if (length === 6) set(p, 'power', v.u32() / 1000);
    else set(p, 'battery', v.u16() / 1000);
  },
  0x0089: (p, v) => {
    // Bits that are clear raise the alarm: power lost, device removed.
    const flags = v.u32();
    if (!bit(flags, 0)) addAlarm(p, 'powerOff');
    if (!bit(flags, 12)) addAlarm(p, 'removing');
  },
  0x00b2: (p, v) => set(p, 'iccid', v.bytes(10).toString('hex').replace(/f+$/, '')),
  0x00b9: (p, v, length) => {
    v.skip(1); // count
    const fields = ascii(v, length - 3).split(',');
    for (let i = 0; i + 1 < fields.length; i += 2) {
      const signal = Number(fields[i + 1]);
      if (Number.isFinite(signal)) addWifi(p, fields[i], signal);
    }
  },
  0x00c5: (p, v) => {
    const flags = v.u32();
    if (!bit(flags, 6)) addAlarm(p, 'vibration');
    const motion = (flags >>> 23) & 0x03;
    if (motion === 0) set(p, 'motion', true);
    else if (motion === 1) set(p, 'motion', false);
  },
  0x00c6: (p, v) => {
    const battery = v.u8();
    if (battery === 0x03 || battery === 0x04) addAlarm(p, 'lowBattery');
    set(p, 'batteryAlarm', battery);
  },
  0x00ce: (p, v) => set(p, 'power', v.u16() / 100),
  0x00d8: (p, v) => {
    const mobileCountryCode = v.u16();
    const mobileNetworkCode = v.u8();
    const locationAreaCode = v.u16();
    addCellTower(p, { mobileCountryCode, mobileNetworkCode, locationAreaCode, cellId: v.u32() });
  },
  0x00a8: (p, v) => set(p, 'batteryLevel', v.u8()),
  0x00e1: (p, v) => set(p, 'batteryLevel', v.u8()),
};

function itemEb(p: DecodedPosition, item: Reader, length: number): void {
  const start = item.position;
  const bytes = item.buffer.subarray(start, start + length);
  if (length >= 3 && bytes.readUInt16BE(0) > 200 && (length - 3) % 5 === 0) {
    // A country code (all are above 200), a network code, then 5-byte cells.
    const mobileCountryCode = item.u16();
    const mobileNetworkCode = item.u8();
    while (item.remaining > 0) {
      const locationAreaCode = item.u16();
      const cellId = item.u16();
      addCellTower(p, {
        mobileCountryCode,
        mobileNetworkCode,
        locationAreaCode,
        cellId,
        signalStrength: item.u8(),
      });
    }
  } else if (printable(bytes)) {
    set(p, 'timezone', bytes.toString('utf8'));
  } else {
    while (item.remaining >= 4) {
      const size = item.u16();
      const typeAt = item.position;
      item.skip(size);
      const value = new Reader(item.buffer, typeAt, typeAt + size);
      CONTAINED[value.u16()]?.(p, value, size);
    }
  }
}

export const NETWORK_ITEMS: ItemTable = [
  [[0xec, 0xf4], wifiList],
  [0xf0, cellList],
  [0xeb, itemEb],
];
