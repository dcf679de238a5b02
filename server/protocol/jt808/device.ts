import {
  FrameError,
  type DeviceSimulator,
  type FrameSplitter,
  type ReceivedFrame,
  type SimulatedDevice,
  type SimulatedFix,
} from '../shared/definition';
import { flagsFromAlarm, STATUS } from './alarms';
import { buildFrame, MAX_BODY, parseFrame, type Jt808Message, type Terminal } from './frame';
import { timeBytes } from './location';
import { MSG } from './messages';
import { jt808Splitter } from './splitter';
import { terminalIdBytes, terminalIdText } from './terminalId';
import { decodeGbk, encodeGbk } from './text';
import { kmhFromKnots } from '../../../model/units';

/**
 * A JT808 tracker (2013 header) as the simulator runs it. Its SIM number is `0139` and eight
 * digits from the simulator's index; the server stores it without the leading zero. On connecting
 * it registers (0x0100) and authenticates (0x0102) with the code the server's 0x8100 gives, which
 * is its own terminal id, so it need not wait for the answer. Positions are 0x0200 reports with the
 * ignition and engine-cut status bits, the alarm flag and the mileage, satellites, battery,
 * power and driver card items; heartbeats are 0x0002. It obeys terminal control 0xF0 / 0xF1 (and
 * the standard's vehicle control, and one vendor's oil control) as engine stop / resume, and
 * answers commands with a text report (0x6006).
 */

/** Alarms the status word cannot carry, sent in the driving-behaviour item 0x57 instead. */
const BEHAVIOUR_BITS: Readonly<Record<string, number>> = {
  hardAcceleration: 8,
  hardBraking: 9,
  hardCornering: 10,
};

/** Knots to the 0.1 km/h the report carries. */
const tenthsKph = (knots: number) => Math.round(kmhFromKnots(knots) * 10);

class Jt808Device implements SimulatedDevice {
  private serial = 0;
  private readonly terminal: Terminal;

  constructor(private readonly uniqueId: string) {
    const id = terminalIdBytes(uniqueId, false);
    if (!id) throw new Error(`not a JT808 terminal id: ${uniqueId}`);
    this.terminal = { id, version: null };
  }

  private frame(messageId: number, body: Buffer): Buffer {
    const frame = buildFrame(messageId, this.terminal, this.serial, body);
    this.serial = (this.serial + 1) & 0xffff;
    return frame;
  }

  hello(): Buffer[] {
    const tail = this.uniqueId.slice(-7).padStart(7, '0');
    const register = Buffer.concat([
      Buffer.from([0x00, 0x2c, 0x01, 0x2c]), // province and city codes
      fixed('FROTA', 5), // manufacturer
      fixed('SIM-JT808', 20), // model
      fixed(tail, 7), // terminal id
      Buffer.from([1]), // plate colour: blue
      Buffer.from(`SIM${tail.slice(-4)}`, 'latin1'),
    ]);
    const code = Buffer.from(terminalIdText(this.terminal.id), 'latin1');
    return [this.frame(MSG.register, register), this.frame(MSG.auth, code)];
  }

  position(fix: SimulatedFix): Buffer {
    const basic = Buffer.alloc(28);
    basic.writeUInt32BE(flagsFromAlarm(fix.alarm), 0);
    let status = 0;
    if (fix.ignition) status |= 1 << STATUS.ignition;
    if (fix.valid) status |= 1 << STATUS.valid;
    if (fix.latitude < 0) status |= 1 << STATUS.south;
    if (fix.longitude < 0) status |= 1 << STATUS.west;
    if (fix.blocked) status |= 1 << STATUS.blocked;
    basic.writeUInt32BE(status >>> 0, 4);
    basic.writeUInt32BE(Math.round(Math.abs(fix.latitude) * 1e6), 8);
    basic.writeUInt32BE(Math.round(Math.abs(fix.longitude) * 1e6), 12);
    basic.writeInt16BE(clamp(Math.round(fix.altitude ?? 0), -0x8000, 0x7fff), 16);
    basic.writeUInt16BE(clamp(tenthsKph(fix.speed), 0, 0xffff), 18);
    basic.writeUInt16BE(Math.round(fix.course) % 360, 20);
    timeBytes(fix.time).copy(basic, 22);

    const items: Buffer[] = [];
    if (fix.odometer !== undefined) items.push(item(0x01, u32(Math.round(fix.odometer / 100))));
    if (fix.satellites !== undefined)
      items.push(item(0x31, Buffer.from([clamp(Math.round(fix.satellites), 0, 255)])));
    if (fix.batteryLevel !== undefined) {
      items.push(item(0x06, Buffer.from([clamp(Math.round(fix.batteryLevel), 0, 100)])));
    }
    if (fix.power !== undefined) items.push(item(0xf1, u32(Math.round(fix.power * 1000))));
    if (fix.driverUniqueId)
      items.push(item(0xbd, Buffer.from(fix.driverUniqueId, 'latin1').subarray(0, 255)));
    const behaviour = fix.alarm ? BEHAVIOUR_BITS[fix.alarm] : undefined;
    if (behaviour !== undefined) {
      const value = Buffer.alloc(8);
      value.writeUInt16BE(1 << behaviour, 0);
      items.push(item(0x57, value));
    }
    return this.frame(MSG.location, Buffer.concat([basic, ...items]));
  }

