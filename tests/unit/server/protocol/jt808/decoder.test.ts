import { describe, expect, it } from 'vitest';
import { jt808 } from '../../../../../server/protocol/jt808';
import { fromHex, hex } from '../../../../../server/protocol/shared/bytes';
import { FrameError, type DecodeContext } from '../../../../../server/protocol/shared/definition';
import { FrameStream } from '../../../../../server/protocol/shared/frameStream';

/**
 * JT/T 808 framing, identification, the acknowledgements a terminal waits for, and the
 * messages other than location reports. Device frames are Traccar's test vectors (real devices)
 * or built here; expected replies were worked out by hand from the standard's layout.
 */

const NOW = Date.UTC(2024, 1, 29, 13, 5, 9);

function context(state = new Map<string, unknown>()): DecodeContext {
  return { uniqueId: null, state, now: NOW, transport: 'tcp' };
}

/** The wire form of an unescaped frame as Traccar's tests write them (7E…7E). */
function wire(text: string): Buffer {
  const raw = fromHex(text);
  const out = [0x7e];
  for (const byte of raw.subarray(1, raw.length - 1)) {
    if (byte === 0x7e) out.push(0x7d, 0x02);
    else if (byte === 0x7d) out.push(0x7d, 0x01);
    else out.push(byte);
  }
  out.push(0x7e);
  return Buffer.from(out);
}

/** A terminal frame built here: header, body, XOR check code, escaped. */
function build(
  messageId: number,
  id: string,
  serial: number,
  body: string,
  version?: number,
): Buffer {
  const bodyBytes = fromHex(body);
  const header = Buffer.alloc(4);
  header.writeUInt16BE(messageId, 0);
  header.writeUInt16BE(bodyBytes.length | (version === undefined ? 0 : 0x4000), 2);
  const serialBytes = Buffer.alloc(2);
  serialBytes.writeUInt16BE(serial, 0);
  const content = Buffer.concat([
    header,
    version === undefined ? Buffer.alloc(0) : Buffer.from([version]),
    fromHex(id),
    serialBytes,
    bodyBytes,
  ]);
  let check = 0;
  for (const byte of content) check ^= byte;
  const raw = Buffer.concat([Buffer.from([0x7e]), content, Buffer.from([check, 0x7e])]);
  return wire(hex(raw));
}

const decode = (frame: Buffer, ctx = context()) => jt808.decode(frame, ctx);

const REGISTER_2013 =
  '7E0100002D013511221122000500000000373031303748422D52303347424400000000000000000000003233363631303402CBD5424136383630387E';
const AUTH_2013 = '7E0102000E013511221122000661757468656E7469636174696F6E3F7E';
const REGISTER_2019 =
  '7e0100405c010000086649607758216452180000000000000000000000000000004d443330300000000000000000000000000000000000000000000000000038363634393630373735383231363400000000000000000000000000000004000000000000000000000000000000007a7e';
const HEARTBEAT = '7e0002000004304832546500b7ca7e';
const LOCATION =
  '7E0200002A013833501744001900000000000000C201597FA806CC01580080000000081508180721210104000002F502020000030200009F7E';

describe('jt808 definition', () => {
  it('is Traccar’s jt808 on port 5015 over TCP', () => {
    expect(jt808.name).toBe('jt808');
    expect(jt808.defaultPort).toBe(5015);
    expect(jt808.transports).toEqual(['tcp']);
    expect(jt808.device.transport).toBe('tcp');
  });
});

