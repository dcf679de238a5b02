import { describe, expect, it } from 'vitest';
import type { DecodedPosition } from '../../../../../server/processing/types';
import type { ReceivedFrame, SimulatedFix } from '../../../../../server/protocol/shared/definition';
import { FrameStream } from '../../../../../server/protocol/shared/frameStream';
import { teltonika } from '../../../../../server/protocol/teltonika';
import { fromHex } from '../../../../../server/protocol/shared/bytes';
import { ALARM_IO } from '../../../../../server/protocol/teltonika/device';
import { DOC } from './vectors';
import { decodeContext } from '../../../../support/decodeContext';

const device = teltonika.device;
const IMEI = device.uniqueId(42);

const frameContext = () => decodeContext(Date.UTC(2024, 4, 1), { uniqueId: IMEI });

/** Frames the device sends, through the server's splitter as the runtime would see them. */
function serverReads(frame: Buffer): DecodedPosition[] {
  const split = new FrameStream(teltonika.splitter()).push(frame);
  expect(split.frames).toEqual([frame]);
  return teltonika.decode(frame, frameContext()).positions ?? [];
}

const FIX: SimulatedFix = {
  time: Date.UTC(2024, 3, 30, 9, 0, 0),
  valid: true,
  latitude: -23.5505199,
  longitude: -46.6333094,
  speed: 27.5,
  course: 183.4,
  altitude: 761.6,
  satellites: 9,
  ignition: true,
  blocked: false,
  power: 12.64,
  batteryLevel: 88,
  odometer: 98_765_432,
};

function command(frame: ReceivedFrame): Extract<ReceivedFrame, { kind: 'command' }> {
  if (frame.kind !== 'command') throw new Error('not a command');
  return frame;
}

