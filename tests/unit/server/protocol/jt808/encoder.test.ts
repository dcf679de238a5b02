import { describe, expect, it } from 'vitest';
import { jt808 } from '../../../../../server/protocol/jt808';
import { fromHex, hex } from '../../../../../server/protocol/shared/bytes';
import type {
  CommandData,
  DecodeContext,
  EncodeContext,
  ReceivedFrame,
  SimulatedFix,
} from '../../../../../server/protocol/shared/definition';
import { FrameStream } from '../../../../../server/protocol/shared/frameStream';

/**
 * Commands the server sends a JT808 terminal, and the simulated terminal: what it sends decodes
 * to what it simulated, and it reads every command and acknowledgement the server produces.
 */

const NOW = Date.UTC(2024, 1, 29, 13, 5, 9);
const IMEI_ID = '123456789012345';

function encodeContext(state = new Map<string, unknown>(), uniqueId = IMEI_ID): EncodeContext {
  return { uniqueId, state, transport: 'tcp' };
}

function decodeContext(state: Map<string, unknown>): DecodeContext {
  return { uniqueId: null, state, now: NOW, transport: 'tcp' };
}

const encode = (
  type: string,
  attributes: Record<string, unknown> = {},
  context = encodeContext(),
) => jt808.encode({ type, attributes } satisfies CommandData, context);

/** Header fields and body of a frame the server built (none of these frames needs escaping). */
function parts(frame: Buffer | null) {
  expect(frame).not.toBeNull();
  const bytes = frame ?? Buffer.alloc(0);
  return {
    messageId: bytes.readUInt16BE(1),
    length: bytes.readUInt16BE(3) & 0x3ff,
    id: hex(bytes.subarray(5, 11)),
    serial: bytes.readUInt16BE(11),
    body: hex(bytes.subarray(13, -2)),
  };
}

describe('jt808 commands', () => {
  it('lists what it encodes', () => {
    expect([...jt808.commands].sort()).toEqual(
      [
        'alarmArm',
        'alarmDisarm',
        'custom',
        'engineResume',
        'engineStop',
        'positionPeriodic',
        'positionSingle',
        'rebootDevice',
      ].sort(),
    );
  });

  it('cuts the engine with terminal control 0xF0, byte for byte as Traccar sends it', () => {
    // The IMEI-form id of 123456789012345 (its first 14 digits in 48 bits), platform serial 0.
    expect(hex(encode('engineStop') ?? Buffer.alloc(0))).toBe('7e810500010b3a73ce2ff20000f0247e');
  });

  it('restores the engine with 0xF1 and reboots with the standard’s reset word', () => {
    expect(parts(encode('engineResume'))).toMatchObject({ messageId: 0x8105, body: 'f1' });
    expect(parts(encode('rebootDevice'))).toMatchObject({ messageId: 0x8105, body: '04' });
  });

  it('queries the location with an empty 0x8201', () => {
    expect(parts(encode('positionSingle'))).toMatchObject({
      messageId: 0x8201,
      length: 0,
      body: '',
    });
  });

  it('sets the report interval, parameter 0x0029, in seconds', () => {
    expect(parts(encode('positionPeriodic', { frequency: 30 }))).toMatchObject({
      messageId: 0x8103,
      body: '01' + '00000029' + '04' + '0000001e',
    });
    expect(parts(encode('positionPeriodic', { frequency: '3600' })).body).toBe(
      '01000000290400000e10',
    );
    expect(encode('positionPeriodic', { frequency: 0 })).toBeNull();
    expect(encode('positionPeriodic', {})).toBeNull();
  });

  it('arms and disarms with the vendor parameter 0x24', () => {
    expect(parts(encode('alarmArm'))).toMatchObject({
      messageId: 0x0310,
      body: '0124050175736572',
    });
    expect(parts(encode('alarmDisarm'))).toMatchObject({
      messageId: 0x0310,
      body: '0124050075736572',
    });
  });

  it('sends custom text as a 0x8300 text message, byte for byte as Traccar does', () => {
    expect(hex(encode('custom', { data: 'Test, Command, 123#' }) ?? Buffer.alloc(0))).toBe(
      '7e830000140b3a73ce2ff2000001546573742c20436f6d6d616e642c2031323323a57e',
    );
    expect(parts(encode('custom', { data: '你好' })).body).toBe('01c4e3bac3');
  });

  it('sends a custom whole frame in hex as it is', () => {
    const raw = '7e8300001401234567890100010154657374a57e';
    expect(hex(encode('custom', { data: raw.toUpperCase() }) ?? Buffer.alloc(0))).toBe(raw);
  });

  it('refuses what it cannot carry', () => {
    expect(encode('custom', {})).toBeNull();
    expect(encode('custom', { data: ' ' })).toBeNull();
    expect(encode('custom', { data: 'Atenção' })).toBeNull();
    expect(encode('custom', { data: 'x'.repeat(1100) })).toBeNull();
    expect(encode('setTimezone', { timezone: 'GMT+3' })).toBeNull();
    expect(encode('engineStop', {}, encodeContext(new Map(), 'not-a-number'))).toBeNull();
  });

  it('addresses the terminal as its frames named it, 2019 header included, with the next serial', () => {
    const state = new Map<string, unknown>();
    const register2019 = fromHex(
      '7e0100405c010000086649607758216452180000000000000000000000000000004d443330300000000000000000000000000000000000000000000000000038363634393630373735383231363400000000000000000000000000000004000000000000000000000000000000007a7e',
    );
    jt808.decode(register2019, decodeContext(state));
    const frame =
      encode('engineStop', {}, encodeContext(state, '866496077582164')) ?? Buffer.alloc(0);
    expect(hex(frame.subarray(0, 19))).toBe(
      '7e81054001' + '01' + '00000866496077582164' + '0001' + 'f0',
    );
  });

  it('addresses a phone-number id by its BCD digits, zeros restored', () => {
    expect(parts(encode('positionSingle', {}, encodeContext(new Map(), '13912345678'))).id).toBe(
      '013912345678',
    );
  });
});

