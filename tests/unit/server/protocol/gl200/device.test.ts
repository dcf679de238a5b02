import { describe, expect, it } from 'vitest';
import { gl200 } from '../../../../../server/protocol/gl200';
import type { SimulatedFix } from '../../../../../server/protocol/shared/definition';
import { FrameStream } from '../../../../../server/protocol/shared/frameStream';
import { decodeContext } from '../../../../support/decodeContext';

/** The simulated GV300: what it sends decodes to what was simulated, and it answers commands. */

const NOW = Date.UTC(2024, 5, 1, 12);

const context = () => decodeContext(NOW);

const FIX: SimulatedFix = {
  time: Date.UTC(2024, 5, 1, 11, 59, 30),
  valid: true,
  latitude: -23.550521,
  longitude: -46.633308,
  speed: 27,
  course: 271,
  altitude: 760.5,
  ignition: true,
  blocked: false,
  power: 12.6,
  batteryLevel: 87,
  odometer: 123456700,
};

/** Decodes what the device sent the way the server reads a connection: through the splitter. */
function receive(bytes: Buffer, ctx = context()) {
  const { frames } = new FrameStream(gl200.splitter()).push(bytes);
  expect(frames).toHaveLength(1);
  return gl200.decode(frames[0], ctx);
}

describe('gl200 simulated device', () => {
  const uniqueId = gl200.device.uniqueId(42);

  it('is identified by a 15-digit IMEI and sends nothing before its first report', () => {
    expect(uniqueId).toBe('860000000000042');
    expect(gl200.device.transport).toBe('tcp');
    expect(gl200.device.connect(uniqueId).hello()).toEqual([]);
  });

  it('sends a fixed report that decodes to the simulated fix', () => {
    const device = gl200.device.connect(uniqueId);
    const result = receive(device.position(FIX));
    expect(result.identify).toEqual([uniqueId]);
    const [p] = result.positions!;
    expect(p).toMatchObject({
      fixTime: FIX.time,
      deviceTime: FIX.time,
      valid: true,
      outdated: false,
      latitude: FIX.latitude,
      longitude: FIX.longitude,
      course: 271,
      altitude: 760.5,
    });
    expect(p.speed).toBeCloseTo(FIX.speed, 1);
    expect(p.attributes).toMatchObject({
      type: 'FRI',
      ignition: true,
      blocked: false,
      power: 12.6,
      batteryLevel: 87,
      odometer: 123456700,
    });
  });

  it('reports the engine cut (output 1) and ignition off in the device status', () => {
    const device = gl200.device.connect(uniqueId);
    const [p] = receive(
      device.position({ ...FIX, ignition: false, blocked: true, speed: 0 }),
    ).positions!;
    expect(p.attributes).toMatchObject({ ignition: false, blocked: true, out1: true });
  });

  it('reports a fix the receiver does not hold as invalid', () => {
    const device = gl200.device.connect(uniqueId);
    const [p] = receive(device.position({ ...FIX, valid: false })).positions!;
    expect(p.valid).toBe(false);
    expect(p.latitude).toBe(FIX.latitude);
  });

  it.each([
    'sos',
    'overspeed',
    'geofenceEnter',
    'geofenceExit',
    'tow',
    'idle',
    'hardBraking',
    'hardAcceleration',
    'hardCornering',
    'accident',
    'powerCut',
    'powerRestored',
    'jamming',
  ])('raises %s with the report that carries it', (alarm) => {
    const device = gl200.device.connect(uniqueId);
    const [p] = receive(device.position({ ...FIX, alarm })).positions!;
    expect(p.attributes.alarm).toBe(alarm);
    expect(p).toMatchObject({
      latitude: FIX.latitude,
      longitude: FIX.longitude,
      fixTime: FIX.time,
    });
  });

  it('reports a driver identifier as GTIDA', () => {
    const device = gl200.device.connect(uniqueId);
    const [p] = receive(device.position({ ...FIX, driverUniqueId: '01C68011010000C7' })).positions!;
    expect(p.attributes).toMatchObject({ type: 'IDA', driverUniqueId: '01C68011010000C7' });
    expect(p.latitude).toBe(FIX.latitude);
  });

  it('numbers its reports with an increasing count number', () => {
    const device = gl200.device.connect(uniqueId);
    const first = device.position(FIX).toString('latin1');
    const second = device.heartbeat().toString('latin1');
    expect(first.endsWith(',0001$')).toBe(true);
    expect(second.endsWith(',0002$')).toBe(true);
  });

  it('sends a heartbeat the server identifies and answers', () => {
    const device = gl200.device.connect(uniqueId);
    const result = receive(device.heartbeat());
    expect(result.identify).toEqual([uniqueId]);
    expect(result.positions).toBeUndefined();
    expect(result.reply?.toString('latin1')).toBe('+SACK:GTHBD,060228,0001$');
  });

  it('answers a command with an acknowledgement the server turns into a result', () => {
    const device = gl200.device.connect(uniqueId);
    const ctx = { uniqueId, state: new Map<string, unknown>(), transport: 'tcp' as const };
    for (const [type, result] of [
      ['engineStop', '+ACK:GTOUT,0001'],
      ['positionSingle', '+ACK:GTRTO,RTL,0002'],
    ]) {
      const command = device.receive(gl200.encode({ type, attributes: {} }, ctx)!);
      if (command.kind !== 'command') throw new Error('not read as a command');
      const decoded = receive(device.answer(command, 'done'));
      expect(decoded.identify).toEqual([uniqueId]);
      expect(decoded.positions).toHaveLength(1);
      expect(decoded.positions![0].attributes.result).toBe(result);
      expect(decoded.positions![0].outdated).toBe(true);
    }
  });
});
