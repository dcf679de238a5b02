import { Reader } from '../shared/bytes';
import type {
  DeviceSimulator,
  FrameSplitter,
  ReceivedFrame,
  SimulatedDevice,
  SimulatedFix,
  SplitResult,
} from '../shared/definition';
import {
  CODEC,
  CRC_FIELD,
  MAX_DATA_LENGTH,
  MESSAGE_TYPE,
  MIN_DATA_LENGTH,
  TCP_HEADER,
} from './codec';
import { codec12Packet, imeiFrame, tcpPacket } from './frames';
import { type IoValue, avlData, avlRecord } from './writer';
import { kmhFromKnots } from '../../../model/units';

/**
 * A Teltonika FMB tracker over TCP, as the simulator, the demo fleet and the tests drive it: it
 * logs in with its IMEI, sends each fix as a codec 8 packet of one record, and obeys codec 12
 * `setdigout` commands on DOUT1 (the immobiliser relay).
 *
 * Teltonika has no message without a fix: a tracker that has none repeats its last coordinates
 * with no satellites (the record reads as not valid). `heartbeat()` sends such a record, at the
 * current time, with the last state it reported.
 */
export const teltonikaDevice: DeviceSimulator = {
  transport: 'tcp',
  uniqueId: (index) => `35${String(index).padStart(13, '0')}`,
  connect: (uniqueId) => new SimulatedTeltonika(uniqueId),
};

/**
 * The alarms an FMB raises through an IO element, and the value it takes. Others have no IO
 * element that reads back as the same alarm, so the simulated device does not send them.
 */
export const ALARM_IO: Readonly<Record<string, { id: number; value: number }>> = {
  general: { id: 236, value: 1 },
  tow: { id: 246, value: 1 },
  accident: { id: 247, value: 1 },
  jamming: { id: 249, value: 1 },
  idle: { id: 251, value: 1 },
  powerCut: { id: 252, value: 1 },
  hardAcceleration: { id: 253, value: 1 },
  hardBraking: { id: 253, value: 2 },
  hardCornering: { id: 253, value: 3 },
  geofenceEnter: { id: 175, value: 1 },
  geofenceExit: { id: 175, value: 0 },
};

/** An iButton id the device can carry: up to 16 hex digits (it decodes zero-padded to 16). */
const IBUTTON = /^[0-9a-fA-F]{1,16}$/;

const clamp = (value: number, min: number, max: number): number =>
  Math.min(max, Math.max(min, Math.round(value)));

class SimulatedTeltonika implements SimulatedDevice {
  /** The last fix reported, without its one-off alarm and driver. */
  private last: SimulatedFix | null = null;
  /** DOUT1, as the last fix or command set it. */
  private out1: boolean | undefined;
  /** Whether the server's answer to the login has been read. */
  private loginAnswered = false;

  constructor(private readonly imei: string) {}

  hello(): Buffer[] {
    this.loginAnswered = false;
    return [imeiFrame(this.imei)];
  }

  position(fix: SimulatedFix): Buffer {
    if (fix.blocked !== undefined) this.out1 = fix.blocked;
    this.last = { ...fix, alarm: undefined, driverUniqueId: undefined };
    return this.packet(fix, fix.time);
  }

  heartbeat(): Buffer {
    const time = Math.max(Date.now(), this.last?.time ?? 0);
    const last = this.last ?? {
      time,
      valid: false,
      latitude: 0,
      longitude: 0,
      speed: 0,
      course: 0,
    };
    return this.packet({ ...last, valid: false, satellites: 0, speed: 0, course: 0 }, time);
  }

