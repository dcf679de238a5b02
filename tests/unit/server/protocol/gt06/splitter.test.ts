/**
 * The GT06 splitter as the runtime drives it, through `FrameStream`: frames split across
 * packets, several in one packet, garbage before them, a frame whose CRC fails, clones' forms,
 * and a flood of junk that must end the connection.
 */
import { describe, expect, it } from 'vitest';
import { fromHex } from '../../../../../server/protocol/shared/bytes';
import { crc16X25 } from '../../../../../server/protocol/shared/checksum';
import { FrameStream } from '../../../../../server/protocol/shared/frameStream';
import { gt06 } from '../../../../../server/protocol/gt06';
import { buildFrame } from '../../../../../server/protocol/gt06/frame';
import { gt06Splitter } from '../../../../../server/protocol/gt06/splitter';

const LOGIN = fromHex('78780d01086287404073783004669e6e0d0a');
const STATUS = fromHex('78780a1340060300020467832e0d0a');
const GPS = fromHex('78781f1216091d012209c401b420b0052701c400180002d40507a90074d5046855db0d0a');
const WIFI = fromHex(
  '787803691604130318491475905BD30E25001E10BBF7635D14759006E626560501CC0028660F213228660F1F2828660EA81E286610731428660F20140D0A',
);

const stream = () => new FrameStream(gt06.splitter());
const hexes = (frames: Buffer[]) => frames.map((frame) => frame.toString('hex'));

describe('GT06 frame stream', () => {
  it('reassembles a frame that arrives a byte at a time', () => {
    const frames = stream();
    const out: Buffer[] = [];
    for (const byte of GPS) out.push(...frames.push(Buffer.from([byte])).frames);
    expect(hexes(out)).toEqual([GPS.toString('hex')]);
    expect(frames.buffered).toBe(0);
  });

  it('cuts several frames out of one packet, in order', () => {
    const out = stream().push(Buffer.concat([LOGIN, STATUS, GPS]));
    expect(hexes(out.frames)).toEqual([LOGIN, STATUS, GPS].map((frame) => frame.toString('hex')));
    expect(out.skipped).toBe(0);
  });

  it('skips garbage before a frame, including a lone start byte', () => {
    const out = stream().push(
      Buffer.concat([Buffer.from('hello\r\n78', 'latin1'), Buffer.from([0x78]), LOGIN]),
    );
    expect(hexes(out.frames)).toEqual([LOGIN.toString('hex')]);
    expect(out.skipped).toBeGreaterThan(0);
  });

  it('keeps a trailing half start marker for the next packet', () => {
    const frames = stream();
    const first = frames.push(Buffer.concat([Buffer.from('junk', 'latin1'), LOGIN.subarray(0, 1)]));
    expect(first.frames).toEqual([]);
    const second = frames.push(LOGIN.subarray(1));
    expect(hexes(second.frames)).toEqual([LOGIN.toString('hex')]);
  });

  it('skips a whole frame whose CRC fails and reads the next one', () => {
    const bad = Buffer.from(STATUS);
    bad[bad.length - 3] ^= 0xff;
    const out = stream().push(Buffer.concat([bad, GPS]));
    expect(hexes(out.frames)).toEqual([GPS.toString('hex')]);
    expect(out.skipped).toBe(bad.length);
  });

  it('resynchronises after a start marker whose length lies', () => {
    const out = stream().push(Buffer.concat([fromHex('78780f13'), STATUS]));
    expect(hexes(out.frames)).toEqual([STATUS.toString('hex')]);
  });

  it('takes a long (7979) frame', () => {
    const long = buildFrame(0x94, fromHex('0004d2'), 5, true);
    const out = stream().push(Buffer.concat([long, STATUS]));
    expect(hexes(out.frames)).toEqual([long.toString('hex'), STATUS.toString('hex')]);
  });

  it('takes the clones forms: counted Wi-Fi, miscounted length, CRC-less GPS', () => {
    const miscounted = fromHex('787808134606020002044dc5050d0a');
    const bare = fromHex('7878121011091c0b1e2e98058507f80097a6ac03344a0d0a');
    const out = stream().push(Buffer.concat([WIFI, miscounted, bare, STATUS]));
    expect(hexes(out.frames)).toEqual(
      [WIFI, miscounted, bare, STATUS].map((frame) => frame.toString('hex')),
    );
  });

  it('waits for the rest of a counted Wi-Fi report split across packets', () => {
    const frames = stream();
    expect(frames.push(WIFI.subarray(0, 20)).frames).toEqual([]);
    expect(frames.push(WIFI.subarray(20, 40)).frames).toEqual([]);
    expect(hexes(frames.push(WIFI.subarray(40)).frames)).toEqual([WIFI.toString('hex')]);
  });

  it('does not stall on a miscounted login whose declared length is longer than the frame', () => {
    // Declared 0x0f (20 bytes), sent 18, CRC over what was sent: the device waits for the reply.
    const body = Buffer.from(LOGIN);
    body[2] = 0x0f;
    body.writeUInt16BE(crc16X25(body, 2, body.length - 4), body.length - 4);
    const out = stream().push(body);
    expect(hexes(out.frames)).toEqual([body.toString('hex')]);
    expect(
      gt06.decode(out.frames[0], { uniqueId: null, state: new Map(), now: 0, transport: 'tcp' })
        .identify,
    ).toEqual(['862874040737830']);
  });

  it('drops the connection after a megabyte of junk', () => {
    const junk = Buffer.alloc(1024 * 1024, 0x41);
    const out = stream().push(junk);
    expect(out.overflow).toBe(true);
    expect(out.frames).toEqual([]);
  });

  it('drops the connection after a megabyte of start markers, promptly', () => {
    const started = Date.now();
    const out = stream().push(Buffer.alloc(1024 * 1024, 0x78));
    expect(out.overflow).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('never waits on a long frame declaring more than a device sends', () => {
    const out = stream().push(Buffer.concat([fromHex('7979ffff94'), STATUS]));
    expect(hexes(out.frames)).toEqual([STATUS.toString('hex')]);
  });
});

describe('the device-side splitter', () => {
  it('reads standard frames and the bare Wi-Fi acknowledgement', () => {
    const wifiAck = fromHex('787800691604130318490d0a');
    const ack = buildFrame(0x13, Buffer.alloc(0), 7);
    const out = new FrameStream(gt06Splitter('device')).push(Buffer.concat([wifiAck, ack]));
    expect(hexes(out.frames)).toEqual([wifiAck.toString('hex'), ack.toString('hex')]);
  });
});
