/**
 * The simulated GT06 against the decoder and the encoder: what it sends decodes to what was
 * simulated, the server's replies and commands read back on the device side, and its answer to a
 * command becomes a result.
 */
import { describe, expect, it } from 'vitest';
import type { DecodedPosition } from '../../../../../server/processing/types';
import type {
  DecodeResult,
  ReceivedFrame,
  SimulatedFix,
} from '../../../../../server/protocol/shared/definition';
import { FrameStream } from '../../../../../server/protocol/shared/frameStream';
import { gt06 } from '../../../../../server/protocol/gt06';

const NOW = Date.UTC(2024, 5, 1, 12, 0, 0);

const FIX: SimulatedFix = {
  time: Date.UTC(2024, 5, 1, 11, 59, 30),
  valid: true,
  latitude: -23.55052,
  longitude: -46.633308,
  speed: 32.4,
  course: 271,
  satellites: 9,
  ignition: true,
  odometer: 1_234_567,
};

/** A server side for one connection: splitter, decoder and its shared state. */
function server() {
  const state = new Map<string, unknown>();
  const stream = new FrameStream(gt06.splitter());
  return {
    state,
    receive(bytes: Buffer): DecodeResult[] {
      const { frames } = stream.push(bytes);
      return frames.map((frame) =>
        gt06.decode(frame, { uniqueId: null, state, now: NOW, transport: 'tcp' }),
      );
    },
  };
}

function only(results: DecodeResult[]): DecodedPosition {
  expect(results).toHaveLength(1);
  expect(results[0].positions).toHaveLength(1);
  return results[0].positions![0];
}