describe('jt808 splitter', () => {
  const split = (bytes: Buffer) => jt808.splitter().next(bytes);

  it('hands on a whole frame in its wire form', () => {
    const frame = fromHex(LOCATION);
    expect(split(Buffer.concat([frame, fromHex('7e02')]))).toEqual({ frame, length: frame.length });
  });

  it('waits for the closing delimiter', () => {
    expect(split(fromHex(LOCATION).subarray(0, 30))).toBeNull();
  });

  it('skips garbage before the opening delimiter', () => {
    expect(split(fromHex('2424aa' + LOCATION.toLowerCase()))).toEqual({ skip: 3 });
    expect(split(fromHex('0102030405'))).toEqual({ skip: 5 });
  });

  it('skips a frame whose check code fails, up to its closing delimiter', () => {
    const bad = fromHex(LOCATION);
    bad[bad.length - 2] ^= 0xff;
    expect(split(bad)).toEqual({ skip: bad.length - 1 });
  });

  it('skips an invalid escape and a frame too short for a header', () => {
    expect(split(fromHex('7e0200000001383350174400197d037e'))).toEqual({ skip: 15 });
    expect(split(fromHex('7e7e0002'))).toEqual({ skip: 1 });
  });

  it('checks the check code over the unescaped bytes', () => {
    // Traccar's frame test: 7D 02 stands for 7E and 7D 01 for 7D inside the frame.
    const frame = build(0x0002, '7e7d00000001', 0x7d7e, '');
    expect(hex(frame)).toBe('7e000200007d027d01000000017d017d02037e');
    expect(split(frame)).toEqual({ frame, length: frame.length });
  });

  it('reads a check code that was itself escaped', () => {
    const frame = fromHex('7e8001400501000008664960775821640000881d0704007d027e');
    expect(split(frame)).toEqual({ frame, length: frame.length });
  });

  it('gives up on an opening delimiter without an end after 4 KiB', () => {
    expect(split(Buffer.concat([fromHex('7e'), Buffer.alloc(4096, 0x11)]))).toEqual({ skip: 1 });
  });

  it('hands on a padlock text frame and skips a stray parenthesis in binary junk', () => {
    const text = Buffer.from('(740190311185,1,001,ELOCK,3,529439)', 'latin1');
    expect(split(text)).toEqual({ frame: text, length: text.length });
    expect(split(fromHex('28414243007e'))).toEqual({ skip: 1 });
  });
});

describe('jt808 stream', () => {
  const frames = [fromHex(LOCATION), fromHex(HEARTBEAT), fromHex(AUTH_2013)];

  it('reassembles a frame sent byte by byte', () => {
    const stream = new FrameStream(jt808.splitter());
    const out: Buffer[] = [];
    for (const byte of frames[0]) out.push(...stream.push(Buffer.from([byte])).frames);
    expect(out).toEqual([frames[0]]);
    expect(stream.buffered).toBe(0);
  });

  it('splits several frames in one chunk, after leading garbage', () => {
    const stream = new FrameStream(jt808.splitter());
    const result = stream.push(Buffer.concat([fromHex('00ff2424'), ...frames]));
    expect(result.frames).toEqual(frames);
    expect(result.skipped).toBe(4);
  });

  it('skips a frame with a bad check code and keeps the next', () => {
    const bad = Buffer.from(frames[0]);
    bad[10] ^= 0x01;
    const result = new FrameStream(jt808.splitter()).push(Buffer.concat([bad, frames[1]]));
    expect(result.frames).toEqual([frames[1]]);
    // The bad frame up to its closing 7E, then that 7E alone before the next frame's opening one.
    expect(result.skipped).toBe(bad.length);
  });

  it('drops a connection that sends a megabyte of junk', () => {
    const stream = new FrameStream(jt808.splitter());
    expect(stream.push(Buffer.alloc(1024 * 1024, 0x55)).overflow).toBe(true);
    const delimited = new FrameStream(jt808.splitter());
    const junk = Buffer.alloc(1024 * 1024, 0x7e);
    expect(delimited.push(junk).overflow).toBe(true);
  });
});

describe('jt808 identification', () => {
  it('names a phone number without its leading zero first, then as read', () => {
    expect(decode(fromHex(HEARTBEAT)).identify).toEqual(['43048325465', '043048325465']);
  });

  it('names a phone number without a leading zero once', () => {
    const frame = build(0x0002, '123456789012', 1, '');
    expect(decode(frame).identify).toEqual(['123456789012']);
  });

  it('reads a 2019 header (version byte, 10-byte id) and names the IMEI inside it', () => {
    expect(decode(fromHex(REGISTER_2019)).identify).toEqual([
      '866496077582164',
      '00000866496077582164',
    ]);
  });

  it('reads a non-BCD id as an IMEI with its check digit', () => {
    const frame = build(0x0002, '0b3a73ce2ff2', 1, '');
    expect(decode(frame).identify).toEqual(['123456789012347']);
  });
});

