import type { AlarmKey } from '../../../model/alarm';
import type { DecodedPosition } from '../../processing/types';
import { addAlarm } from '../shared/position';
import { knotsFromKmh } from '../../../model/units';

/**
 * What the IO elements of an AVL record become. The ids are the FMB family's AVL ids (the
 * "FMB AVL ID" list, shared by FMB, FMC, FMM, FMT and FMU models), named with Traccar's keys and
 * scaled the way Traccar stores them for its generic FMB models. An id the table does not know,
 * or a value narrower than the entry reads, stays as `io<id>` with its raw value.
 */

/** The record being decoded: its position and the cell fields gathered from several IO ids. */
export interface IoTarget {
  position: DecodedPosition;
  cell: { lac?: number; cid2g?: number; cid4g?: number };
}

interface IoElement {
  /** Bytes the entry reads from the start of the value. */
  readonly width: number;
  apply(target: IoTarget, value: Buffer): void;
}

const attribute = (key: string, width: number, read: (value: Buffer) => unknown): IoElement => ({
  width,
  apply: ({ position }, value) => {
    position.attributes[key] = read(value);
  },
});

const flag = (key: string) => attribute(key, 1, (v) => v.readUInt8(0) > 0);
const u8 = (key: string) => attribute(key, 1, (v) => v.readUInt8(0));
const i8 = (key: string) => attribute(key, 1, (v) => v.readInt8(0));
const u16 = (key: string, divisor = 1) => attribute(key, 2, (v) => v.readUInt16BE(0) / divisor);
const i16 = (key: string, divisor = 1) => attribute(key, 2, (v) => v.readInt16BE(0) / divisor);
const u32 = (key: string, divisor = 1) => attribute(key, 4, (v) => v.readUInt32BE(0) / divisor);
const i32 = (key: string, divisor = 1) => attribute(key, 4, (v) => v.readInt32BE(0) / divisor);

/** A 1-byte event flag that raises `alarm` when set. */
const alarmWhenSet = (alarm: AlarmKey): IoElement => ({
  width: 1,
  apply: ({ position }, value) => {
    if (value.readUInt8(0) > 0) addAlarm(position, alarm);
  },
});

/** Green driving (253): the kind of harsh event. */
const GREEN_DRIVING: Record<number, AlarmKey> = {
  1: 'hardAcceleration',
  2: 'hardBraking',
  3: 'hardCornering',
};

const cellField = (field: keyof IoTarget['cell'], width: 2 | 4): IoElement => ({
  width,
  apply: ({ cell }, value) => {
    cell[field] = width === 2 ? value.readUInt16BE(0) : value.readUInt32BE(0);
  },
});

/** Numbered keys for a run of consecutive ids (`temp1`…`temp4` for 72…75). */
function series(
  firstId: number,
  count: number,
  make: (index: number) => IoElement,
): [number, IoElement][] {
  return Array.from({ length: count }, (_, i) => [firstId + i, make(i + 1)]);
}