describe('the simulated GT06', () => {
  it('makes 15-digit IMEIs from an index', () => {
    expect(gt06.device.uniqueId(7)).toBe('860000000000007');
    expect(gt06.device.uniqueId(123456)).toMatch(/^86\d{13}$/);
    expect(gt06.device.transport).toBe('tcp');
  });

  it('logs in under its IMEI and reads the login reply as an acknowledgement', () => {
    const uniqueId = gt06.device.uniqueId(42);
    const device = gt06.device.connect(uniqueId);
    const side = server();
    const hello = device.hello();
    expect(hello).toHaveLength(1);
    const [login] = side.receive(hello[0]);
    expect(login.identify).toEqual([uniqueId]);
    expect(side.state.get('gt06.timezone')).toBe(0);
    expect(new FrameStream(device.splitter()).push(login.reply!).frames).toHaveLength(1);
    expect(device.receive(login.reply!)).toEqual({ kind: 'ack' });
  });

  it('reports a fix that decodes to what was simulated', () => {
    const device = gt06.device.connect(gt06.device.uniqueId(1));
    const side = server();
    side.receive(device.hello()[0]);
    const results = side.receive(device.position(FIX));
    const position = only(results);
    expect(position.fixTime).toBe(FIX.time);
    expect(position.valid).toBe(true);
    expect(position.outdated).toBe(false);
    expect(position.latitude).toBeCloseTo(FIX.latitude, 6);
    expect(position.longitude).toBeCloseTo(FIX.longitude, 6);
    expect(position.speed).toBeCloseTo(FIX.speed, 0);
    expect(position.course).toBe(271);
    expect(position.attributes).toMatchObject({ sat: 9, ignition: true, odometer: 1_234_567 });
    expect(device.receive(results[0].reply!)).toEqual({ kind: 'ack' });
  });

  it('reports the relay state, battery and an alarm through the alarm packet', () => {
    const device = gt06.device.connect(gt06.device.uniqueId(2));
    const side = server();
    const position = only(
      side.receive(device.position({ ...FIX, blocked: true, batteryLevel: 80, alarm: 'sos' })),
    );
    expect(position.attributes).toMatchObject({
      blocked: true,
      ignition: true,
      batteryLevel: 80,
      alarm: 'sos',
      odometer: 1_234_567,
    });
    expect(position.latitude).toBeCloseTo(FIX.latitude, 6);
    const unblocked = only(side.receive(device.position({ ...FIX, blocked: false })));
    expect(unblocked.attributes.blocked).toBe(false);
    expect(unblocked.attributes.alarm).toBeUndefined();
  });

  it('sends a heartbeat carrying ACC and the cut relay of its last fix', () => {
    const device = gt06.device.connect(gt06.device.uniqueId(3));
    const side = server();
    device.position({ ...FIX, ignition: false, blocked: true });
    const results = side.receive(device.heartbeat());
    const position = only(results);
    expect(position.outdated).toBe(true);
    expect(position.attributes).toMatchObject({ blocked: true, ignition: false });
    expect(device.receive(results[0].reply!)).toEqual({ kind: 'ack' });
  });

  it('reports a driver key by iButton (decimal) or RFID card (hex)', () => {
    const device = gt06.device.connect(gt06.device.uniqueId(4));
    const side = server();
    expect(
      only(side.receive(device.position({ ...FIX, driverUniqueId: '20534657' }))).attributes
        .driverUniqueId,
    ).toBe('20534657');
    const card = only(
      side.receive(device.position({ ...FIX, driverUniqueId: 'bf0000012ca7e001' })),
    );
    expect(card.attributes.driverUniqueId).toBe('bf0000012ca7e001');
  });

  it('reads engine stop and resume commands and answers them with a result', () => {
    const device = gt06.device.connect(gt06.device.uniqueId(5));
    const side = server();
    const encodeContext = {
      uniqueId: gt06.device.uniqueId(5),
      state: side.state,
      transport: 'tcp' as const,
    };
    const stop = gt06.encode({ type: 'engineStop', attributes: {} }, encodeContext)!;
    const frames = new FrameStream(device.splitter()).push(stop).frames;
    expect(frames).toHaveLength(1);
    const received = device.receive(frames[0]);
    expect(received).toMatchObject({ kind: 'command', text: 'Relay,1#', type: 'engineStop' });
    const answer = device.answer(
      received as Extract<ReceivedFrame, { kind: 'command' }>,
      'Cut off the fuel supply: Success!',
    );
    const results = side.receive(answer);
    const position = only(results);
    expect(position.attributes.result).toBe('Cut off the fuel supply: Success!');
    expect(position.outdated).toBe(true);
    expect(device.receive(results[0].reply!)).toEqual({ kind: 'ack' });

    const resume = device.receive(
      gt06.encode({ type: 'engineResume', attributes: {} }, encodeContext)!,
    );
    expect(resume).toMatchObject({ kind: 'command', text: 'Relay,0#', type: 'engineResume' });
  });

  it('recognises the other engine texts and leaves the rest untyped', () => {
    const device = gt06.device.connect(gt06.device.uniqueId(6));
    const encodeContext = {
      uniqueId: gt06.device.uniqueId(6),
      state: new Map<string, unknown>(),
      transport: 'tcp' as const,
    };
    const typeOf = (data: string) => {
      const received = device.receive(
        gt06.encode({ type: 'custom', attributes: { data } }, encodeContext)!,
      );
      return received.kind === 'command' ? received.type : 'ack';
    };
    expect(typeOf('DYD,123456#')).toBe('engineStop');
    expect(typeOf('RELAY,1#')).toBe('engineStop');
    expect(typeOf('HFYD,123456#')).toBe('engineResume');
    expect(typeOf('RELAY,0#')).toBe('engineResume');
    expect(typeOf('WHERE#')).toBeNull();
  });

  it('answers a long result with the long 0x21 packet', () => {
    const device = gt06.device.connect(gt06.device.uniqueId(7));
    const text = 'x'.repeat(300);
    const answer = device.answer({ kind: 'command', text: 'PARAM#', type: null, serial: 0 }, text);
    expect(only(server().receive(answer)).attributes.result).toBe(text);
  });

  it('reads the time and Wi-Fi replies as acknowledgements', () => {
    const device = gt06.device.connect(gt06.device.uniqueId(8));
    const side = server();
    const [time] = side.receive(Buffer.from('7878058A000688290D0A', 'hex'));
    expect(device.receive(time.reply!)).toEqual({ kind: 'ack' });
    expect(device.receive(Buffer.from('787800691604130318490d0a', 'hex'))).toEqual({ kind: 'ack' });
  });

  it('refuses an IMEI that is not digits', () => {
    expect(() => gt06.device.connect('not-an-imei')).toThrow();
  });
});