describe('jt808 simulated device', () => {
  const fix: SimulatedFix = {
    time: Date.UTC(2024, 1, 29, 13, 5, 9),
    valid: true,
    latitude: -23.550519,
    longitude: -46.633309,
    speed: 32.4,
    course: 271,
    altitude: 760,
    satellites: 9,
    ignition: true,
    blocked: true,
    power: 12.6,
    batteryLevel: 87,
    odometer: 123456,
    alarm: 'sos',
    driverUniqueId: '00A1B2C3D4',
  };

  const uniqueId = jt808.device.uniqueId(7);

  it('names devices by a phone number stored without its leading zero', () => {
    expect(uniqueId).toBe('13900000007');
    expect(jt808.device.uniqueId(12345678)).toBe('13912345678');
  });

  it('registers and authenticates with the code the server issues', () => {
    const state = new Map<string, unknown>();
    const device = jt808.device.connect(uniqueId);
    const [register, auth] = device.hello();
    const registered = jt808.decode(register, decodeContext(state));
    expect(registered.identify).toEqual([uniqueId, `0${uniqueId}`]);
    const reply = registered.reply ?? Buffer.alloc(0);
    expect(device.receive(reply)).toEqual({ kind: 'ack' });
    // The 0x8100 body: answered serial, result, then the code the terminal authenticates with.
    const code = reply.subarray(16, -2);
    expect(code.toString('latin1')).toBe(`0${uniqueId}`);
    expect(auth.subarray(13, -2)).toEqual(code);
    const authenticated = jt808.decode(auth, decodeContext(state));
    expect(device.receive(authenticated.reply ?? Buffer.alloc(0))).toEqual({ kind: 'ack' });
  });

  it('reports a fix that decodes to what it simulated', () => {
    const device = jt808.device.connect(uniqueId);
    const result = jt808.decode(device.position(fix), decodeContext(new Map()));
    expect(result.identify?.[0]).toBe(uniqueId);
    expect(result.reply).toBeDefined();
    const [p] = result.positions ?? [];
    expect(p).toMatchObject({
      outdated: false,
      valid: true,
      fixTime: fix.time,
      latitude: fix.latitude,
      longitude: fix.longitude,
      altitude: 760,
      course: 271,
    });
    expect(p.speed).toBeCloseTo(fix.speed, 1);
    expect(p.attributes).toMatchObject({
      ignition: true,
      blocked: true,
      sat: 9,
      power: 12.6,
      batteryLevel: 87,
      odometer: 123500,
      alarm: 'sos',
      driverUniqueId: '00A1B2C3D4',
    });
  });

  it('reports a plain fix and driving behaviour alarms', () => {
    const device = jt808.device.connect(uniqueId);
    const plain = {
      time: fix.time,
      valid: false,
      latitude: 10,
      longitude: 20,
      speed: 0,
      course: 0,
    };
    const [p] = jt808.decode(device.position(plain), decodeContext(new Map())).positions ?? [];
    expect(p).toMatchObject({ valid: false, latitude: 10, longitude: 20 });
    expect(p.attributes).toEqual({ ignition: false, blocked: false, charge: false });
    const braking = jt808.decode(
      device.position({ ...plain, alarm: 'hardBraking' }),
      decodeContext(new Map()),
    );
    expect(braking.positions?.[0].attributes.alarm).toBe('hardBraking');
  });

  it('sends heartbeats the server acknowledges without storing anything', () => {
    const device = jt808.device.connect(uniqueId);
    const result = jt808.decode(device.heartbeat(), decodeContext(new Map()));
    expect(result.positions).toBeUndefined();
    expect(device.receive(result.reply ?? Buffer.alloc(0))).toEqual({ kind: 'ack' });
  });

  it('counts its own serial up and splits through the server’s splitter', () => {
    const device = jt808.device.connect(uniqueId);
    const sent = [...device.hello(), device.position(fix), device.heartbeat()];
    const { frames } = new FrameStream(jt808.splitter()).push(Buffer.concat(sent));
    expect(frames.map((frame) => frame.readUInt16BE(11))).toEqual([0, 1, 2, 3]);
  });

  it('reads every command the server encodes, with engine stop and resume by type', () => {
    const state = new Map<string, unknown>();
    const device = jt808.device.connect(uniqueId);
    jt808.decode(device.hello()[0], decodeContext(state));
    const context = encodeContext(state, uniqueId);
    const read = (type: string, attributes: Record<string, unknown> = {}) =>
      device.receive(jt808.encode({ type, attributes }, context) ?? Buffer.alloc(0));
    expect(read('engineStop')).toEqual({
      kind: 'command',
      text: '8105 f0',
      type: 'engineStop',
      serial: 1,
    });
    expect(read('engineResume')).toEqual({
      kind: 'command',
      text: '8105 f1',
      type: 'engineResume',
      serial: 2,
    });
    expect(read('positionSingle')).toMatchObject({ kind: 'command', text: '8201', type: null });
    expect(read('rebootDevice')).toMatchObject({ text: '8105 04', type: null });
    expect(read('positionPeriodic', { frequency: 60 })).toMatchObject({
      text: '8103 ' + '01' + '00000029' + '04' + '0000003c',
    });
    expect(read('alarmArm')).toMatchObject({ kind: 'command', type: null });
    expect(read('custom', { data: 'RELAY,1#' })).toMatchObject({
      kind: 'command',
      text: 'RELAY,1#',
      type: null,
    });
    // 0x7E and 0x7D in a body go out escaped and come back whole.
    expect(read('custom', { data: 'A~B}C' })).toMatchObject({ kind: 'command', text: 'A~B}C' });
    // A raw frame typed with a wrong check code is ignored by the device.
    expect(read('custom', { data: '7e0002000001234567890100010000' + '7e' })).toEqual({
      kind: 'ack',
    });
  });

  it('reads the server’s frames from one stream through its splitter', () => {
    const state = new Map<string, unknown>();
    const device = jt808.device.connect(uniqueId);
    const replies = device
      .hello()
      .map((frame) => jt808.decode(frame, decodeContext(state)).reply ?? Buffer.alloc(0));
    const command = jt808.encode(
      { type: 'engineStop', attributes: {} },
      encodeContext(state, uniqueId),
    );
    const { frames } = new FrameStream(device.splitter()).push(
      Buffer.concat([...replies, command ?? Buffer.alloc(0)]),
    );
    expect(frames.map((frame) => device.receive(frame).kind)).toEqual(['ack', 'ack', 'command']);
  });

  it('obeys the standard vehicle control and a vendor oil control too', () => {
    const device = jt808.device.connect(uniqueId);
    // Platform frames built here: header with the terminal's id and serial 9, XOR check code.
    const frame = (messageId: number, body: string) => {
      const bytes = fromHex(body);
      const content = Buffer.concat([
        Buffer.from([messageId >> 8, messageId & 0xff, 0, bytes.length]),
        fromHex(`0${uniqueId}0009`),
        bytes,
      ]);
      let check = 0;
      for (const byte of content) check ^= byte;
      return Buffer.concat([fromHex('7e'), content, Buffer.from([check]), fromHex('7e')]);
    };
    const typeOf = (received: ReceivedFrame) =>
      received.kind === 'command' ? received.type : 'ack';
    expect(typeOf(device.receive(frame(0x8500, '01')))).toBe('engineStop');
    expect(typeOf(device.receive(frame(0x8500, '00')))).toBe('engineResume');
    expect(typeOf(device.receive(frame(0x8500, '0001' + '0001' + '01')))).toBe('engineStop');
    expect(typeOf(device.receive(frame(0xa006, '00' + '240229210509')))).toBe('engineResume');
    expect(typeOf(device.receive(frame(0x8105, '64')))).toBe('engineStop');
  });

  it('answers a command with a text report that decodes to its result', () => {
    const state = new Map<string, unknown>();
    const device = jt808.device.connect(uniqueId);
    const command = device.receive(
      jt808.encode({ type: 'engineStop', attributes: {} }, encodeContext(state, uniqueId)) ??
        Buffer.alloc(0),
    );
    if (command.kind !== 'command') throw new Error('expected a command');
    const answered = jt808.decode(device.answer(command, 'Cut oil OK'), decodeContext(state));
    expect(answered.positions?.[0]).toMatchObject({
      outdated: true,
      attributes: { result: 'Cut oil OK' },
    });
    expect(device.receive(answered.reply ?? Buffer.alloc(0))).toEqual({ kind: 'ack' });
    const chinese = jt808.decode(device.answer(command, '断油成功'), decodeContext(state));
    expect(chinese.positions?.[0].attributes.result).toBe('断油成功');
  });

  it('refuses an identifier a JT808 header cannot carry', () => {
    expect(() => jt808.device.connect('demo-0001')).toThrow();
  });
});
