import { describe, expect, it } from 'vitest';
import { suntech } from '../../../../../server/protocol/suntech';
import type { SimulatedFix } from '../../../../../server/protocol/shared/definition';
import { FrameStream } from '../../../../../server/protocol/shared/frameStream';
import { decode, position } from './helpers';

const device = suntech.device;

const FIX: SimulatedFix = {
  time: Date.UTC(2024, 4, 6, 15, 52, 55),
  valid: true,
  latitude: -22.845935,
  longitude: -46.322,
  speed: 32.4,
  course: 181.5,
  satellites: 9,
  ignition: true,
  blocked: false,
};

describe('suntech simulated device', () => {
  it('is a TCP device with a nine-digit Suntech id', () => {
    expect(device.transport).toBe('tcp');
    expect(device.uniqueId(7)).toBe('900000007');
    expect(device.uniqueId(12345)).toMatch(/^\d{9}$/);
    expect(device.uniqueId(1)).not.toBe(device.uniqueId(2));
  });

  it('sends no login: every report names the device', () => {
    expect(device.connect('900000007').hello()).toEqual([]);
  });

  it('reports a fix the decoder reads back', () => {
    const state = new Map<string, unknown>();
    const frame = device.connect('900000007').position(FIX);
    expect(frame.toString('latin1')).toMatch(/^STT;900000007;3FF83F;.*\r$/);
    const result = decode(frame, state);
    expect(result.identify).toEqual(['900000007']);
    const p = result.positions![0];
    expect(p.fixTime).toBe(FIX.time);
    expect(p.valid).toBe(true);
    expect(p.outdated).toBe(false);
    expect(p.latitude).toBeCloseTo(FIX.latitude, 6);
    expect(p.longitude).toBeCloseTo(FIX.longitude, 6);
    expect(p.speed).toBeCloseTo(FIX.speed, 2);
    expect(p.course).toBeCloseTo(FIX.course, 2);
    expect(p.attributes).toMatchObject({ sat: 9, ignition: true, output: 0, type: 'STT' });
    expect(p.attributes.alarm).toBeUndefined();
  });

  it('numbers its status reports', () => {
    const connection = device.connect('900000007');
    const first = position(connection.position(FIX)).attributes.index as number;
    expect(position(connection.position(FIX)).attributes.index).toBe(first + 1);
  });

  it('reports ignition off, the engine cut and no fix', () => {
    const p = position(
      device
        .connect('900000007')
        .position({ ...FIX, valid: false, satellites: undefined, ignition: false, blocked: true }),
    );
    expect(p.valid).toBe(false);
    expect(p.attributes).toMatchObject({ ignition: false, output: 1, sat: 0 });
  });

  it('raises an alarm as an alert', () => {
    const frame = device.connect('900000007').position({ ...FIX, alarm: 'powerCut' });
    expect(frame.toString('latin1')).toMatch(/^ALT;/);
    expect(position(frame).attributes.alarm).toBe('powerCut');
  });

  it('reports a fix without an alarm Suntech has no alert for', () => {
    const p = position(device.connect('900000007').position({ ...FIX, alarm: 'tow' }));
    expect(p.attributes.alarm).toBeUndefined();
    expect(p.latitude).toBeCloseTo(FIX.latitude, 6);
  });

  it('identifies a driver with an iButton alert', () => {
    const p = position(
      device.connect('900000007').position({ ...FIX, driverUniqueId: '01B54221010000' }),
    );
    expect(p.attributes.driverUniqueId).toBe('01B54221010000');
    expect(p.latitude).toBeCloseTo(FIX.latitude, 6);
  });

  it('sends keep-alives that name it and store nothing', () => {
    const frame = device.connect('900000007').heartbeat();
    expect(frame.toString('latin1')).toBe('ALV;900000007\r');
    expect(decode(frame)).toEqual({ identify: ['900000007'] });
  });

  it('every frame it sends passes the server splitter whole', () => {
    const connection = device.connect('900000007');
    const frames = [
      connection.position(FIX),
      connection.position({ ...FIX, alarm: 'sos' }),
      connection.heartbeat(),
    ];
    const result = new FrameStream(suntech.splitter()).push(Buffer.concat(frames));
    expect(result.frames.map((f) => `${f.toString('latin1')}\r`)).toEqual(
      frames.map((f) => f.toString('latin1')),
    );
  });
});

