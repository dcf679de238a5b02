import type { DecodedPosition } from '../../processing/types';
import { Reader } from '../shared/bytes';
import { addAlarm, addCellTower } from '../shared/position';
import { bit } from './alarms';
import { ascii, set, trimmed, type ItemTable } from './itemTypes';

/**
 * Manufacturers' items: power and battery, driver identification, motion and sensor values. One id
 * can mean different things to different makers; where Traccar tells them apart by the item's
 * length, so does this table.
 */

/** 0xD4, 0xE1, 0xE9: a battery level, cells with a signal, main power, or a driver card. */
function batteryPowerOrDriver(id: number) {
  return (p: DecodedPosition, item: Reader, length: number) => {
    if (length === 1) {
      const level = item.u8();
      if (level === 0xff) set(p, 'charge', true);
      else set(p, 'batteryLevel', level);
    } else if (id === 0xe1 && length >= 12 && (length - 4) % 8 === 0) {
      const mobileCountryCode = item.u16();
      const mobileNetworkCode = item.u16();
      while (item.remaining > 0) {
        const locationAreaCode = item.u24();
        const cellId = item.u32();
        const signalStrength = item.u8();
        addCellTower(p, {
          mobileCountryCode,
          mobileNetworkCode,
          locationAreaCode,
          cellId,
          signalStrength,
        });
      }
    } else if (id === 0xe1 && length === 2) {
      set(p, 'power', item.u16() / 10);
    } else {
      set(p, 'driverUniqueId', String(item.u32()));
    }
  };
}

/** 0xEA: external sensor readings, each a type, a length and the value. */
function externalSensors(p: DecodedPosition, item: Reader, length: number): void {
  if (length <= 2) return;
  item.skip(1); // which extended information this is
  while (item.remaining >= 2) {
    const type = item.u8();
    const size = item.u8();
    if (size > item.remaining) return;
    const value = new Reader(item.buffer, item.position, item.position + size);
    item.skip(size);
    if (type === 0x11) {
      set(p, 'externalAlarms', value.u16());
      set(p, 'alarmThresholdType', value.u8());
    } else if (type === 0x13) set(p, 'externalIlluminance', value.u16());
    else if (type === 0x14) set(p, 'externalAirPressure', value.u16());
    else if (type === 0x15) set(p, 'externalHumidity', value.u16() / 10);
    else if (type === 0x16) set(p, 'externalTemp', value.u16() / 10 - 50);
  }
}

/** 0xF6: air pressure, the IMEI, or an event with the sensor values its mask names. */
function sensorEvent(p: DecodedPosition, item: Reader, length: number): void {
  if (length === 2) {
    set(p, 'airPressure', item.u16());
    return;
  }
  if (length === 8) {
    set(p, 'imei', item.bytes(8).toString('hex').slice(1));
    return;
  }
  const event = item.u8();
  set(p, 'event', event);
  if (event === 2) set(p, 'motion', true);
  const mask = item.u8();
  if (bit(mask, 0)) set(p, 'lightSensor', item.u16());
  if (bit(mask, 1)) set(p, 'temp1', item.i16() / 10);
  if (bit(mask, 2)) set(p, 'humidity', item.i16() / 10);
  if (bit(mask, 3)) set(p, 'gSensor', `[${item.i16()},${item.i16()},${item.i16()}]`);
  if (bit(mask, 4)) item.skip(10); // thresholds
  if (bit(mask, 5)) set(p, 'airPressure', item.u16());
}

/** 0xF9: values the mask names; only the HDOP and a temperature are kept. */
function maskedStatus(p: DecodedPosition, item: Reader): void {
  const mask = item.u16();
  if (bit(mask, 0)) item.skip(4); // GNSS age
  if (bit(mask, 1)) item.skip(4); // ACC on time
  if (bit(mask, 2)) set(p, 'hdop', item.u16() / 10);
  if (bit(mask, 3)) item.skip(6); // GNSS time
  if (bit(mask, 5)) item.skip(8); // sampling and report intervals
  if (bit(mask, 6)) set(p, 'temp3', item.i16() / 10);
}

/** 0xFE: a battery level, main power or odometer by length, or driving behaviour alarms. */
function levelOrBehaviour(p: DecodedPosition, item: Reader, length: number): void {
  if (length === 1) set(p, 'batteryLevel', item.u8());
  else if (length === 2) set(p, 'power', item.u16() / 10);
  else if (length === 4) set(p, 'odometer', item.u32());
  else if (item.u8() === 0x7c) {
    while (item.remaining >= 2) {
      const type = item.u8();
      const size = item.u8();
      if (type !== 0x01) {
        item.skip(size);
        continue;
      }
      const alarms = item.u32();
      if (bit(alarms, 0)) addAlarm(p, 'hardAcceleration');
      if (bit(alarms, 1)) addAlarm(p, 'hardBraking');
      if (bit(alarms, 2)) addAlarm(p, 'hardCornering');
      if (bit(alarms, 3)) addAlarm(p, 'accident');
      if (bit(alarms, 4)) addAlarm(p, 'tampering');
    }
  } else {
    set(p, 'batteryLevel', item.u8());
  }
}