  private packet(fix: SimulatedFix, time: number): Buffer {
    const io: IoValue[] = [];
    const flag = (id: number, on: boolean) => io.push({ id, width: 1, value: on ? 1 : 0 });
    if (fix.ignition !== undefined) flag(239, fix.ignition);
    flag(240, fix.speed > 0);
    const out1 = fix.blocked ?? this.out1;
    if (out1 !== undefined) flag(179, out1);
    if (fix.batteryLevel !== undefined) {
      io.push({ id: 113, width: 1, value: clamp(fix.batteryLevel, 0, 100) });
    }
    if (fix.power !== undefined) {
      io.push({ id: 66, width: 2, value: clamp(fix.power * 1000, 0, 0xffff) });
    }
    if (fix.odometer !== undefined) {
      io.push({ id: 16, width: 4, value: clamp(fix.odometer, 0, 0xffffffff) });
    }
    if (fix.driverUniqueId !== undefined && IBUTTON.test(fix.driverUniqueId)) {
      // The iButton's bytes go least significant first.
      const bytes = Buffer.alloc(8);
      bytes.writeBigUInt64LE(BigInt(`0x${fix.driverUniqueId}`));
      io.push({ id: 78, width: 8, value: bytes });
    }
    const alarm = fix.alarm && Object.hasOwn(ALARM_IO, fix.alarm) ? ALARM_IO[fix.alarm] : undefined;
    if (alarm) io.push({ id: alarm.id, width: 1, value: alarm.value });

    const record = avlRecord(CODEC.CODEC_8, {
      time,
      priority: alarm ? 1 : 0,
      latitude: fix.latitude,
      longitude: fix.longitude,
      altitude: clamp(fix.altitude ?? 0, -0x8000, 0x7fff),
      course: ((Math.round(fix.course) % 360) + 360) % 360,
      satellites: fix.valid ? clamp(fix.satellites ?? 8, 1, 255) : 0,
      speedKph: clamp(kmhFromKnots(fix.speed), 0, 0xffff),
      event: alarm?.id ?? 0,
      io,
    });
    return tcpPacket(avlData(CODEC.CODEC_8, [record]));
  }

  /**
   * The server sends the login answer (one byte), record-count acknowledgements (four bytes) and
   * codec 12 packets (four zero bytes, then a length).
   */
  splitter(): FrameSplitter {
    return { next: (buffer) => this.nextServerFrame(buffer) };
  }

  private nextServerFrame(buffer: Buffer): SplitResult | null {
    if (buffer.length === 0) return null;
    const packetStart = buffer.length >= 4 && buffer.readUInt32BE(0) === 0;
    if (!this.loginAnswered && !packetStart) {
      this.loginAnswered = true;
      return { frame: buffer.subarray(0, 1), length: 1 };
    }
    if (buffer[0] !== 0) return { skip: 1 };
    if (buffer.length < 4) return null;
    if (packetStart) {
      if (buffer.length <= TCP_HEADER) return null;
      const dataLength = buffer.readUInt32BE(4);
      const codec = buffer[TCP_HEADER];
      const isPacket =
        dataLength >= MIN_DATA_LENGTH &&
        dataLength <= MAX_DATA_LENGTH &&
        (codec === CODEC.CODEC_12 || codec === CODEC.CODEC_14);
      if (isPacket) {
        const total = TCP_HEADER + dataLength + CRC_FIELD;
        return buffer.length < total ? null : { frame: buffer.subarray(0, total), length: total };
      }
    }
    return { frame: buffer.subarray(0, 4), length: 4 };
  }

  receive(frame: Buffer): ReceivedFrame {
    const text = commandText(frame);
    if (text === null) return { kind: 'ack' };
    const relay = /^setdigout ([01])/.exec(text.trim());
    if (relay) this.out1 = relay[1] === '1';
    const type = relay ? (relay[1] === '1' ? 'engineStop' : 'engineResume') : null;
    return { kind: 'command', text, type };
  }

  answer(_command: Extract<ReceivedFrame, { kind: 'command' }>, result: string): Buffer {
    return codec12Packet(MESSAGE_TYPE.RESPONSE, Buffer.from(result, 'latin1'));
  }
}

/** The text of a codec 12 (or 14) command packet; null for anything else. */
function commandText(frame: Buffer): string | null {
  if (frame.length < TCP_HEADER + MIN_DATA_LENGTH + CRC_FIELD || frame.readUInt32BE(0) !== 0) {
    return null;
  }
  const reader = new Reader(frame, TCP_HEADER, frame.length - CRC_FIELD);
  const codec = reader.u8();
  if (codec !== CODEC.CODEC_12 && codec !== CODEC.CODEC_14) return null;
  reader.u8(); // quantity
  if (reader.u8() !== MESSAGE_TYPE.COMMAND) return null;
  let content = reader.bytes(reader.u32());
  if (codec === CODEC.CODEC_14) content = content.subarray(8);
  const printable = content.every((b) => b >= 0x20 && b < 0x7f);
  return printable ? content.toString('latin1') : content.toString('hex');
}
