import { FrameError } from '../shared/definition';
import type {
  DeviceSimulator,
  ReceivedFrame,
  SimulatedDevice,
  SimulatedFix,
} from '../shared/definition';
import { alarmCode } from './alarms';
import { MSG_COMMAND, buildFrame, headerLength, isStart } from './frame';
import { gt06Splitter } from './splitter';
import { kmhFromKnots } from '../../../model/units';

/**
 * A simulated GT06N: logs in with its IMEI, reports fixes as 0x22 (GPS, cell, ACC, re-upload,
 * mileage), as the 0x16 alarm packet when the fix carries an alarm or the relay state (its
 * status byte holds ACC and the oil/electricity cut), as 0x61 / 0x17 when a driver key was read,
 * and sends the 0x13 status heartbeat. It reads the server's acknowledgements and 0x80 commands
 * and answers a command with the 0x15 string packet, echoing the server flag.
 */

/** A Brazilian serving cell (MCC 724) for the simulated packets. */
const CELL = { mcc: 724, mnc: 5, lac: 0x07a9 };
/** English, no zone: the device reports UTC. */
const LANGUAGE_ENGLISH = 0x02;

const ENGINE_STOP = /^\s*(?:relay\s*,\s*1|dyd)\s*[,#]/i;
const ENGINE_RESUME = /^\s*(?:relay\s*,\s*0|hfyd)\s*[,#]/i;

export const gt06Device: DeviceSimulator = {
  transport: 'tcp',
  uniqueId: (index: number) => '86' + String(index).padStart(13, '0'),
  connect: (uniqueId: string) => new Gt06Connection(uniqueId),
};

class Gt06Connection implements SimulatedDevice {
  private serial = 0;
  private readonly imei: Buffer;
  /** What the heartbeat reports: the state of the last fix. */
  private state: { ignition: boolean; blocked: boolean; batteryLevel?: number; fixed: boolean } = {
    ignition: false,
    blocked: false,
    fixed: false,
  };

  constructor(uniqueId: string) {
    if (!/^\d{1,15}$/.test(uniqueId)) throw new Error(`not a GT06 IMEI: ${uniqueId}`);
    this.imei = Buffer.from(uniqueId.padStart(16, '0'), 'hex');
  }

  private nextSerial(): number {
    this.serial = (this.serial + 1) & 0xffff;
    return this.serial;
  }

  hello(): Buffer[] {
    const content = Buffer.alloc(12);
    this.imei.copy(content, 0);
    content.writeUInt16BE(0x0000, 8); // type code
    content.writeUInt16BE(LANGUAGE_ENGLISH, 10); // zone 0 east, English
    return [buildFrame(0x01, content, this.nextSerial())];
  }

  position(fix: SimulatedFix): Buffer {
    this.state = {
      ignition: fix.ignition ?? this.state.ignition,
      blocked: fix.blocked ?? this.state.blocked,
      batteryLevel: fix.batteryLevel ?? this.state.batteryLevel,
      fixed: fix.valid,
    };
    const driver = fix.driverUniqueId;
    if (driver !== undefined && /^\d{1,14}$/.test(driver) && Number(driver) < 2 ** 48) {
      return this.ibutton(fix, Number(driver));
    }
    if (driver !== undefined && /^[0-9a-f]{16}$/i.test(driver)) return this.rfid(fix, driver);
    const alarm = fix.alarm !== undefined ? alarmCode(fix.alarm) : null;
    if (alarm !== null || fix.blocked !== undefined) return this.alarmPacket(fix, alarm ?? 0);
    const acc = Buffer.from([fix.ignition ? 1 : 0, 0x00, 0x00]);
    const parts = [gpsBlock(fix), gsmCell(3), acc];
    if (fix.odometer !== undefined) parts.push(u32(Math.round(fix.odometer)));
    return buildFrame(0x22, Buffer.concat(parts), this.nextSerial());
  }

  /** 0x16: GPS, the cell behind its length byte, the status block, then the mileage. */
  private alarmPacket(fix: SimulatedFix, alarm: number): Buffer {
    const status = Buffer.from([
      this.terminalInfo(),
      this.voltageLevel(),
      0x04,
      alarm,
      LANGUAGE_ENGLISH,
    ]);
    const parts = [gpsBlock(fix), Buffer.from([0x09]), gsmCell(3), status];
    if (fix.odometer !== undefined) parts.push(u32(Math.round(fix.odometer)));
    return buildFrame(0x16, Buffer.concat(parts), this.nextSerial());
  }

  /** 0x61: IMEI, GPS, cell (4-byte id), the 6-byte iButton key. */
  private ibutton(fix: SimulatedFix, driver: number): Buffer {
    const key = Buffer.alloc(6);
    key.writeUIntBE(driver, 0, 6);
    return buildFrame(
      0x61,
      Buffer.concat([this.imei, gpsBlock(fix), gsmCell(4), key]),
      this.nextSerial(),
    );
  }

  /** 0x17: GPS, cell, the 8-byte RFID card, its validity. */
  private rfid(fix: SimulatedFix, card: string): Buffer {
    const content = Buffer.concat([
      gpsBlock(fix),
      gsmCell(3),
      Buffer.from(card, 'hex'),
      Buffer.from([1]),
    ]);
    return buildFrame(0x17, content, this.nextSerial());
  }

  heartbeat(): Buffer {
    const content = Buffer.from([
      this.terminalInfo(),
      this.voltageLevel(),
      0x04,
      0x00,
      LANGUAGE_ENGLISH,
    ]);
    return buildFrame(0x13, content, this.nextSerial());
  }

  /** Oil/electricity cut (bit 7), GPS tracking (bit 6), charging (bit 2), ACC (bit 1). */
  private terminalInfo(): number {
    return (
      (this.state.blocked ? 0x80 : 0) |
      (this.state.fixed ? 0x40 : 0) |
      0x04 |
      (this.state.ignition ? 0x02 : 0)
    );
  }

  /** A percentage above 6 goes as such; the documented 0–6 levels would read back coarser. */
  private voltageLevel(): number {
    const level = this.state.batteryLevel;
    if (level === undefined) return 6;
    const percent = Math.max(0, Math.min(100, Math.round(level)));
    return percent > 6 ? percent : Math.round((percent * 6) / 100);
  }

  splitter() {
    return gt06Splitter('device');
  }

  receive(frame: Buffer): ReceivedFrame {
    if (!isStart(frame, 0)) throw new FrameError('not a GT06 frame from the server');
    const extended = frame[0] === 0x79;
    const head = headerLength(extended);
    if (frame.length < head + 1) throw new FrameError('GT06 frame too short');
    if (frame[head] !== MSG_COMMAND) return { kind: 'ack' };
    const length = frame[head + 1];
    if (length < 4 || head + 2 + length > frame.length - 6) {
      throw new FrameError(`GT06 command with a text length of ${length}`);
    }
    const serverFlag = frame.readUInt32BE(head + 2);
    const text = frame.subarray(head + 6, head + 2 + length).toString('latin1');
    const type = ENGINE_STOP.test(text)
      ? 'engineStop'
      : ENGINE_RESUME.test(text)
        ? 'engineResume'
        : null;
    // The answer must echo the server flag: it travels as the command's `serial`.
    return { kind: 'command', text, type, serial: serverFlag };
  }

  answer(command: Extract<ReceivedFrame, { kind: 'command' }>, result: string): Buffer {
    const text = Buffer.from(result, 'latin1');
    const flag = u32(command.serial ?? 0);
    if (text.length <= 0xff - 16) {
      const content = Buffer.concat([
        Buffer.from([4 + text.length]),
        flag,
        text,
        Buffer.from([0x00, LANGUAGE_ENGLISH]),
      ]);
      return buildFrame(0x15, content, this.nextSerial());
    }
    // Too long for the short 0x15 packet: the newer 0x21 in a long frame (ASCII encoding).
    return buildFrame(
      0x21,
      Buffer.concat([flag, Buffer.from([0x01]), text]),
      this.nextSerial(),
      true,
    );
  }
}

function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(Math.max(0, Math.min(0xffffffff, value)) >>> 0);
  return bytes;
}

/** The 18-byte GPS block of a fix (UTC date, since the login declares no zone). */
function gpsBlock(fix: SimulatedFix): Buffer {
  const block = Buffer.alloc(18);
  const time = new Date(fix.time);
  block[0] = time.getUTCFullYear() - 2000;
  block[1] = time.getUTCMonth() + 1;
  block[2] = time.getUTCDate();
  block[3] = time.getUTCHours();
  block[4] = time.getUTCMinutes();
  block[5] = time.getUTCSeconds();
  block[6] = 0xc0 | Math.max(0, Math.min(15, fix.satellites ?? 0));
  block.writeUInt32BE(Math.round(Math.abs(fix.latitude) * 1_800_000), 7);
  block.writeUInt32BE(Math.round(Math.abs(fix.longitude) * 1_800_000), 11);
  block[15] = Math.max(0, Math.min(255, Math.round(kmhFromKnots(fix.speed))));
  const course = ((Math.round(fix.course) % 360) + 360) % 360;
  const flags =
    course |
    (fix.latitude >= 0 ? 0x0400 : 0) |
    (fix.longitude < 0 ? 0x0800 : 0) |
    (fix.valid ? 0x1000 : 0);
  block.writeUInt16BE(flags, 16);
  return block;
}

/** The simulated serving cell: MCC, MNC, LAC, then a cell id of `cidBytes`. */
function gsmCell(cidBytes: 3 | 4): Buffer {
  const cell = Buffer.alloc(5 + cidBytes);
  cell.writeUInt16BE(CELL.mcc, 0);
  cell[2] = CELL.mnc;
  cell.writeUInt16BE(CELL.lac, 3);
  cell.writeUIntBE(0x0074d5, 5, cidBytes);
  return cell;
}
