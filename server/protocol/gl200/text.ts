import type { AlarmKey } from '../../../model/alarm';
import type { DecodedPosition } from '../../processing/types';
import { FrameError, type DecodeContext, type DecodeResult } from '../shared/definition';
import {
  addAlarm,
  addCellTower,
  newPosition,
  resultPosition,
  setLocation,
} from '../shared/position';
import { knotsFromKmh } from '../../../model/units';
import { findBlocks, parseHours, type Block } from './blocks';
import { MODEL_KEY, PROTOCOL, parseTime } from './constants';
import { isPortable, modelOf } from './models';

/**
 * The text (ASCII) form of @Track:
 *
 *   +RESP:GTxxx,<protocol version>,<IMEI>,<device name>,…,<send time>,<count number>$
 *
 * `+BUFF:` is the same report sent late from the device's buffer, `+ACK:` the answer to a command
 * (or, for `GTHBD`, the heartbeat the server must answer with `+SACK:GTHBD`).
 */

const HEADER = /^\+(RESP|BUFF|ACK):GT([0-9A-Z]{3})$/;
const VERSION = /^([0-9A-Z]{6}|[0-9A-Z]{10})?$/i;
/** An IMEI, or the 14 hex digits of a CDMA unit's MEID. */
const IMEI = /^(\d{15}|[0-9A-Fa-f]{14})$/;
const VIN = /^[0-9A-HJ-NPR-Z]{17}$/;
const INTEGER = /^\d+$/;
const PERCENT = /^\d{1,3}$/;
const DECIMAL = /^\d+\.\d+$/;
const STATUS = /^[0-9A-Fa-f]{6}$/;
const REPORT_TYPE = /^[0-9A-Fa-f]{1,2}$/;

/** Reports laid out as the fixed report: `<power|reserved>,<report id/type>,<number>,<blocks>`. */
const NUMBERED = new Set([
  'FRI', 'GEO', 'SPD', 'SOS', 'RTL', 'PNL', 'NMR', 'DIS', 'DOG', 'IGL', 'HBM', 'TOW', 'IOB',
  'GIN', 'GOT', 'IDN', 'IDF', 'STP', 'LSP', 'AIS', 'EPS', 'CTN', 'STR', 'ERI', 'IDA', 'TMP',
]); // prettier-ignore
/** Reports without a location block (the server keeps the last location). */
const NO_LOCATION = new Set([
  'PNA', 'PFA', 'GSM', 'LBS', 'WIF', 'DTT', 'CID', 'CSQ', 'BAT', 'IOS', 'TMZ', 'GPS', 'UPC',
  'PDP', 'RST', 'AIF', 'GIR',
]); // prettier-ignore
/** Reports full of other fields, where only a block with coordinates is trusted. */
const FIX_ONLY = new Set(['CAN', 'OBD', 'DAT', 'DAR', 'BAA', 'BID', 'LSA', 'TRI']);
/** Configuration dumps: nothing to store. */
const CONFIGURATION = new Set(['ALL', 'ALC', 'ALM']);
/** Reports whose trailer is `<hour meter>,<mileage>`. */
const IGNITION = new Set(['IGN', 'IGF', 'VGN', 'VGF']);

/** Reports that always stand for one alarm. */
const ALARMS: Readonly<Record<string, AlarmKey>> = {
  SOS: 'sos',
  TOW: 'tow',
  IDN: 'idle',
  IDL: 'idle',
  PNA: 'powerOn',
  PFA: 'powerOff',
  EPN: 'powerRestored',
  MPN: 'powerRestored',
  EPF: 'powerCut',
  MPF: 'powerCut',
  BPL: 'lowBattery',
  TMP: 'temperature',
  TEM: 'temperature',
  JDR: 'jamming',
  JDS: 'jamming',
  CRA: 'accident',
  SWG: 'geofence',
  GIN: 'geofenceEnter',
  GOT: 'geofenceExit',
};

