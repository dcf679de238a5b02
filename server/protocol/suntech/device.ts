import type {
  DeviceSimulator,
  ReceivedFrame,
  SimulatedDevice,
  SimulatedFix,
} from '../shared/definition';
import { delimitedSplitter } from '../shared/splitters';
import { DRIVER_ALERT, alertCode } from './alarms';
import { kmhFromKnots } from '../../../model/units';

/**
 * A Suntech tracker on universal firmware (as an ST4300 reports): `STT` status reports with a
 * field mask, `ALT` alerts for alarms and for a driver's iButton, `ALV` keep-alives, and `RES`
 * answers to `CMD` commands. The ignition is input bit 0 and the engine-cut relay output bit 0
 * (output 1, which `CMD;<id>;04;01` closes). No report carries the main power or odometer: the
 * universal format has them only among the assigned fields a device's settings pick.
 */

/** Fields 0–5 (id to time) and 11–21 (latitude to message number): no cell to report. */
const MASK = '3FF83F';
/** A model number as universal reports carry it (nothing reads it back). */
const MODEL = '26';
const VERSION = '1.0.0';

export const suntechDevice: DeviceSimulator = {
  transport: 'tcp',
  uniqueId: (index) => `9${String(index).padStart(8, '0')}`,
  connect: (uniqueId) => new SuntechDevice(uniqueId),
};

class SuntechDevice implements SimulatedDevice {
  private sequence = 0;

  constructor(private readonly id: string) {}

  hello(): Buffer[] {
    return []; // every report names the device
  }

  position(fix: SimulatedFix): Buffer {
    const alert = fix.alarm ? alertCode(fix.alarm) : null;
    const head = [
      this.id,
      MASK,
      MODEL,
      VERSION,
      '1', // live, not from memory
      ...dateAndTime(fix.time),
      signed(fix.latitude),
      signed(fix.longitude),
      kmhFromKnots(fix.speed).toFixed(2),
      fix.course.toFixed(2),
      String(fix.satellites ?? (fix.valid ? 10 : 0)),
      fix.valid ? '1' : '0',
      bitField(fix.ignition),
      bitField(fix.blocked),
    ];
    if (alert !== null) return line('ALT', [...head, String(alert), '0', '']);
    if (fix.driverUniqueId) {
      return line('ALT', [...head, String(DRIVER_ALERT), '0', fix.driverUniqueId]);
    }
    this.sequence = (this.sequence + 1) % 10000;
    return line('STT', [...head, '1', '1', String(this.sequence).padStart(4, '0')]);
  }

  heartbeat(): Buffer {
    return line('ALV', [this.id]);
  }

  splitter() {
    return delimitedSplitter({ end: '\r' });
  }

  receive(frame: Buffer): ReceivedFrame {
    const text = frame.toString('latin1').replace(/[\r\n]+$/, '');
    if (text === '') return { kind: 'ack' };
    return { kind: 'command', text, type: commandType(text) };
  }

  answer(command: Extract<ReceivedFrame, { kind: 'command' }>, result: string): Buffer {
    const data = result.replace(/[\r\n]+/g, ' ');
    const universal = /^CMD;[^;]*;(.*)$/.exec(command.text);
    if (universal) return line('RES', [this.id, universal[1], data]);
    // A legacy command is answered `<model>CMD;Res;<id>;<sw ver>;<command>;…`.
    const legacy = /^(S[A-Z]\d{3})CMD;[^;]*;\d+;(.*)$/.exec(command.text);
    if (legacy) return line(`${legacy[1]}CMD`, ['Res', this.id, VERSION, legacy[2], data]);
    return line('RES', [this.id, data]);
  }
}

type EngineCommand = 'engineStop' | 'engineResume';

/** The engine-cut relay is output 1, in either dialect. */
const UNIVERSAL_ENGINE: ReadonlyMap<string, EngineCommand> = new Map([
  ['04;01', 'engineStop'],
  ['04;02', 'engineResume'],
]);
const LEGACY_ENGINE: ReadonlyMap<string, EngineCommand> = new Map([
  ['Enable1', 'engineStop'],
  ['Disable1', 'engineResume'],
]);

/** The command a frame stands for among those the simulator obeys. */
function commandType(text: string): EngineCommand | null {
  const universal = /^CMD;[^;]*;(\d+;\d+)$/.exec(text);
  if (universal) return UNIVERSAL_ENGINE.get(universal[1]) ?? null;
  const legacy = /^S[A-Z]\d{3}CMD;[^;]*;02;(\w+)$/.exec(text);
  if (legacy) return LEGACY_ENGINE.get(legacy[1]) ?? null;
  return null;
}

function line(header: string, fields: readonly string[]): Buffer {
  return Buffer.from(`${[header, ...fields].join(';')}\r`, 'latin1');
}

function dateAndTime(time: number): [string, string] {
  const iso = new Date(time).toISOString(); // 2024-05-06T15:52:55.000Z
  return [iso.slice(0, 10).replace(/-/g, ''), iso.slice(11, 19)];
}

/** `+37.479323`, `-46.322000`: always signed, six decimals. */
function signed(degrees: number): string {
  return `${degrees < 0 ? '-' : '+'}${Math.abs(degrees).toFixed(6)}`;
}

/** Eight input or output bits with only bit 0 (ignition, output 1) possibly set. */
function bitField(on: boolean | undefined): string {
  return `0000000${on ? '1' : '0'}`;
}
