import { describe, expect, it } from 'vitest';
import { gps103 } from '../../../../../server/protocol/gps103';
import type { ReceivedFrame, SimulatedFix } from '../../../../../server/protocol/shared/definition';
import { FrameStream } from '../../../../../server/protocol/shared/frameStream';
import { decodeContext, latin1 } from '../../../../support/decodeContext';

const NOW = Date.UTC(2024, 4, 10, 12, 0, 0);
const context = () => decodeContext(NOW);
const ascii = latin1;
const texts = (frames: Buffer[]): string[] => frames.map((frame) => frame.toString('latin1'));

const LOGIN = '##,imei:359586015829802,A;';
const REPORT =
  'imei:359586015829802,tracker,0809231429,13554900601,F,062947.294,A,2234.4026,N,11354.3277,E,0.00,;';
const HEARTBEAT = '359586015829802;';

describe('gps103 splitter', () => {
  it('assembles a frame arriving one byte at a time', () => {
    const stream = new FrameStream(gps103.splitter());
    const frames: Buffer[] = [];
    for (const byte of ascii(REPORT)) frames.push(...stream.push(Buffer.from([byte])).frames);
    expect(texts(frames)).toEqual([REPORT]);
    expect(stream.buffered).toBe(0);
  });

  it('splits several frames in one packet, keeping ; and *', () => {
    const alternative =
      'imei:861359038609986,Equipo 1,---,------,----,214734,241018,26,1,-33.42317,-70.61930,067,229,0674,1.00,08,0,1,---,*';
    const { frames } = new FrameStream(gps103.splitter()).push(
      ascii(LOGIN + REPORT + HEARTBEAT + alternative),
    );
    expect(texts(frames)).toEqual([LOGIN, REPORT, HEARTBEAT, alternative]);
  });

  it('skips leading noise and line breaks between frames', () => {
    const { frames, skipped } = new FrameStream(gps103.splitter()).push(
      Buffer.concat([Buffer.from([0x00, 0xff, 0x41]), ascii(`\r\n${LOGIN}\r\n${HEARTBEAT}`)]),
    );
    expect(texts(frames)).toEqual([LOGIN, HEARTBEAT]);
    expect(skipped).toBe(7);
  });

  it('ends a frame at a line break for firmwares that send no ;', () => {
    const { frames } = new FrameStream(gps103.splitter()).push(ascii(`${REPORT.slice(0, -1)}\r\n`));
    expect(texts(frames)).toEqual([REPORT.slice(0, -1)]);
  });

  it('waits for the rest of a start split across packets', () => {
    const stream = new FrameStream(gps103.splitter());
    expect(stream.push(ascii('xx##')).frames).toEqual([]);
    expect(stream.push(ascii(',imei:359586015829802,A;')).frames.map(String)).toEqual([LOGIN]);
    expect(stream.push(ascii('ime')).frames).toEqual([]);
    expect(stream.push(ascii(REPORT.slice(3))).frames.map(String)).toEqual([REPORT]);
  });

  it('drops a start that never ends and still reads the frame after it', () => {
    const stream = new FrameStream(gps103.splitter());
    const noise = ascii('1'.repeat(9000));
    const result = stream.push(Buffer.concat([noise, ascii(LOGIN)]));
    // The family has no checksum: what is dropped is a start without an end in reach. The digits
    // left in reach read as a heartbeat glued to the login, which is still answered LOAD.
    expect(result.skipped).toBeGreaterThan(0);
    expect(result.overflow).toBe(false);
    const last = result.frames.at(-1)!;
    expect(last.length).toBeLessThanOrEqual(8192);
    const decoded = gps103.decode(last, context());
    expect(decoded.reply?.toString('latin1')).toBe('LOAD');
    expect(decoded.identify).toEqual(['359586015829802']);
  });

  it('gives up on a megabyte of junk', () => {
    const stream = new FrameStream(gps103.splitter());
    const junk = Buffer.alloc(1024 * 1024, 0x78);
    expect(stream.push(junk).overflow).toBe(true);
  });

  it('gives up on a megabyte of digits without an end, in reasonable time', () => {
    const stream = new FrameStream(gps103.splitter());
    const started = Date.now();
    let overflow = false;
    const chunk = Buffer.alloc(4096, 0x31);
    for (let i = 0; i < 256 && !overflow; i++) overflow = stream.push(chunk).overflow;
    expect(overflow).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('gps103 short frames', () => {
  it('answers other short imei frames with LOAD, as Traccar does', () => {
    const result = gps103.decode(ascii('imei:123451234512345,L,*'), context());
    expect(result.reply?.toString('latin1')).toBe('LOAD');
    expect(result.positions).toBeUndefined();
  });
});

describe('gps103 simulated device', () => {
  const imei = gps103.device.uniqueId(7);
  const device = gps103.device.connect(imei);

  const fix: SimulatedFix = {
    time: Date.UTC(2024, 4, 10, 11, 58, 30),
    valid: true,
    latitude: -23.5505,
    longitude: -46.6333,
    speed: 21.6,
    course: 181.5,
    altitude: 760,
    ignition: true,
  };

  /** What the server sends, as the device's splitter cuts it and the device reads it. */
  function read(bytes: Buffer): ReceivedFrame[] {
    return new FrameStream(device.splitter())
      .push(bytes)
      .frames.map((frame) => device.receive(frame));
  }

  it('makes a 15-digit IMEI', () => {
    expect(imei).toBe('350000000000007');
    expect(gps103.device.uniqueId(123456)).toMatch(/^35\d{13}$/);
  });

  it('logs in and reads the LOAD answer', () => {
    const [hello] = device.hello();
    const result = gps103.decode(hello!, context());
    expect(result.identify).toEqual([imei]);
    expect(read(result.reply!)).toEqual([{ kind: 'ack' }]);
  });

  it('keeps alive and reads the ON answer', () => {
    const result = gps103.decode(device.heartbeat(), context());
    expect(result.identify).toEqual([imei]);
    expect(result.positions).toBeUndefined();
    expect(read(result.reply!)).toEqual([{ kind: 'ack' }]);
  });

  it('reports the fix it was given', () => {
    const result = gps103.decode(device.position(fix), context());
    expect(result.identify).toEqual([imei]);
    const p = result.positions![0]!;
    expect(p.fixTime).toBe(fix.time);
    expect(p.valid).toBe(true);
    expect(p.latitude).toBeCloseTo(fix.latitude, 5);
    expect(p.longitude).toBeCloseTo(fix.longitude, 5);
    expect(p.speed).toBeCloseTo(fix.speed, 2);
    expect(p.course).toBeCloseTo(fix.course, 2);
    expect(p.altitude).toBe(760);
    expect(p.attributes).toEqual({ ignition: true });
  });

  it('reports an alarm and reads the SOS acknowledgement as nothing to do', () => {
    const result = gps103.decode(device.position({ ...fix, alarm: 'sos' }), context());
    expect(result.positions![0]!.attributes.alarm).toBe('sos');
    expect(read(result.reply!)).toEqual([{ kind: 'ack' }]);
    const door = gps103.decode(device.position({ ...fix, alarm: 'door' }), context());
    expect(door.positions![0]!.attributes.alarm).toBe('door');
  });

  it('reports the driver card', () => {
    const result = gps103.decode(
      device.position({ ...fix, driverUniqueId: '49121185' }),
      context(),
    );
    expect(result.positions![0]!.attributes.driverUniqueId).toBe('49121185');
  });

  it('reports an invalid fix in the southern and western hemispheres', () => {
    const p = gps103.decode(device.position({ ...fix, valid: false }), context()).positions![0]!;
    expect(p.valid).toBe(false);
    expect(p.latitude).toBeLessThan(0);
    expect(p.longitude).toBeLessThan(0);
  });

  it('reads engine stop and resume as the commands it obeys', () => {
    const encoded = (type: string) =>
      gps103.encode(
        { type, attributes: {} },
        { uniqueId: imei, state: new Map(), transport: 'tcp' },
      )!;
    expect(read(encoded('engineStop'))).toEqual([
      { kind: 'command', text: 'J', type: 'engineStop' },
    ]);
    expect(read(encoded('engineResume'))).toEqual([
      { kind: 'command', text: 'K', type: 'engineResume' },
    ]);
    expect(read(encoded('positionSingle'))).toEqual([{ kind: 'command', text: 'B', type: null }]);
  });

  it('splits an answer and a command that arrive in one packet', () => {
    const command = gps103.encode(
      { type: 'positionPeriodic', attributes: { frequency: 300 } },
      { uniqueId: imei, state: new Map(), transport: 'tcp' },
    )!;
    expect(read(Buffer.concat([ascii('ON'), command, ascii('LOAD')]))).toEqual([
      { kind: 'ack' },
      { kind: 'command', text: 'C,05m', type: null },
      { kind: 'ack' },
    ]);
  });

  it('answers a command with a frame the server reads as its result', () => {
    const [stop] = read(ascii(`**,imei:${imei},J`));
    if (stop?.kind !== 'command') throw new Error('not a command');
    const answered = (text: string) =>
      gps103.decode(device.answer(stop, text), context()).positions![0]!;
    const succeed = answered('Stop engine Succeed');
    expect(succeed.attributes).toEqual({ result: 'Stop engine Succeed' });
    expect(succeed.outdated).toBe(true);
    // A text the unit would not send becomes the unit's own acknowledgement of the letter.
    expect(answered('done').attributes).toEqual({ result: 'jt' });
  });
});
