/**
 * H02 commands (over the connection and by SMS) and the simulated device: what it sends decodes
 * to what it simulated, it reads the server's answers and commands, and its answers become
 * command results.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { h02 } from '../../../../../server/protocol/h02';
import type {
  CommandData,
  ReceivedFrame,
  SimulatedFix,
} from '../../../../../server/protocol/shared/definition';
import { FrameStream } from '../../../../../server/protocol/shared/frameStream';
import { decodeContext } from '../../../../support/decodeContext';

const ID = '123456789012345';
// 01:02:03 UTC, the time field of every command.
const NOW = Date.UTC(2025, 5, 14, 1, 2, 3);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

const encodeContext = {
  uniqueId: ID,
  state: new Map<string, unknown>(),
  transport: 'tcp' as const,
};
const command = (type: string, attributes: Record<string, unknown> = {}): CommandData => ({
  type,
  attributes,
});
const encode = (type: string, attributes: Record<string, unknown> = {}) =>
  h02.encode(command(type, attributes), encodeContext)?.toString('utf8') ?? null;

describe('h02 definition', () => {
  it('is Traccar h02 on port 5013, TCP and UDP', () => {
    expect(h02.name).toBe('h02');
    expect(h02.defaultPort).toBe(5013);
    expect(h02.transports).toEqual(['tcp', 'udp']);
    expect(h02.device.transport).toBe('tcp');
  });

  it('lists exactly the commands it encodes', () => {
    for (const type of h02.commands) {
      expect(encode(type, { data: '*HQ,1,CR#', frequency: 60 }), type).not.toBeNull();
    }
    for (const type of h02.textCommands ?? []) {
      expect(
        h02.encodeText?.(command(type, { data: 'RCONF', frequency: 60 })),
        type,
      ).not.toBeNull();
    }
  });
});

describe('h02 commands over the connection', () => {
  it('builds the relay, alarm and interval commands as Traccar sends them', () => {
    expect(encode('engineStop')).toBe('*HQ,123456789012345,S20,010203,1,1#');
    expect(encode('engineResume')).toBe('*HQ,123456789012345,S20,010203,1,0#');
    expect(encode('alarmArm')).toBe('*HQ,123456789012345,SCF,010203,0,0#');
    expect(encode('alarmDisarm')).toBe('*HQ,123456789012345,SCF,010203,1,1#');
    expect(encode('positionPeriodic', { frequency: 10 })).toBe(
      '*HQ,123456789012345,S71,010203,22,10#',
    );
    expect(encode('positionPeriodic', { frequency: '30' })).toBe(
      '*HQ,123456789012345,S71,010203,22,30#',
    );
  });

  it('builds locate-now and reboot as the protocol document writes them', () => {
    expect(encode('positionSingle')).toBe('*HQ,123456789012345,CR#');
    expect(encode('rebootDevice')).toBe('*HQ,123456789012345,CQ#');
  });

  it('sends a custom command as typed, escapes turned into line breaks', () => {
    expect(encode('custom', { data: '*HQ,123456789012345,SLAN,en,010203#' })).toBe(
      '*HQ,123456789012345,SLAN,en,010203#',
    );
    expect(encode('custom', { data: 'RCONF\\r\\n' })).toBe('RCONF\r\n');
  });

  it('refuses what it cannot carry', () => {
    expect(encode('positionPeriodic')).toBeNull();
    expect(encode('positionPeriodic', { frequency: 0 })).toBeNull();
    expect(encode('positionPeriodic', { frequency: 'soon' })).toBeNull();
    expect(encode('custom')).toBeNull();
    expect(encode('custom', { data: 42 })).toBeNull();
    expect(encode('setTimezone', { timezone: 'UTC' })).toBeNull();
  });
});

describe('h02 SMS commands (Sinotrack)', () => {
  const sms = (type: string, attributes: Record<string, unknown> = {}) =>
    h02.encodeText?.(command(type, attributes)) ?? null;

  it('uses the factory password 0000 unless the command gives one', () => {
    expect(sms('engineStop')).toBe('9400000');
    expect(sms('engineResume')).toBe('9410000');
    expect(sms('engineStop', { devicePassword: '1234' })).toBe('9401234');
    expect(sms('positionPeriodic', { frequency: 30 })).toBe('8050000 30');
    expect(sms('rebootDevice')).toBe('RESTART');
    expect(sms('custom', { data: '8040000 203.0.113.5 5013' })).toBe('8040000 203.0.113.5 5013');
  });

  it('has no SMS for the rest', () => {
    expect(sms('positionSingle')).toBeNull();
    expect(sms('alarmArm')).toBeNull();
    expect(sms('positionPeriodic')).toBeNull();
  });
});

describe('h02 simulated device', () => {
  const uniqueId = h02.device.uniqueId(7);
  const fix: SimulatedFix = {
    time: Date.UTC(2025, 5, 14, 0, 59, 30),
    valid: true,
    latitude: -23.550519,
    longitude: -46.633309,
    speed: 32.4,
    course: 271.6,
    ignition: true,
    blocked: false,
    batteryLevel: 76,
  };

  /** What the device reads from bytes the server sent it. */
  function received(device: ReturnType<typeof h02.device.connect>, bytes: Buffer): ReceivedFrame[] {
    const frameStream = new FrameStream(device.splitter());
    return frameStream.push(bytes).frames.map((frame) => device.receive(frame));
  }

  it('makes ten-digit ids', () => {
    expect(uniqueId).toBe('4800000007');
    expect(h02.device.uniqueId(12345678)).toBe('4812345678');
  });

  it('needs no login: every message names the device', () => {
    expect(h02.device.connect(uniqueId).hello()).toEqual([]);
  });

  it('sends V1 positions that decode to the simulated fix, and reads their confirmation', () => {
    const device = h02.device.connect(uniqueId);
    const result = h02.decode(device.position(fix), decodeContext(NOW));
    expect(result.identify).toEqual([uniqueId]);
    const position = result.positions![0];
    expect(position.fixTime).toBe(fix.time);
    expect(position.valid).toBe(true);
    expect(position.latitude).toBeCloseTo(fix.latitude, 5);
    expect(position.longitude).toBeCloseTo(fix.longitude, 5);
    expect(position.speed).toBeCloseTo(fix.speed, 2);
    expect(position.course).toBe(272);
    expect(position.attributes).toMatchObject({ ignition: true, blocked: false });
    expect(position.attributes.alarm).toBeUndefined();
    expect(received(device, result.reply!)).toEqual([{ kind: 'ack' }]);
  });

  it('reports ignition off, the cut-off relay and alarms in the status word', () => {
    const device = h02.device.connect(uniqueId);
    for (const alarm of ['sos', 'vibration', 'overspeed', 'powerCut']) {
      const frame = device.position({
        ...fix,
        ignition: false,
        blocked: true,
        alarm,
        valid: false,
      });
      const position = h02.decode(frame, decodeContext(NOW)).positions![0];
      expect(position.valid).toBe(false);
      expect(position.attributes).toMatchObject({ ignition: false, blocked: true, alarm });
    }
  });

  it('writes every hemisphere and rounds minutes up to the next degree', () => {
    const device = h02.device.connect(uniqueId);
    for (const [latitude, longitude] of [
      [48.858844, 2.294351],
      [-33.856784, 151.215297],
      [40.999999999, -73.99999999],
    ]) {
      const position = h02.decode(
        device.position({ ...fix, latitude, longitude }),
        decodeContext(NOW),
      ).positions![0];
      expect(position.latitude).toBeCloseTo(latitude, 5);
      expect(position.longitude).toBeCloseTo(longitude, 5);
    }
  });

  it('sends HTBT heartbeats with its battery level, and reads their echo', () => {
    const device = h02.device.connect(uniqueId);
    device.position(fix);
    const result = h02.decode(device.heartbeat(), decodeContext(NOW));
    expect(result.positions![0]).toMatchObject({ outdated: true });
    expect(result.positions![0].attributes.batteryLevel).toBe(76);
    expect(received(device, result.reply!)).toEqual([{ kind: 'ack' }]);
  });

  it('reads every command the server encodes, with the relay commands typed', () => {
    const device = h02.device.connect(uniqueId);
    const frames = [
      encode('engineStop'),
      encode('engineResume'),
      encode('alarmArm'),
      encode('positionPeriodic', { frequency: 60 }),
      encode('positionSingle'),
      encode('rebootDevice'),
    ].join('');
    const read = received(device, Buffer.from(frames));
    expect(read.map((frame) => (frame.kind === 'command' ? frame.type : frame.kind))).toEqual([
      'engineStop',
      'engineResume',
      null,
      null,
      null,
      null,
    ]);
    expect(read[0]).toEqual({
      kind: 'command',
      text: '*HQ,123456789012345,S20,010203,1,1#',
      type: 'engineStop',
    });
  });

  it('answers a command with a V4 that decodes to its result and the last fix', () => {
    const device = h02.device.connect(uniqueId);
    device.position(fix);
    const [stop] = received(device, Buffer.from(encode('engineStop')!));
    if (stop.kind !== 'command') throw new Error('not a command');
    const answer = device.answer(stop, '80');
    expect(answer.toString()).toMatch(/^\*HQ,4800000007,V4,S20,80,010203,005930,A,/);
    const result = h02.decode(answer, decodeContext(NOW));
    expect(result.identify).toEqual([uniqueId]);
    const position = result.positions![0];
    expect(position.attributes.result).toBe('S20,80,010203');
    expect(position.fixTime).toBe(fix.time);
    expect(position.latitude).toBeCloseTo(fix.latitude, 5);
  });

  it('answers before any fix with a result that keeps the last location', () => {
    const device = h02.device.connect(uniqueId);
    const [locate] = received(device, Buffer.from(encode('positionSingle')!));
    if (locate.kind !== 'command') throw new Error('not a command');
    const position = h02.decode(device.answer(locate, 'OK'), decodeContext(NOW)).positions![0];
    expect(position.attributes.result).toBe('CR,OK');
    expect(position.outdated).toBe(true);
  });

  it('answers a free-text command the way it answers an SMS', () => {
    const device = h02.device.connect(uniqueId);
    const read = device.receive(Buffer.from('RCONF'));
    expect(read).toEqual({ kind: 'command', text: 'RCONF', type: null });
    if (read.kind !== 'command') throw new Error('not a command');
    const position = h02.decode(
      device.answer(read, 'ID:4800000007\nIP:203.0.113.5 5013'),
      decodeContext(NOW),
    ).positions![0];
    expect(position.attributes.result).toBe('ID:4800000007\nIP:203.0.113.5 5013');
  });

  it('reads the V4 confirmations and echoes as acknowledgements', () => {
    const device = h02.device.connect(uniqueId);
    expect(
      received(
        device,
        Buffer.from(`*HQ,${uniqueId},V4,V1,20250614010203#*HQ,${uniqueId},V4,NBR,20250614010203#`),
      ),
    ).toEqual([{ kind: 'ack' }, { kind: 'ack' }]);
  });
});

describe('h02 simulated device, server frames', () => {
  it('tells an interval command from a heartbeat echo of the same type', () => {
    const device = h02.device.connect('4800000001');
    expect(device.receive(Buffer.from('*HQ,4800000001,XT#'))).toEqual({ kind: 'ack' });
    expect(device.receive(Buffer.from('*HQ,4800000001,XT,10#'))).toEqual({
      kind: 'command',
      text: '*HQ,4800000001,XT,10#',
      type: null,
    });
  });
});