const ELEMENTS: [number, IoElement][] = [
  // Digital inputs and outputs.
  ...series(1, 4, (n) => flag(`in${n}`)),
  // DOUT1 is the output engine stop drives (`setdigout 1`): as `out1`, Traccar's key, and as
  // `blocked`, which the map's lock state and Tarkan's screens read.
  [
    179,
    {
      width: 1,
      apply: ({ position }, value) => {
        position.attributes.out1 = value.readUInt8(0) > 0;
        position.attributes.blocked = value.readUInt8(0) > 0;
      },
    },
  ],
  [180, flag('out2')],
  // Analog inputs, volts.
  [9, u16('adc1', 1000)],
  [10, u16('adc2', 1000)],
  // SIM card number: a signed 8-byte integer, kept as its decimal digits.
  [11, attribute('iccid', 8, (v) => v.readBigInt64BE(0).toString())],
  // Power: external voltage and internal battery in volts, battery current in amperes.
  [66, u16('power', 1000)],
  [67, u16('battery', 1000)],
  [68, u16('batteryCurrent', 1000)],
  [113, u8('batteryLevel')],
  // Distances in metres.
  [16, u32('odometer')],
  [199, u32('tripOdometer')],
  // Accelerometer axes, mG.
  [17, i16('axisX')],
  [18, i16('axisY')],
  [19, i16('axisZ')],
  // Network.
  [21, u8('rssi')],
  [241, u32('operator')],
  [205, cellField('cid2g', 2)],
  [206, cellField('lac', 2)],
  [636, cellField('cid4g', 4)],
  // GNSS quality.
  [181, u16('pdop', 10)],
  [182, u16('hdop', 10)],
  // Speed from the GNSS receiver, km/h: it replaces the record's own.
  [
    24,
    {
      width: 2,
      apply: ({ position }, value) => {
        position.speed = knotsFromKmh(value.readUInt16BE(0));
      },
    },
  ],
  // Vehicle state.
  [239, flag('ignition')],
  [240, flag('motion')],
  [662, flag('door')],
  [80, u8('dataMode')],
  [200, u8('sleepMode')],
  // The iButton's 8 bytes arrive least significant first; all zeros means none is attached.
  [
    78,
    {
      width: 8,
      apply: ({ position }, value) => {
        const id = value.readBigUInt64LE(0);
        if (id !== 0n) {
          position.attributes.driverUniqueId = id.toString(16).toUpperCase().padStart(16, '0');
        }
      },
    },
  ],
  // Temperatures: Dallas sensors in tenths of a degree, BLE sensors in hundredths.
  ...series(72, 4, (n) => i32(`temp${n}`, 10)),
  ...series(25, 4, (n) => i16(`bleTemp${n}`, 100)),
  ...series(10644, 6, (n) => i16(`tempProbe${n}`, 100)),
  ...series(10800, 4, (n) => i16(`eyeTemp${n}`, 100)),
  ...series(10832, 4, (n) => i16(`eyeRoll${n}`)),
  // Engine and fuel, from OBD or CAN.
  [12, u32('fuelUsed', 1000)],
  [13, u16('fuelConsumption', 100)],
  [30, u8('faultCount')],
  [31, u8('engineLoad')],
  [32, i8('coolantTemp')],
  [36, u16('rpm')],
  [43, u16('milDistance')],
  [57, i8('hybridBatteryLevel')],
  [81, u8('obdSpeed')],
  [82, u8('throttle')],
  [83, u32('fuelUsed', 10)],
  [84, u16('fuel', 10)],
  [85, u16('rpm')],
  [87, u32('obdOdometer')],
  [89, u8('fuelLevel')],
  [107, u32('fuelUsed', 10)],
  [110, u16('fuelConsumption', 10)],
  [115, i16('engineTemp', 10)],
  // Events.
  [236, alarmWhenSet('general')],
  [246, alarmWhenSet('tow')],
  [247, alarmWhenSet('accident')],
  [249, alarmWhenSet('jamming')],
  [251, alarmWhenSet('idle')],
  [252, alarmWhenSet('powerCut')],
  [
    253,
    {
      width: 1,
      apply: ({ position }, value) => addAlarm(position, GREEN_DRIVING[value.readUInt8(0)]),
    },
  ],
  // Auto geofence: 1 entering the zone, 0 leaving it.
  [
    175,
    {
      width: 1,
      apply: ({ position }, value) =>
        addAlarm(position, value.readUInt8(0) > 0 ? 'geofenceEnter' : 'geofenceExit'),
    },
  ],
];

const IO_ELEMENTS: ReadonlyMap<number, IoElement> = new Map(ELEMENTS);

/** The IO ids the table names (for tests and documentation). */
export const KNOWN_IO_IDS: readonly number[] = [...IO_ELEMENTS.keys()].sort((a, b) => a - b);

/**
 * A value no entry reads: unsigned for 1, 2 and 4 bytes, signed for 8 (as Traccar stores it), a
 * string of its digits when it does not fit a number exactly, hex for any other length.
 */
export function rawIoValue(value: Buffer): number | string {
  switch (value.length) {
    case 1:
      return value.readUInt8(0);
    case 2:
      return value.readUInt16BE(0);
    case 4:
      return value.readUInt32BE(0);
    case 8: {
      const big = value.readBigInt64BE(0);
      const number = Number(big);
      return Number.isSafeInteger(number) ? number : big.toString();
    }
    default:
      return value.toString('hex');
  }
}

/** Applies one fixed-width IO element of the record. */
export function applyIo(target: IoTarget, id: number, value: Buffer): void {
  const element = IO_ELEMENTS.get(id);
  if (element && value.length >= element.width) {
    element.apply(target, value);
  } else {
    target.position.attributes[`io${id}`] = rawIoValue(value);
  }
}