describe('jt808 replies', () => {
  it('answers a registration with 0x8100: its serial, result 0 and the id as the code', () => {
    const result = decode(fromHex(REGISTER_2013));
    expect(hex(result.reply ?? Buffer.alloc(0))).toBe(
      '7e8100000f0135112211220000000500303133353131323231313232b87e',
    );
    expect(result.positions).toBeUndefined();
  });

  it('answers a 2019 registration in a 2019 header', () => {
    expect(hex(decode(fromHex(REGISTER_2019)).reply ?? Buffer.alloc(0))).toBe(
      '7e81004017010000086649607758216400005218003030303030383636343936303737353832313634bf7e',
    );
  });

  it('acknowledges authentication with 0x8001 naming its serial and message id', () => {
    expect(hex(decode(fromHex(AUTH_2013)).reply ?? Buffer.alloc(0))).toBe(
      '7e8001000501351122112200000006010200b57e',
    );
  });

  it('acknowledges a heartbeat, and a location report after its position', () => {
    expect(hex(decode(fromHex(HEARTBEAT)).reply ?? Buffer.alloc(0))).toBe(
      '7e80010005043048325465000000b70002004e7e',
    );
    const location = decode(fromHex(LOCATION));
    expect(location.positions).toHaveLength(1);
    expect(hex(location.reply ?? Buffer.alloc(0))).toBe('7e8001000501383350174400000019020000967e');
  });

  it('acknowledges a 2019 batch, escaping a check code of 7E', () => {
    const batch = wire(
      '7e0704402d0100000866496077582164881d0001000028000000000000000701a00192091f2a4700160000000226050916422701040000258230010031010e507e',
    );
    const result = decode(batch);
    expect(result.positions?.[0].attributes.sat).toBe(14);
    expect(hex(result.reply ?? Buffer.alloc(0))).toBe(
      '7e8001400501000008664960775821640000881d0704007d027e',
    );
  });

  it('counts the platform serial up across the connection', () => {
    const ctx = context();
    const serials = [HEARTBEAT, HEARTBEAT, LOCATION].map((frame) => {
      const reply = jt808.decode(fromHex(frame), ctx).reply ?? Buffer.alloc(0);
      return reply.readUInt16BE(11);
    });
    expect(serials).toEqual([0, 1, 2]);
  });

  it('answers a time request with 0x8109 and the UTC time', () => {
    const reply = decode(build(0x0109, '013511221122', 9, '')).reply ?? Buffer.alloc(0);
    expect(hex(reply)).toBe(build(0x8109, '013511221122', 0, '07e8021d0d050900').toString('hex'));
  });

  it('does not acknowledge the terminal’s answers to commands', () => {
    expect(decode(build(0x0001, '013511221122', 3, '00058105' + '00')).reply).toBeUndefined();
    expect(
      decode(wire('7e13000012045450091546010900000053006500740020004f004b0021000d197e')).reply,
    ).toBeUndefined();
  });

  it('acknowledges each package of a subpackaged message and decodes none', () => {
    const content = '02002008' + '013511221122' + '0007' + '00020001' + '0000000000000000';
    const raw = fromHex(content);
    let check = 0;
    for (const byte of raw) check ^= byte;
    const frame = Buffer.concat([fromHex('7e'), raw, Buffer.from([check, 0x7e])]);
    const result = decode(frame);
    expect(result.positions).toBeUndefined();
    expect(hex(result.reply ?? Buffer.alloc(0))).toBe(
      build(0x8001, '013511221122', 0, '0007020000').toString('hex'),
    );
  });

  it('leaves a message it does not know unanswered', () => {
    const result = decode(build(0x0800, '013511221122', 3, '00000001'));
    expect(result).toEqual({ identify: ['13511221122', '013511221122'] });
  });
});