/** The device's motion state (`<State>` of GTINF and GTSTT, top byte of `<Device Status>`). */
const STATES: Readonly<Record<string, { ignition?: boolean; motion: boolean }>> = {
  '11': { ignition: false, motion: false },
  '12': { ignition: false, motion: true },
  '16': { ignition: false, motion: true },
  '1A': { ignition: false, motion: true },
  '21': { ignition: true, motion: false },
  '22': { ignition: true, motion: true },
  '41': { motion: false },
  '42': { motion: true },
};

export function decodeText(frame: string, context: DecodeContext): DecodeResult {
  const sentence = frame.replace(/[\s\0]+$/, '').replace(/\$$/, '');
  const v = sentence.split(',');
  const header = HEADER.exec(v[0]);
  if (!header || v.length < 4) throw new FrameError(`not an @Track report: ${v[0].slice(0, 16)}`);
  const [, kind, type] = header;
  if (!VERSION.test(v[1])) throw new FrameError(`bad protocol version ${v[1].slice(0, 16)}`);
  if (!IMEI.test(v[2])) throw new FrameError(`bad IMEI ${v[2].slice(0, 20)}`);
  const model = modelOf(v[1]);
  if (model) context.state.set(MODEL_KEY, model);

  const tail = readTail(v);
  const time = tail.sendTime ?? context.now;
  const identify = [v[2]];

  if (kind === 'ACK') {
    if (type === 'HBD') {
      // The device waits for this answer, echoing its version and count number.
      return { identify, reply: Buffer.from(`+SACK:GTHBD,${v[1]},${v[v.length - 1]}$`, 'latin1') };
    }
    // The command word and the fields between the device name and the send time: the serial
    // number, and for some commands what was asked (`GTRTO,VER,FFFF`).
    const result = [`+ACK:GT${type}`, ...v.slice(4, tail.end)].join(',');
    return { identify, positions: [resultPosition(PROTOCOL, time, result)] };
  }
  if (CONFIGURATION.has(type)) return { identify };
  if (type === 'INF') return { identify, positions: [decodeInfo(v, tail.end, model, time)] };
  if (type === 'VER') return { identify, positions: [decodeVersion(v, time)] };
  return { identify, positions: decodeReport(type, v, tail.end, model, time) };
}

/** Where the trailing `<send time>,<count number>` start, and the send time. */
function readTail(v: readonly string[]): { end: number; sendTime: number | null } {
  let end = v.length;
  if (end > 4 && /^[0-9A-Fa-f]{4}$/.test(v[end - 1])) end--;
  const sendTime = end > 4 ? parseTime(v[end - 1]) : null;
  if (sendTime !== null) end--;
  return { end, sendTime };
}

function statusPosition(type: string, time: number): DecodedPosition {
  const position = newPosition(PROTOCOL, time);
  position.attributes.type = type;
  return position;
}

function blockPosition(block: Block, type: string, time: number): DecodedPosition {
  const position = statusPosition(type, time);
  const { fix } = block;
  if (fix) {
    // GPS accuracy 0 means the device has no fix now and repeats its last known one.
    setLocation(position, { ...fix, valid: fix.hdop !== 0 });
    if (!position.outdated) {
      position.speed = knotsFromKmh(fix.speedKph);
      position.course = fix.course;
      position.altitude = fix.altitude;
    }
  }
  const { attributes } = position;
  if (block.hdop !== null) attributes.hdop = block.hdop;
  if (block.satellites !== undefined) attributes.sat = block.satellites;
  if (block.rssi !== undefined) attributes.rssi = block.rssi;
  if (block.odometerKm !== undefined) attributes.odometer = Math.round(block.odometerKm * 1000);
  if (block.cell) addCellTower(position, block.cell);
  return position;
}

