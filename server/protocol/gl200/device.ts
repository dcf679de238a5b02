import type { AlarmKey } from '../../../model/alarm';
import type {
  DeviceSimulator,
  ReceivedFrame,
  SimulatedDevice,
  SimulatedFix,
} from '../shared/definition';
import { delimitedSplitter } from '../shared/splitters';
import { formatTime, hex4 } from './constants';
import { kmhFromKnots } from '../../../model/units';

/**
 * A simulated GV300 on TCP: fixed reports (GTFRI) with its device status, an alarm as the report
 * that raises it, a driver's iButton as GTIDA, heartbeats (`+ACK:GTHBD`), and `+ACK:` answers to
 * the `AT+GT…` commands it reads.
 */

/** Device type 06 (GV300), protocol version 02.28. */
const VERSION = '060228';

/**
 * The report each alarm is raised with, and the fields between the device name and the location
 * block: `<reserved>,<report id/type>,<number>` for the reports laid out as the fixed report.
 */
const ALARM_REPORTS: Partial<Record<AlarmKey, { type: string; head: string[] }>> = {
  sos: { type: 'SOS', head: ['', '00', '1'] },
  overspeed: { type: 'SPD', head: ['', '00', '1'] },
  geofenceEnter: { type: 'GEO', head: ['', '01', '1'] },
  geofenceExit: { type: 'GEO', head: ['', '00', '1'] },
  tow: { type: 'TOW', head: ['', '00', '1'] },
  idle: { type: 'IDN', head: ['', '00', '1'] },
  hardBraking: { type: 'HBM', head: ['', '10', '1'] },
  hardAcceleration: { type: 'HBM', head: ['', '11', '1'] },
  hardCornering: { type: 'HBM', head: ['', '12', '1'] },
  accident: { type: 'CRA', head: ['0'] },
  powerCut: { type: 'EPF', head: [] },
  powerRestored: { type: 'EPN', head: [] },
  jamming: { type: 'JDR', head: [] },
};

/** What each real time operation sub-command is called in its acknowledgement. */
const RTO_NAMES: Readonly<Record<string, string>> = {
  '0': 'GPS',
  '1': 'RTL',
  '2': 'READ',
  '3': 'REBOOT',
  '4': 'RESET',
  '5': 'PWROFF',
  '6': 'CID',
  '7': 'CSQ',
  '8': 'VER',
  '9': 'BAT',
};

const kph = kmhFromKnots;

function block(fix: SimulatedFix): string {
  return [
    fix.valid ? '1' : '0',
    kph(fix.speed).toFixed(1),
    String(Math.round(fix.course) % 360),
    (fix.altitude ?? 0).toFixed(1),
    fix.longitude.toFixed(6),
    fix.latitude.toFixed(6),
    formatTime(fix.time),
    '',
    '',
    '',
    '',
    '00',
  ].join(',');
}

/** `<Device Status>`: motion state, inputs (bit 0 the ignition line), outputs (1 the relay). */
function deviceStatus(fix: SimulatedFix): string {
  const moving = fix.speed > 0;
  const state =
    fix.ignition === undefined
      ? moving ? 0x42 : 0x41
      : fix.ignition
        ? moving ? 0x22 : 0x21
        : moving ? 0x12 : 0x11; // prettier-ignore
  const input = fix.ignition ? 1 : 0;
  const output = fix.blocked ? 1 : 0;
  return ((state << 16) | (input << 8) | output).toString(16).toUpperCase().padStart(6, '0');
}

class Gv300 implements SimulatedDevice {
  private count = 0;

  constructor(private readonly imei: string) {}

  private frame(type: string, fields: string[], time: number): Buffer {
    this.count = (this.count + 1) & 0xffff;
    const line = [
      `+RESP:GT${type}`,
      VERSION,
      this.imei,
      '',
      ...fields,
      formatTime(time),
      hex4(this.count),
    ];
    return Buffer.from(`${line.join(',')}$`, 'latin1');
  }

  hello(): Buffer[] {
    return [];
  }

  position(fix: SimulatedFix): Buffer {
    const mileage = fix.odometer === undefined ? '' : (fix.odometer / 1000).toFixed(1);
    const alarm = fix.alarm ? ALARM_REPORTS[fix.alarm as AlarmKey] : undefined;
    if (alarm) return this.frame(alarm.type, [...alarm.head, block(fix), mileage], fix.time);
    if (fix.driverUniqueId) {
      const fields = ['', fix.driverUniqueId, '1', '1', block(fix), mileage, '', '', '', ''];
      return this.frame('IDA', fields, fix.time);
    }
    const power = fix.power === undefined ? '' : String(Math.round(fix.power * 1000));
    const battery = fix.batteryLevel === undefined ? '' : String(Math.round(fix.batteryLevel));
    const fields = [power, '10', '1', block(fix), mileage, '', '', '', battery, deviceStatus(fix)];
    return this.frame('FRI', [...fields, '', '', ''], fix.time);
  }

  heartbeat(): Buffer {
    this.count = (this.count + 1) & 0xffff;
    const line = ['+ACK:GTHBD', VERSION, this.imei, '', formatTime(Date.now()), hex4(this.count)];
    return Buffer.from(`${line.join(',')}$`, 'latin1');
  }

  splitter() {
    return delimitedSplitter({ end: '$' });
  }

  receive(frame: Buffer): ReceivedFrame {
    const text = frame.toString('latin1').replace(/\$$/, '');
    const command = /^AT\+GT([A-Z]{3})=/.exec(text);
    if (!command) return { kind: 'ack' };
    const fields = text.split(',');
    const last = fields[fields.length - 1];
    const serial = /^[0-9A-Fa-f]{4}$/.test(last) ? parseInt(last, 16) : undefined;
    let type: 'engineStop' | 'engineResume' | null = null;
    if (command[1] === 'OUT' && fields[1] === '1') type = 'engineStop';
    if (command[1] === 'OUT' && fields[1] === '0') type = 'engineResume';
    return { kind: 'command', text, type, serial };
  }

  /** @Track acknowledgements carry the command word and serial number, no free text. */
  answer(command: Extract<ReceivedFrame, { kind: 'command' }>): Buffer {
    const word = /^AT\+GT([A-Z]{3})=/.exec(command.text)?.[1] ?? 'RTO';
    const serial = hex4(command.serial ?? 0xffff);
    const fields =
      word === 'RTO' ? [RTO_NAMES[command.text.split(',')[1]] ?? '', serial] : [serial];
    this.count = (this.count + 1) & 0xffff;
    const line = [
      `+ACK:GT${word}`,
      VERSION,
      this.imei,
      '',
      ...fields,
      formatTime(Date.now()),
      hex4(this.count),
    ];
    return Buffer.from(`${line.join(',')}$`, 'latin1');
  }
}

export const gv300Simulator: DeviceSimulator = {
  transport: 'tcp',
  uniqueId: (index: number) => `86${String(index).padStart(13, '0')}`,
  connect: (uniqueId: string) => new Gv300(uniqueId),
};