describe('jt808 messages other than locations', () => {
  it('stores the battery, signal and status some heartbeats carry, without a fix', () => {
    const result = decode(build(0x0002, '013511221122', 4, '4b1f02'));
    expect(result.positions?.[0]).toMatchObject({
      outdated: true,
      attributes: { batteryLevel: 75, rssi: 31, status: 2 },
    });
  });

  it('turns the terminal general response into a command result', () => {
    const ok = decode(build(0x0001, '013511221122', 3, '0005810500'));
    expect(ok.positions?.[0]).toMatchObject({
      outdated: true,
      attributes: { result: 'terminal control: success' },
    });
    const refused = decode(build(0x0001, '013511221122', 3, '0006810303'));
    expect(refused.positions?.[0].attributes.result).toBe('set parameters: not supported');
    const other = decode(build(0x0001, '013511221122', 3, '0007860001'));
    expect(other.positions?.[0].attributes.result).toBe('0x8600: failure');
  });

  it('reads text answers: 0x6006 (GBK), 0x1300 (UTF-16) and 0x0701', () => {
    const report = decode(
      wire(
        '7e60060055014164192753005a003c5645523a53444b3a42433738455f5045545f56312e30325f3234303631312c4150503a50455431302348573031344a54533130323033443234313130345f4e6f7620203420323032345f31343a34393a33343e4c7e',
      ),
    );
    expect(report.positions?.[0].attributes.result).toBe(
      '<VER:SDK:BC78E_PET_V1.02_240611,APP:PET10#HW014JTS10203D241104_Nov  4 2024_14:49:34>',
    );
    expect(report.reply).toBeDefined();
    const chinese = decode(build(0x6006, '013511221122', 5, '00c4e3bac3'));
    expect(chinese.positions?.[0].attributes.result).toBe('你好');
    const utf16 = decode(
      wire('7e13000012045450091546010900000053006500740020004f004b0021000d197e'),
    );
    expect(utf16.positions?.[0].attributes.result).toBe('Set OK!');
    const waybill = decode(
      wire('7e070100150120764632790008000000114d442c53455420434f4e464947204f4b21187e'),
    );
    expect(waybill.positions?.[0].attributes.result).toBe('MD,SET CONFIG OK!');
  });

  it('lists a parameter answer (0x0104) as the result', () => {
    const result = decode(
      build(
        0x0104,
        '013511221122',
        5,
        '0009' +
          '03' +
          '0000002904' +
          '0000001e' +
          '0000001307' +
          '312e322e332e34' +
          '0000008403' +
          'abcdef',
      ),
    );
    expect(result.positions?.[0].attributes.result).toBe(
      '0x0029=30, 0x0013=1.2.3.4, 0x0084=abcdef',
    );
  });

  it('reads a location query answer (0x0201) as a fresh fix', () => {
    const body = LOCATION.slice(26, -4);
    const result = decode(build(0x0201, '013833501744', 7, '0003' + body));
    expect(result.reply).toBeUndefined();
    expect(result.positions?.[0]).toMatchObject({
      outdated: false,
      latitude: 22.6426,
      longitude: 114.032984,
    });
  });

  it('reads a vehicle control answer (0x0500) as a fix with the result', () => {
    const basic =
      '00000000' + '00001402' + '01597FA8' + '06CC0158' + '0000' + '0000' + '0000' + '240229210509';
    const result = decode(build(0x0500, '013833501744', 7, '0004' + basic));
    expect(result.positions?.[0]).toMatchObject({
      outdated: false,
      fixTime: NOW,
      attributes: { blocked: true, result: 'vehicle control: fuel cut, doors locked' },
    });
  });

  it('reads the ICCID from the terminal attributes (0x0107)', () => {
    const result = decode(
      wire(
        '7e0107004904546000563500030000584300000043354c00000000000000000000000000000000003938383731323589883030000131882455001943354c5f56322e3620323032362f30362f30342031353a33310301f47e',
      ),
    );
    expect(result.positions?.[0].attributes.iccid).toBe('89883030000131882455');
    expect(result.reply).toBeDefined();
  });

  it('reads a driver card (0x0702) and acknowledges it', () => {
    const result = decode(
      wire(
        '7e0702002201827061151401bc012510091507510000303032396238383500000000000000000000000000000000002b7e',
      ),
    );
    expect(result.positions?.[0]).toMatchObject({
      outdated: true,
      deviceTime: Date.UTC(2025, 9, 9, 7, 7, 51),
      attributes: { cardStatus: 1, cardResult: 0, cardCode: '0029b885' },
    });
    expect(result.reply).toBeDefined();
    const removed = decode(build(0x0702, '018270611514', 2, '02' + '251009150751'));
    expect(removed.positions?.[0].attributes).toEqual({ cardStatus: 2 });
  });

  it('reads transparent data: a driver card line, an OBD line, a fix', () => {
    const card = decode(
      wire('7e0900001b41305888975883194000184754534c7c367c317c307c31303231383039347c317c0d0ab47e'),
    );
    expect(card.positions?.[0].attributes.driverUniqueId).toBe('10218094');
    const obd = decode(
      wire(
        '7e0900004a018178393931007941244f42442d52542c31322e332c302c32302c302e30302c302e30302c302c31302e38392c33312e31352c3138312e36382c3138312c35342e32362c3536352e39362c302c302c300d0ae97e',
      ),
    );
    expect(obd.positions?.[0].attributes).toMatchObject({
      power: 12.3,
      obdSpeed: 20,
      fuelUsed: 565.96,
    });
    const fix = decode(
      build(
        0x0900,
        '013511221122',
        2,
        'ff' + '240229210509' + '0159a27c' + 'f92b5b40' + '0064' + '01f4' + '005a',
      ),
    );
    expect(fix.positions?.[0]).toMatchObject({
      outdated: false,
      fixTime: NOW,
      latitude: 22.651516,
      longitude: -114.599104,
      altitude: 100,
      course: 90,
    });
    expect(fix.positions?.[0].speed).toBeCloseTo(50 / 1.852, 6);
  });

  it('reads the vendor battery-and-time message (0x0210, 7 bytes)', () => {
    const result = decode(wire('7e0210000704546000231900884f2606180229579c7e'));
    expect(result.positions?.[0]).toMatchObject({
      outdated: true,
      attributes: { batteryLevel: 79 },
    });
  });

  it('answers a padlock time request and reads its other lines as results', () => {
    const ask = decode(Buffer.from('(794104004140,1,001,BASE,2,TIME)', 'latin1'));
    expect(ask.reply?.toString('latin1')).toBe('(794104004140,1,001,BASE,2,20240229130509)');
    const lock = decode(Buffer.from('(740190311185,1,001,ELOCK,3,529439)', 'latin1'));
    expect(lock.positions?.[0].attributes.result).toBe('(740190311185,1,001,ELOCK,3,529439)');
    expect(lock.identify).toBeUndefined();
  });
});