  heartbeat(): Buffer {
    return this.frame(MSG.heartbeat, Buffer.alloc(0));
  }

  splitter(): FrameSplitter {
    return jt808Splitter();
  }

  receive(frame: Buffer): ReceivedFrame {
    if (frame[0] === 0x28) return { kind: 'ack' }; // the padlocks' text time answer
    let message: Jt808Message;
    try {
      message = parseFrame(frame);
    } catch (error) {
      // A frame that does not read (a raw custom frame typed wrong) is ignored, as a device would.
      if (error instanceof FrameError) return { kind: 'ack' };
      throw error;
    }
    const { body, serial } = message;
    const command = (text: string, type: 'engineStop' | 'engineResume' | null): ReceivedFrame => ({
      kind: 'command',
      text,
      type,
      serial,
    });
    const raw = `${message.messageId.toString(16).padStart(4, '0')} ${body.toString('hex')}`.trim();
    switch (message.messageId) {
      case MSG.platformResponse:
      case MSG.registerResponse:
      case MSG.timeSyncResponse:
        return { kind: 'ack' };
      case MSG.terminalControl:
        return command(raw, engineByWord(body[0]));
      case MSG.vehicleControl: {
        // 2013: one flag byte; 2019: a count, then control types (0x0001) with their parameter.
        const flag = body.length >= 5 && body.readUInt16BE(2) === 0x0001 ? body[4] : body[0];
        return command(raw, flag === undefined ? null : flag & 1 ? 'engineStop' : 'engineResume');
      }
      case MSG.oilControl:
        return command(raw, body[0] === 1 ? 'engineStop' : body[0] === 0 ? 'engineResume' : null);
      case MSG.textMessage:
        return command(decodeGbk(body.subarray(1)), null);
      default:
        return command(raw, null);
    }
  }

  answer(_command: Extract<ReceivedFrame, { kind: 'command' }>, result: string): Buffer {
    const text = encodeGbk(result) ?? Buffer.from(result.replace(/[^\x20-\x7e]/g, '?'), 'latin1');
    return this.frame(
      MSG.textReport,
      Buffer.concat([Buffer.from([0]), text.subarray(0, MAX_BODY - 1)]),
    );
  }
}

/** Terminal control command words that cut or restore the engine. */
function engineByWord(word: number | undefined): 'engineStop' | 'engineResume' | null {
  if (word === 0xf0 || word === 0x64) return 'engineStop';
  if (word === 0xf1 || word === 0x65) return 'engineResume';
  return null;
}

function fixed(text: string, length: number): Buffer {
  const bytes = Buffer.alloc(length);
  bytes.write(text.slice(0, length), 'latin1');
  return bytes;
}

function item(id: number, value: Buffer): Buffer {
  return Buffer.concat([Buffer.from([id, value.length]), value]);
}

function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(clamp(value, 0, 0xffffffff), 0);
  return bytes;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export const jt808Device: DeviceSimulator = {
  transport: 'tcp',
  /** `0139` and eight digits of the index, stored without the leading zero: `139000000NN`. */
  uniqueId(index: number): string {
    return `139${String(Math.abs(Math.trunc(index)) % 100_000_000).padStart(8, '0')}`;
  },
  connect(uniqueId: string): SimulatedDevice {
    return new Jt808Device(uniqueId);
  },
};
