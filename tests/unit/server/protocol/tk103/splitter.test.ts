import { describe, expect, it } from 'vitest';
import type { ReceivedFrame, SimulatedFix } from '../../../../../server/protocol/shared/definition';
import { FrameStream } from '../../../../../server/protocol/shared/frameStream';
import { tk103 } from '../../../../../server/protocol/tk103';
import { decodeContext, latin1 } from '../../../../support/decodeContext';

const NOW = Date.UTC(2024, 4, 10, 12, 0, 0);
const context = () => decodeContext(NOW);
const ascii = latin1;
const texts = (frames: Buffer[]): string[] => frames.map((frame) => frame.toString('latin1'));

const LOGIN =
  '(088046338039BP05000088046338039160727A3354.7768N03540.7258E000.0140309065.1000000000L00BEB0D4+017.3)';
const REPORT = '(088047365460BR00151024A2555.3531S02855.3329E004.7055148276.1701000000L00009AA3)';
const HANDSHAKE = '(027044702512BP00027044702512HSO01A4)';
const ANSWER =
  '(864755555555555,ZC03,191117,234421,$)Notice:\r\nDevices serial number: \r\n58055555555).\r\nSoftware version:\r\nV2.000,2016/08/23 11:17)$)';

describe('tk103 splitter', () => {
  it('assembles a frame arriving one byte at a time', () => {
    const stream = new FrameStream(tk103.splitter());
    const frames: Buffer[] = [];
    for (const byte of ascii(REPORT)) frames.push(...stream.push(Buffer.from([byte])).frames);
    expect(texts(frames)).toEqual([REPORT]);
    expect(stream.buffered).toBe(0);
  });

  it('splits several frames in one packet', () => {
    const { frames } = new FrameStream(tk103.splitter()).push(ascii(LOGIN + REPORT + HANDSHAKE));
    expect(texts(frames)).toEqual([LOGIN, REPORT, HANDSHAKE]);
  });

  it('skips noise before a frame, including brackets and $ signs', () => {
    const { frames, skipped } = new FrameStream(tk103.splitter()).push(
      ascii(`garbage%@#*^$-+<>?$)))$$--${REPORT}\r\n${HANDSHAKE}`),
    );
    expect(texts(frames)).toEqual([REPORT, HANDSHAKE]);
    expect(skipped).toBe(28);
  });

  it('keeps brackets inside a device text between $ signs', () => {
    const { frames } = new FrameStream(tk103.splitter()).push(ascii(ANSWER + HANDSHAKE));
    expect(texts(frames)).toEqual([ANSWER, HANDSHAKE]);
    const result = tk103.decode(frames[0]!, context());
    expect(result.positions![0]!.attributes.result).toContain('V2.000,2016/08/23 11:17)');
  });

  it('waits while a device text is still open', () => {
    const stream = new FrameStream(tk103.splitter());
    expect(stream.push(ascii(ANSWER.slice(0, 60) + ')))')).frames).toEqual([]);
  });

  it('starts again at a bracket that opens before the frame closed', () => {
    const { frames } = new FrameStream(tk103.splitter()).push(ascii(`(0123BR${REPORT}`));
    expect(texts(frames)).toEqual([REPORT]);
  });

  it('drops a bracket that never closes and finds the frame after it', () => {
    const stream = new FrameStream(tk103.splitter());
    // The family has no checksum: what is dropped is an opening without a close in reach.
    const result = stream.push(ascii(`(${'1'.repeat(5000)}${REPORT}`));
    expect(texts(result.frames)).toEqual([REPORT]);
    expect(result.overflow).toBe(false);
  });

  it('gives up on a megabyte of junk', () => {
    expect(new FrameStream(tk103.splitter()).push(Buffer.alloc(1024 * 1024, 0x78)).overflow).toBe(
      true,
    );
  });

  it('gives up on a megabyte of unclosed brackets and text, in reasonable time', () => {
    const stream = new FrameStream(tk103.splitter());
    const started = Date.now();
    let overflow = false;
    const chunk = ascii(`($${'('.repeat(4094)}`);
    for (let i = 0; i < 256 && !overflow; i++) overflow = stream.push(chunk).overflow;
    expect(overflow).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('tk103 simulated device', () => {
  const id = tk103.device.uniqueId(42);
  const device = tk103.device.connect(id);

  const fix: SimulatedFix = {
    time: Date.UTC(2024, 4, 10, 11, 58, 30),
    valid: true,
    latitude: 51.5074,
    longitude: -0.1278,
    speed: 27,
    course: 92.25,
    ignition: true,
    blocked: true,
    odometer: 123456,
  };

  function read(bytes: Buffer): ReceivedFrame[] {
    return new FrameStream(device.splitter())
      .push(bytes)
      .frames.map((frame) => device.receive(frame));
  }

  it('makes a 12-digit id', () => {
    expect(id).toBe('000000000042');
    expect(tk103.device.uniqueId(12345678901)).toBe('012345678901');
  });

  it('logs in and reads the AP05 answer', () => {
    const [hello] = device.hello();
    const result = tk103.decode(hello!, context());
    expect(result.identify).toEqual([id]);
    expect(result.reply?.toString('latin1')).toBe(`(${id}AP05)`);
    // The login's empty fix keeps the last location and claims no ignition state.
    expect(result.positions![0]!.outdated).toBe(true);
    expect(result.positions![0]!.attributes).toEqual({});
    expect(read(result.reply!)).toEqual([{ kind: 'ack' }]);
  });

  it('keeps alive with the handshake and reads its answer', () => {
    const result = tk103.decode(device.heartbeat(), context());
    expect(result.identify).toEqual([id]);
    expect(result.positions).toBeUndefined();
    expect(read(result.reply!)).toEqual([{ kind: 'ack' }]);
  });

  it('reports the fix it was given', () => {
    const result = tk103.decode(device.position(fix), context());
    expect(result.reply).toBeUndefined();
    const p = result.positions![0]!;
    expect(p.fixTime).toBe(fix.time);
    expect(p.latitude).toBeCloseTo(fix.latitude, 5);
    expect(p.longitude).toBeCloseTo(fix.longitude, 5);
    // Speed travels as km/h with one decimal.
    expect(Math.abs(p.speed - fix.speed)).toBeLessThan(0.05);
    expect(p.course).toBe(92.25);
    expect(p.attributes).toMatchObject({
      ignition: true,
      blocked: true,
      charge: true,
      odometer: 123456,
    });
  });

  it('raises an alarm the family has a digit for, and reads the acknowledgement', () => {
    const result = tk103.decode(device.position({ ...fix, alarm: 'sos' }), context());
    expect(result.positions![0]!.attributes.alarm).toBe('sos');
    expect(result.reply?.toString('latin1')).toBe(`(${id}AS012)`);
    expect(read(result.reply!)).toEqual([{ kind: 'ack' }]);
    const other = tk103.decode(device.position({ ...fix, alarm: 'door' }), context());
    expect(other.positions![0]!.attributes.alarm).toBeUndefined();
  });

  it('reads engine stop and resume as the commands it obeys', () => {
    const encoded = (type: string, attributes: Record<string, unknown> = {}) =>
      tk103.encode({ type, attributes }, { uniqueId: id, state: new Map(), transport: 'tcp' })!;
    expect(read(encoded('engineStop'))).toEqual([
      { kind: 'command', text: 'AV010', type: 'engineStop' },
    ]);
    expect(read(encoded('engineResume'))).toEqual([
      { kind: 'command', text: 'AV011', type: 'engineResume' },
    ]);
    expect(
      read(
        Buffer.concat([encoded('positionSingle'), encoded('positionPeriodic', { frequency: 30 })]),
      ),
    ).toEqual([
      { kind: 'command', text: 'AP00', type: null },
      { kind: 'command', text: 'AR00001E0000', type: null },
    ]);
    expect(read(ascii('[begin]sms2,*getposl*,[end]'))).toEqual([
      { kind: 'command', text: '*getposl*', type: null },
    ]);
  });

  it('answers a command with a frame the server reads as its result', () => {
    const [stop] = read(ascii(`(${id}AV010)`));
    if (stop?.kind !== 'command') throw new Error('not a command');
    const state = new Map<string, unknown>();
    const result = tk103.decode(device.answer(stop, 'Stop engine $ok (relay on)'), {
      ...context(),
      state,
    });
    expect(result.identify).toEqual([id]);
    expect(result.positions![0]!.attributes).toEqual({ result: 'Stop engine ok (relay on)' });
    // The answer does not switch the connection to the other dialect.
    expect(state.size).toBe(0);
  });
});
