import { hex } from '../shared/bytes';
import { FrameError } from '../shared/definition';
import { addCellTower, addWifi, newPosition } from '../shared/position';
import {
  GSM_CELL,
  applyAlarmCode,
  applyTerminalInfo,
  readBcdDate,
  readCell,
  readDate,
  readStatus,
} from './fields';
import type { CellLayout } from './fields';
import { PROTOCOL, ack, reader, zoneOffset } from './handler';
import type { Handler } from './handler';

/** Status, heartbeat, and the cell and Wi-Fi reports that carry no GPS fix. */

/**
 * 0x13, heartbeat/status. The documented packet has 5 bytes of content; an OBD clone sends 14
 * (satellites and signal in one word, alert, battery %, mode, power, and a temperature in mode
 * 4) and a temperature model 16 (battery % and temperature only). Other lengths are
 * acknowledged without a position: their bytes mean something else.
 */
export const status: Handler = (message, context) => {
  const fields = reader(message);
  const position = newPosition(PROTOCOL, context.now);
  position.attributes.type = message.type;
  const length = message.content.length;
  if (length >= 3 && length <= 6) {
    readStatus(fields, position);
  } else if (length === 14) {
    applyTerminalInfo(position, fields.u8());
    const signal = fields.u16();
    position.attributes.sat = ((signal >> 10) & 0x1f) + ((signal >> 5) & 0x1f);
    position.attributes.rssi = signal & 0x1f;
    applyAlarmCode(position, fields.u8());
    fields.u8(); // language
    position.attributes.batteryLevel = fields.u8();
    const mode = fields.u8();
    position.attributes.power = fields.u16() / 100;
    fields.skip(3); // reserved, working time
    if (mode === 4) position.attributes.temp1 = fields.i16() / 10;
  } else if (length === 16) {
    fields.skip(5); // information content, satellites, alarm, language
    position.attributes.batteryLevel = fields.u8();
    fields.skip(8); // working mode, voltage, reserved, working counts
    const value = fields.u16();
    const temperature = (value & 0x7fff) / 10;
    position.attributes.temp1 = value & 0x8000 ? temperature : -temperature;
  } else {
    return { reply: ack(message) };
  }
  return { positions: [position], reply: ack(message) };
};

/** 0x23 (GK310), heartbeat: defence, ACC and charge bits, battery volts, GSM signal. */
export const heartbeat: Handler = (message, context) => {
  const fields = reader(message);
  const position = newPosition(PROTOCOL, context.now);
  const info = fields.u8();
  position.attributes.armed = (info & 0x01) !== 0;
  position.attributes.ignition = (info & 0x02) !== 0;
  position.attributes.charge = (info & 0x04) !== 0;
  if (fields.remaining >= 2) position.attributes.battery = fields.u16() / 100;
  if (fields.remaining >= 1) position.attributes.rssi = fields.u8();
  return { positions: [position], reply: ack(message) };
};

/**
 * 0x19 / 0xA5: the serving cell and a status block, no GPS. 0x19 has a fixed 13 bytes; a model
 * that sends a longer 0x19 packs several cells in it and Traccar neither decodes nor answers it.
 */
export const cellStatus =
  (layout: CellLayout): Handler =>
  (message, context) => {
    if (layout === GSM_CELL && message.content.length !== 13) return {};
    const fields = reader(message);
    const position = newPosition(PROTOCOL, context.now);
    position.attributes.type = message.type;
    readCell(fields, position, layout);
    readStatus(fields, position);
    return { positions: [position], reply: ack(message) };
  };

/**
 * Several cells without GPS (0x28, 0x2E, 0x24; 0xA1 with 4G cells; 0x18 and 0x2C followed by
 * Wi-Fi access points): date, MCC, MNC, seven cells (LAC, cell id, signal), timing advance.
 */
export const multipleCells =
  (options: { lte?: boolean; wifi?: boolean }): Handler =>
  (message, context) => {
    const fields = reader(message);
    const time = readDate(fields, zoneOffset(context)) ?? context.now;
    const position = newPosition(PROTOCOL, time);
    position.attributes.type = message.type;
    const mcc = fields.u16();
    const mnc = mcc & 0x8000 ? fields.u16() : fields.u8();
    for (let i = 0; i < 7; i++) {
      const lac = options.lte ? fields.u32() : fields.u16();
      const cid = options.lte ? fields.u64() : fields.u24();
      const signal = -fields.u8();
      if (lac > 0) {
        addCellTower(position, {
          mobileCountryCode: mcc & 0x7fff,
          mobileNetworkCode: mnc,
          locationAreaCode: lac,
          cellId: cid,
          signalStrength: signal,
        });
      }
    }
    fields.u8(); // timing advance
    if (options.wifi) {
      const count = fields.u8();
      for (let i = 0; i < count; i++) addWifi(position, macAddress(fields.bytes(6)), fields.u8());
    }
    return { positions: [position], reply: ack(message) };
  };

const macAddress = (bytes: Buffer): string => (hex(bytes).match(/../g) ?? []).join(':');

/**
 * A counted Wi-Fi report (0x17, 0x69 with the access-point count in the length byte): BCD time,
 * access points (MAC, signal), cell count, MCC, MNC, cells (LAC, cell id 2 bytes, signal).
 * Answered by the bare `78 78 00 type time 0D 0A` the devices wait for.
 */
export const countedWifi: Handler = (message, context) => {
  const fields = reader(message);
  const timeBytes = message.content.subarray(0, 6);
  const time = readBcdDate(fields) ?? context.now;
  const position = newPosition(PROTOCOL, time);
  for (let i = 0; i < message.wifiCount; i++)
    addWifi(position, macAddress(fields.bytes(6)), fields.u8());
  const cells = fields.u8();
  const mcc = fields.u16();
  const mnc = fields.u8();
  for (let i = 0; i < cells; i++) {
    addCellTower(position, {
      mobileCountryCode: mcc,
      mobileNetworkCode: mnc,
      locationAreaCode: fields.u16(),
      cellId: fields.u16(),
      signalStrength: fields.u8(),
    });
  }
  const reply = Buffer.concat([
    Buffer.from([0x78, 0x78, 0x00, message.type]),
    timeBytes,
    Buffer.from([0x0d, 0x0a]),
  ]);
  return { positions: [position], reply };
};

export const wifiOnly: Handler = (message, context) => {
  if (message.form !== 'countedWifi')
    throw new FrameError('GT06 0x69 without its access-point count');
  return countedWifi(message, context);
};