function decodeReport(
  type: string,
  v: readonly string[],
  end: number,
  model: string,
  time: number,
): DecodedPosition[] {
  const { blocks, numberIndex } = NO_LOCATION.has(type)
    ? { blocks: [], numberIndex: -1 }
    : findBlocks(v, 4, end, model, {
        numbered: NUMBERED.has(type),
        allowEmpty: !FIX_ONLY.has(type),
      });
  const positions = blocks.map((block) => blockPosition(block, type, time));
  if (positions.length === 0) positions.push(statusPosition(type, time));
  // What the report says besides its fixes describes the device when it sent the report.
  const position = positions[positions.length - 1];
  const { attributes } = position;

  if (VIN.test(v[3])) attributes.vin = v[3];
  const numbered = NUMBERED.has(type) && numberIndex >= 5;
  const reportType = numbered && REPORT_TYPE.test(v[numberIndex - 1]) ? v[numberIndex - 1] : '';
  const power = numbered && numberIndex >= 6 ? v[numberIndex - 2] : '';
  // Devices without a power input put a reserved 0 there.
  if (INTEGER.test(power) && Number(power) > 10) attributes.power = Number(power) / 1000;

  const last = blocks[blocks.length - 1];
  if (last && !FIX_ONLY.has(type)) {
    readTrailer(position, v.slice(last.end, end), IGNITION.has(type), model);
  }

  addAlarm(position, ALARMS[type]);
  const low = reportType === '' ? -1 : parseInt(reportType, 16) & 0xf;
  const high = reportType === '' ? -1 : parseInt(reportType, 16) >> 4;
  switch (type) {
    case 'GEO':
      if (low === 0) addAlarm(position, 'geofenceExit');
      if (low === 1) addAlarm(position, 'geofenceEnter');
      break;
    case 'SPD':
      // Report type 1 says the speed is back inside the allowed range.
      if (low !== 1) addAlarm(position, 'overspeed');
      break;
    case 'HBM':
      if (low === 0 || low === 3) addAlarm(position, 'hardBraking');
      if (low === 1 || low === 4) addAlarm(position, 'hardAcceleration');
      if (low === 2) addAlarm(position, 'hardCornering');
      break;
    case 'DIS':
      if (high >= 1) attributes[`in${high}`] = low === 1;
      break;
    case 'NMR':
      if (low >= 0) attributes.motion = low === 1;
      break;
    case 'IGL':
      if (low >= 0) attributes.ignition = low === 0;
      break;
    case 'IGN':
    case 'VGN':
      attributes.ignition = true;
      break;
    case 'IGF':
    case 'VGF':
      attributes.ignition = false;
      break;
    case 'BTC':
      attributes.charge = true;
      break;
    case 'STC':
      attributes.charge = false;
      break;
    case 'STT':
      applyState(position, v[4]);
      if (v[4] === '16') addAlarm(position, 'tow');
      break;
    case 'BPL':
      if (/^\d+(\.\d+)?$/.test(v[4])) attributes.battery = Number(v[4]);
      break;
    case 'IDA':
      if (v[5]) attributes.driverUniqueId = v[5];
      break;
  }
  return positions;
}

/**
 * The fields after the last block: `<mileage>,<hour meter>,<analog inputs…>,<battery %>,
 * <device status>,…` on the vehicle units, `<battery %>` alone on the portable ones, the hour
 * meter before the mileage on the ignition reports.
 */
function readTrailer(
  position: DecodedPosition,
  t: string[],
  ignitionReport: boolean,
  model: string,
) {
  const { attributes } = position;
  const mileage = ignitionReport ? t[1] : t[0];
  if (mileage !== undefined && DECIMAL.test(mileage)) {
    attributes.odometer = Math.round(Number(mileage) * 1000);
  }
  const hours = t.map(parseHours).find((value) => value !== null);
  if (hours !== undefined && hours !== null) attributes.hours = hours;

  if (model === 'GV200') {
    // The GV200 reports three analog inputs and its input and output masks instead of a battery
    // and a device status.
    for (let k = 2; k <= 4; k++) {
      if (INTEGER.test(t[k] ?? '')) attributes[`adc${k - 1}`] = Number(t[k]) / 1000;
    }
    if (/^[0-9A-Fa-f]{2}$/.test(t[5] ?? '') && /^[0-9A-Fa-f]{2}$/.test(t[6] ?? '')) {
      applyStatus(position, (parseInt(t[5], 16) << 8) | parseInt(t[6], 16));
    }
    return;
  }
  const status = t.findIndex(
    (field, k) => k >= 1 && STATUS.test(field) && /^(\d{1,3})?$/.test(t[k - 1]),
  );
  if (status >= 1) {
    if (t[status - 1] !== '') attributes.batteryLevel = Number(t[status - 1]);
    applyStatus(position, parseInt(t[status], 16));
    // Between the hour meter and the battery: the analog inputs, in mV.
    let index = 1;
    for (let k = 2; k < status - 1; k++, index++) {
      if (INTEGER.test(t[k])) attributes[`adc${index}`] = Number(t[k]) / 1000;
    }
    if (model.startsWith('GV500')) {
      if (INTEGER.test(t[status + 1] ?? '')) attributes.rpm = Number(t[status + 1]);
      if (INTEGER.test(t[status + 3] ?? '')) attributes.fuel = Number(t[status + 3]);
    }
    return;
  }
  const battery =
    model === 'GL500M'
      ? t[0]
      : PERCENT.test(t[t.length - 1] ?? '')
        ? t[t.length - 1]
        : t.find((field) => PERCENT.test(field));
  if (battery !== undefined && PERCENT.test(battery)) attributes.batteryLevel = Number(battery);
}