describe('suntech simulated device and commands', () => {
  /** The connection's state after the simulated device reported once. */
  function connected(): {
    state: Map<string, unknown>;
    connection: ReturnType<typeof device.connect>;
  } {
    const connection = device.connect('900000007');
    const state = new Map<string, unknown>();
    decode(connection.position(FIX), state);
    return { state, connection };
  }

  function sent(type: string, state: Map<string, unknown>, attributes = {}): Buffer {
    const bytes = suntech.encode(
      { type, attributes },
      { uniqueId: '900000007', state, transport: 'tcp' },
    );
    if (!bytes) throw new Error(`${type} not encoded`);
    return bytes;
  }

  it.each([
    ['engineStop', 'engineStop'],
    ['engineResume', 'engineResume'],
    ['positionSingle', null],
    ['rebootDevice', null],
    ['alarmArm', null],
  ] as const)('reads %s as a command of type %s', (type, expected) => {
    const { state, connection } = connected();
    const bytes = sent(type, state);
    const frames = new FrameStream(connection.splitter()).push(bytes).frames;
    expect(frames).toHaveLength(1);
    const received = connection.receive(frames[0]);
    expect(received).toEqual({
      kind: 'command',
      text: bytes.toString('latin1').trim(),
      type: expected,
    });
  });

  it('reads the legacy forms of engine stop and resume', () => {
    const connection = device.connect('900000007');
    const state = new Map<string, unknown>([['suntech.prefix', 'ST300']]);
    const stop = connection.receive(sent('engineStop', state));
    const resume = connection.receive(sent('engineResume', state));
    expect(stop).toMatchObject({
      kind: 'command',
      type: 'engineStop',
      text: 'ST300CMD;900000007;02;Enable1',
    });
    expect(resume).toMatchObject({ kind: 'command', type: 'engineResume' });
  });

  it('splits several commands sent together', () => {
    const { state, connection } = connected();
    const bytes = Buffer.concat([sent('engineStop', state), sent('engineResume', state)]);
    const frames = new FrameStream(connection.splitter()).push(bytes).frames;
    expect(frames.map((f) => connection.receive(f))).toMatchObject([
      { type: 'engineStop' },
      { type: 'engineResume' },
    ]);
  });

  it('answers a command with a RES the decoder turns into a result', () => {
    const { state, connection } = connected();
    const received = connection.receive(sent('engineStop', state));
    if (received.kind !== 'command') throw new Error('not a command');
    const answer = connection.answer(received, 'Engine stopped');
    expect(answer.toString('latin1')).toBe('RES;900000007;04;01;Engine stopped\r');
    const result = decode(answer, state);
    expect(result.identify).toEqual(['900000007']);
    expect(result.positions![0].attributes.result).toBe('04;01;Engine stopped');
    expect(result.positions![0].outdated).toBe(true);
  });

  it('answers a legacy command the way legacy firmware does', () => {
    const connection = device.connect('900000007');
    const received = connection.receive(
      sent('engineResume', new Map([['suntech.prefix', 'ST300']])),
    );
    if (received.kind !== 'command') throw new Error('not a command');
    const result = decode(connection.answer(received, 'OK'));
    expect(result.identify).toEqual(['900000007']);
    expect(result.positions![0].attributes.result).toBe('1.0.0;Disable1;OK');
  });

  it('answers a custom command with its result', () => {
    const { state, connection } = connected();
    const received = connection.receive(sent('custom', state, { data: 'CMD;900000007;03;05\\r' }));
    if (received.kind !== 'command') throw new Error('not a command');
    expect(received.type).toBeNull();
    expect(decode(connection.answer(received, 'done')).positions![0].attributes.result).toBe(
      '03;05;done',
    );
  });
});