describe('Teltonika simulated device', () => {
  it('makes 15-digit IMEIs from its index', () => {
    expect(device.transport).toBe('tcp');
    expect(device.uniqueId(0)).toBe('350000000000000');
    expect(IMEI).toBe('350000000000042');
    expect(device.uniqueId(123_456)).toMatch(/^\d{15}$/);
  });

  it('logs in with its IMEI, which the server names and answers', () => {
    const [login, ...rest] = device.connect(IMEI).hello();
    expect(rest).toEqual([]);
    const result = teltonika.decode(login, frameContext());
    expect(result.identify).toEqual([IMEI]);
    expect(result.reply).toEqual(Buffer.from([1]));
  });

  it('sends a fix the server decodes to what was simulated', () => {
    const connection = device.connect(IMEI);
    const frame = connection.position({ ...FIX, driverUniqueId: '0000A1B2C3D4E5F6' });
    const [position] = serverReads(frame);
    expect(position.fixTime).toBe(FIX.time);
    expect(position.valid).toBe(true);
    expect(position.outdated).toBe(false);
    expect(position.latitude).toBeCloseTo(FIX.latitude, 7);
    expect(position.longitude).toBeCloseTo(FIX.longitude, 7);
    // The device sends whole km/h, degrees and metres.
    expect(Math.abs(position.speed - FIX.speed)).toBeLessThan(0.5 / 1.852);
    expect(position.course).toBe(183);
    expect(position.altitude).toBe(762);
    expect(position.attributes).toEqual({
      priority: 0,
      sat: 9,
      event: 0,
      ignition: true,
      motion: true,
      out1: false,
      blocked: false,
      batteryLevel: 88,
      power: 12.64,
      odometer: 98_765_432,
      driverUniqueId: '0000A1B2C3D4E5F6',
    });
  });

  it('pads a short iButton id to the 16 digits the server stores', () => {
    const connection = device.connect(IMEI);
    const [position] = serverReads(connection.position({ ...FIX, driverUniqueId: '12ab' }));
    expect(position.attributes.driverUniqueId).toBe('00000000000012AB');
  });

  it('raises each alarm it can carry, as the record event', () => {
    for (const [alarm, io] of Object.entries(ALARM_IO)) {
      const [position] = serverReads(device.connect(IMEI).position({ ...FIX, alarm }));
      expect(position.attributes.alarm).toBe(alarm);
      expect(position.attributes.event).toBe(io.id);
      expect(position.attributes.priority).toBe(1);
    }
    const [sos] = serverReads(device.connect(IMEI).position({ ...FIX, alarm: 'sos' }));
    expect(sos.attributes.alarm).toBeUndefined();
  });

  it('reports an invalid fix with no satellites and keeps its coordinates', () => {
    const [position] = serverReads(device.connect(IMEI).position({ ...FIX, valid: false }));
    expect(position.valid).toBe(false);
    expect(position.attributes.sat).toBe(0);
    expect(position.latitude).toBeCloseTo(FIX.latitude, 7);
  });

  it('repeats its last fix and state in a heartbeat, as a record without a fix', () => {
    const connection = device.connect(IMEI);
    connection.position({ ...FIX, alarm: 'accident', driverUniqueId: '1' });
    const [position] = serverReads(connection.heartbeat());
    expect(position.valid).toBe(false);
    expect(position.outdated).toBe(false);
    expect(position.fixTime).toBeGreaterThanOrEqual(FIX.time);
    expect(position.latitude).toBeCloseTo(FIX.latitude, 7);
    expect(position.longitude).toBeCloseTo(FIX.longitude, 7);
    expect(position.speed).toBe(0);
    expect(position.attributes).toMatchObject({
      sat: 0,
      ignition: true,
      motion: false,
      out1: false,
      power: 12.64,
      odometer: 98_765_432,
    });
    // The alarm and the driver belonged to that one fix.
    expect(position.attributes.alarm).toBeUndefined();
    expect(position.attributes.driverUniqueId).toBeUndefined();
  });

  it('sends a heartbeat before any fix that keeps the last location', () => {
    const [position] = serverReads(device.connect(IMEI).heartbeat());
    expect(position.outdated).toBe(true);
  });

  it('reads the login answer, acknowledgements and commands the server sends', () => {
    const connection = device.connect(IMEI);
    connection.hello();
    const context = { uniqueId: IMEI, state: new Map(), transport: 'tcp' as const };
    const stop = teltonika.encode({ type: 'engineStop', attributes: {} }, context);
    const resume = teltonika.encode({ type: 'engineResume', attributes: {} }, context);
    const custom = teltonika.encode({ type: 'custom', attributes: { data: 'getver' } }, context);
    const login = teltonika.decode(connection.hello()[0], frameContext()).reply;
    const ack = teltonika.decode(connection.position(FIX), frameContext()).reply;
    if (!stop || !resume || !custom || !login || !ack) throw new Error('nothing to send');

    const all = Buffer.concat([login, ack, stop, ack, resume, custom]);
    const s = new FrameStream(connection.splitter());
    const received = [...all]
      .flatMap((b) => s.push(Buffer.from([b])).frames)
      .map((f) => connection.receive(f));
    expect(received).toEqual([
      { kind: 'ack' },
      { kind: 'ack' },
      { kind: 'command', text: 'setdigout 1', type: 'engineStop' },
      { kind: 'ack' },
      { kind: 'command', text: 'setdigout 0', type: 'engineResume' },
      { kind: 'command', text: 'getver', type: null },
    ]);
    expect(s.buffered).toBe(0);
  });

  it('reads a codec 14 command addressed to its IMEI', () => {
    const connection = device.connect('352093081452251');
    expect(connection.receive(fromHex(DOC.codec14GetVer))).toEqual({
      kind: 'command',
      text: 'getver',
      type: null,
    });
  });

  it('reads a refused login', () => {
    const connection = device.connect(IMEI);
    connection.hello();
    const frames = new FrameStream(connection.splitter()).push(Buffer.from([0]));
    expect(frames.frames.map((f) => connection.receive(f))).toEqual([{ kind: 'ack' }]);
  });

  it('obeys the relay commands in the state it reports next', () => {
    const connection = device.connect(IMEI);
    connection.position({ ...FIX, blocked: undefined });
    const context = { uniqueId: IMEI, state: new Map(), transport: 'tcp' as const };
    const stop = teltonika.encode(
      { type: 'outputControl', attributes: { index: 1, data: '1' } },
      context,
    );
    if (!stop) throw new Error('not encoded');
    expect(connection.receive(stop)).toMatchObject({ type: 'engineStop' });
    const [blocked] = serverReads(connection.position({ ...FIX, blocked: undefined }));
    expect(blocked.attributes.out1).toBe(true);
    const second = teltonika.encode(
      { type: 'outputControl', attributes: { index: 2, data: '1' } },
      context,
    );
    if (!second) throw new Error('not encoded');
    expect(connection.receive(second)).toEqual({
      kind: 'command',
      text: 'setdigout ?1',
      type: null,
    });
  });

  it('answers a command with a response the server turns into a result', () => {
    const connection = device.connect(IMEI);
    const context = { uniqueId: IMEI, state: new Map(), transport: 'tcp' as const };
    const frame = teltonika.encode({ type: 'engineStop', attributes: {} }, context);
    if (!frame) throw new Error('not encoded');
    const received = command(connection.receive(frame));
    const answer = connection.answer(received, 'DOUT1:1 Timeout:INFINITY');
    const result = teltonika.decode(answer, frameContext());
    expect(result.reply).toBeUndefined();
    expect(result.positions).toHaveLength(1);
    const [position] = result.positions ?? [];
    expect(position.attributes.result).toBe('DOUT1:1 Timeout:INFINITY');
    expect(position.outdated).toBe(true);
  });
});