describe('jt808 bounds', () => {
  const throwsFrameError = (frame: Buffer) => expect(() => decode(frame)).toThrow(FrameError);

  it('refuses a frame with a bad check code or without delimiters', () => {
    const bad = fromHex(LOCATION);
    bad[bad.length - 2] ^= 1;
    throwsFrameError(bad);
    throwsFrameError(fromHex(LOCATION).subarray(0, -1));
  });

  it('refuses a header longer than the frame', () => {
    throwsFrameError(build(0x0002, '0135', 1, ''));
  });

  it('refuses truncated bodies', () => {
    throwsFrameError(build(0x0200, '013511221122', 1, '000000000000'));
    throwsFrameError(build(0x0001, '013511221122', 1, '0001'));
    throwsFrameError(build(0x0107, '013511221122', 1, '0000'));
  });

  it('refuses a length field that points past the body', () => {
    throwsFrameError(build(0x0701, '013511221122', 1, 'ffffffff4142'));
    throwsFrameError(build(0x0702, '013511221122', 1, '01' + '251009150751' + '00' + 'ff41'));
    const basic = LOCATION.slice(26, 26 + 56);
    throwsFrameError(build(0x0200, '013833501744', 1, basic + '01ff00000001'));
  });

  it('refuses coordinates off the globe and a time that is not BCD', () => {
    const basic = (lat: string, time: string) =>
      '00000000' + '00000002' + lat + '06CC0158' + '0000' + '0000' + '0000' + time;
    throwsFrameError(build(0x0200, '013511221122', 1, basic('0ff00000', '240229210509')));
    throwsFrameError(build(0x0200, '013511221122', 1, basic('01597FA8', '2402292105ab')));
  });

  it('refuses an encrypted body it cannot read', () => {
    const content = fromHex('0002' + '0400' + '013511221122' + '0001');
    let check = 0;
    for (const byte of content) check ^= byte;
    throwsFrameError(Buffer.concat([fromHex('7e'), content, Buffer.from([check, 0x7e])]));
  });

  it('survives every truncation of real frames with FrameError or a result, never another error', () => {
    for (const text of [LOCATION, REGISTER_2019, AUTH_2013]) {
      const frame = fromHex(text);
      for (let cut = 1; cut < frame.length; cut++) {
        const content = frame.subarray(1, 1 + cut);
        let check = 0;
        for (const byte of content.subarray(0, -1)) check ^= byte;
        const candidate = Buffer.concat([
          fromHex('7e'),
          content.subarray(0, -1),
          Buffer.from([check]),
          fromHex('7e'),
        ]);
        try {
          decode(wire(hex(candidate)));
        } catch (error) {
          expect(error).toBeInstanceOf(FrameError);
        }
      }
    }
  });
});