/** `<Device Status>`: motion state, digital inputs, digital outputs, one byte each in hex. */
function applyStatus(position: DecodedPosition, value: number) {
  const { attributes } = position;
  const state = (value >> 16) & 0xff;
  if (state & 0x10) attributes.ignition = false;
  else if (state & 0x20) attributes.ignition = true;
  const input = (value >> 8) & 0xff;
  const output = value & 0xff;
  // Input bit 0 is the ignition sense line; the numbered inputs start at bit 1.
  attributes.input = input;
  attributes.in1 = (input & 0b10) !== 0;
  attributes.in2 = (input & 0b100) !== 0;
  attributes.output = output;
  const out1 = (output & 0b1) !== 0;
  attributes.out1 = out1;
  attributes.out2 = (output & 0b10) !== 0;
  // Output 1 drives the engine cut relay (what `engineStop` switches on).
  attributes.blocked = out1;
}

export function applyState(position: DecodedPosition, code: string | undefined) {
  const state = STATES[(code ?? '').toUpperCase()];
  if (!state) return;
  if (state.ignition !== undefined) position.attributes.ignition = state.ignition;
  position.attributes.motion = state.motion;
}

/**
 * GTINF, the device information report:
 *
 *   <device name>,<state>,<ICCID>,<CSQ RSSI>,<CSQ BER>,<external power supply>,
 *   <external power mV | mileage>,<…>,<backup battery V>,<charging>,…,<last fix time>,
 *   <battery %>(portable models),…
 */
function decodeInfo(v: readonly string[], end: number, model: string, time: number) {
  const position = statusPosition('INF', time);
  const { attributes } = position;
  const s = VIN.test(v[3]) ? 5 : 4;
  if (s === 5) attributes.vin = v[3];
  applyState(position, v[s]);
  if (/^[0-9A-Za-z]{1,20}$/.test(v[s + 1] ?? '')) attributes.iccid = v[s + 1];
  const rssi = v[s + 2] ?? '';
  if (INTEGER.test(rssi) && rssi !== '99') attributes.rssi = Number(rssi);
  const supply = v[s + 5] ?? '';
  if (DECIMAL.test(supply)) attributes.odometer = Math.round(Number(supply) * 1000);
  else if (INTEGER.test(supply) && Number(supply) > 10) attributes.power = Number(supply) / 1000;
  const battery = v[s + 7] ?? '';
  if (/^\d+(\.\d+)?$/.test(battery)) attributes.battery = Number(battery);
  const charging = v[s + 8] ?? '';
  if (charging === '0' || charging === '1') attributes.charge = charging === '1';
  if (isPortable(model)) {
    for (let k = s + 9; k + 1 < end; k++) {
      if (/^\d{14}$/.test(v[k])) {
        if (PERCENT.test(v[k + 1])) attributes.batteryLevel = Number(v[k + 1]);
        break;
      }
    }
  }
  return position;
}

/** GTVER: `<device name>,<device type>,<firmware version>,<hardware version>`. */
function decodeVersion(v: readonly string[], time: number) {
  const position = statusPosition('VER', time);
  if (v[4]) position.attributes.deviceType = v[4];
  if (v[5]) position.attributes.versionFw = v[5];
  if (v[6]) position.attributes.versionHw = v[6];
  return position;
}