export const VENDOR_ITEMS: ItemTable = [
  [
    0x33,
    (p, item, length) => {
      if (length === 1) {
        set(p, 'mode', item.u8());
        return;
      }
      // A padlock's status line: `*M00,…` with the battery in hundredths of a volt.
      const text = ascii(item, length);
      const battery = Number(text.slice(10, 13));
      if (text.startsWith('*M00') && text.length >= 13 && Number.isInteger(battery))
        set(p, 'battery', battery / 100);
    },
  ],
  [
    0x56,
    (p, item) => set(p, 'batteryLevel', item.u8() * 10), // tens of percent
  ],
  [0x67, (p, item) => set(p, 'password', ascii(item, 8))],
  [0x68, (p, item) => set(p, 'batteryLevel', item.u16() / 100)],
  [0x69, (p, item) => set(p, 'battery', item.u16() / 100)],
  [0x82, (p, item) => set(p, 'power', item.u16() / 10)],
  [
    0x94,
    (p, item, length) => {
      if (length > 0) set(p, 'vin', ascii(item, length));
    },
  ],
  [0xac, (p, item) => set(p, 'odometer', item.u32())],
  [0xbc, (p, item, length) => set(p, 'driver', trimmed(ascii(item, length)))],
  [0xbd, (p, item, length) => set(p, 'driverUniqueId', ascii(item, length))],
  [
    0xd0,
    (p, item) => {
      if (bit(item.u32(), 3)) addAlarm(p, 'vibration');
    },
  ],
  [0xd3, (p, item) => set(p, 'power', item.u16() / 10)],
  [0xd4, batteryPowerOrDriver(0xd4)],
  [0xe1, batteryPowerOrDriver(0xe1)],
  [0xe9, batteryPowerOrDriver(0xe9)],
  [
    0xd5,
    (p, item, length) => {
      if (length === 2) set(p, 'battery', item.u16() / 100);
    },
  ],
  [
    0xda,
    (p, item) => {
      item.skip(2); // string cut count
      const status = item.u8();
      set(p, 'string', bit(status, 0));
      set(p, 'motion', bit(status, 2));
      set(p, 'cover', bit(status, 3));
    },
  ],
  [0xe2, (p, item) => set(p, 'fuel', item.u32() / 10)],
  [
    0xe3,
    (p, item) => {
      item.skip(1);
      set(p, 'batteryLevel', item.u8());
      set(p, 'battery', item.u16() / 100);
    },
  ],
  [
    0xe4,
    (p, item) => {
      if (item.u8() === 0) set(p, 'charge', true);
      set(p, 'batteryLevel', item.u8());
    },
  ],
  [
    0xe5,
    (p, item, length) => {
      if (length === 1) set(p, 'motion', item.u8() === 1);
    },
  ],
  [
    0xe7,
    (p, item, length) => {
      if (length !== 8) return;
      const alarms = item.u16();
      if (bit(alarms, 0)) addAlarm(p, 'vibration');
      if ((alarms >> 1) & 0x07) addAlarm(p, 'sos');
    },
  ],
  [0xe8, (p, item) => set(p, 'lockStatus', item.u24())],
  [0xea, externalSensors],
  [0xed, (p, item, length) => set(p, 'card', trimmed(ascii(item, length)))],
  [
    0xee,
    (p, item, length) => {
      if (length !== 6) return;
      set(p, 'rssi', item.u8());
      set(p, 'power', item.u16() / 1000);
      set(p, 'battery', item.u16() / 1000);
      set(p, 'sat', item.u8());
    },
  ],
  [0xf1, (p, item) => set(p, 'power', item.u32() / 1000)],
  [0xf2, (p, item, length) => set(p, 'versionFw', ascii(item, length))],
  [
    0xf5,
    (p, item, length) => {
      if (length === 2) set(p, 'illuminance', item.u16());
    },
  ],
  [0xf6, sensorEvent],
  [
    0xf7,
    (p, item, length) => {
      if (length === 2) {
        set(p, 'humidity', item.u16() / 10);
        return;
      }
      set(p, 'battery', item.u32() / 1000);
      if (length >= 5) {
        const status = item.u8();
        if (status === 2 || status === 3) set(p, 'charge', true);
      }
      if (length >= 6) set(p, 'batteryLevel', item.u8());
    },
  ],
  [0xf8, (p, item) => set(p, 'temp2', item.u16() / 10 - 50)],
  [0xf9, maskedStatus],
  [0xfb, (p, item, length) => set(p, 'container', ascii(item, length))],
  [0xfc, (p, item) => set(p, 'geofence', item.u8())],
  [0xfe, levelOrBehaviour],
];
