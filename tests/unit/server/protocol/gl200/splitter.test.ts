import { describe, expect, it } from 'vitest';
import { gl200 } from '../../../../../server/protocol/gl200';
import { fromHex } from '../../../../../server/protocol/shared/bytes';
import { FrameStream } from '../../../../../server/protocol/shared/frameStream';

/** How a Queclink connection's bytes are cut into frames, as the TCP listener feeds them. */

const FRI =
  '+RESP:GTFRI,060228,862894020178276,,15153,10,1,1,0.0,0,431.7,-63.169571,-17.776235,20160210153458,0736,0003,6AD4,80EF,00,34.9,00117:31:26,13442,15163,0,210101,,,,20160210113503,38EE$';
const HBD = '+ACK:GTHBD,060228,862894020178276,,20160210113503,38EF$';
const BINARY = fromHex(
  '2b4556540c00fc1fbf005c4501010108563254030003430564312a41090100000000003f007dff75a11a025c6a7807e1070a14041202680003189c1ac500000000000000000000000000000000000007e1070b041134054e5c6e0d0a',
);
const COMPACT = fromHex(
  '2b000038000865134050947226820300030000216a3ed6f101895000521629fa8b28f402ac1a8e6a3ed6f100001600000010f505010ff824',
);

const text = (frames: Buffer[]) => frames.map((f) => f.toString('latin1'));

describe('gl200 splitter', () => {
  it('reassembles a text report sent one byte at a time, without its $', () => {
    const stream = new FrameStream(gl200.splitter());
    const bytes = Buffer.from(FRI, 'latin1');
    const frames: Buffer[] = [];
    for (let i = 0; i < bytes.length; i++)
      frames.push(...stream.push(bytes.subarray(i, i + 1)).frames);
    expect(text(frames)).toEqual([FRI.slice(0, -1)]);
    expect(stream.buffered).toBe(0);
  });

  it('reassembles a binary frame sent one byte at a time', () => {
    const stream = new FrameStream(gl200.splitter());
    const frames: Buffer[] = [];
    for (let i = 0; i < BINARY.length; i++)
      frames.push(...stream.push(BINARY.subarray(i, i + 1)).frames);
    expect(frames).toEqual([BINARY]);
  });

  it('splits several frames, text and binary, arriving in one chunk', () => {
    const stream = new FrameStream(gl200.splitter());
    const chunk = Buffer.concat([
      Buffer.from(FRI + HBD, 'latin1'),
      BINARY,
      COMPACT,
      Buffer.from(FRI, 'latin1'),
    ]);
    const { frames, skipped } = stream.push(chunk);
    expect(skipped).toBe(0);
    expect(frames).toHaveLength(5);
    expect(frames[0].toString('latin1')).toBe(FRI.slice(0, -1));
    expect(frames[1].toString('latin1')).toBe(HBD.slice(0, -1));
    expect(frames[2]).toEqual(BINARY);
    expect(frames[3]).toEqual(COMPACT);
    // Each frame decodes on its own.
    const ctx = { uniqueId: null, state: new Map(), now: 0, transport: 'tcp' as const };
    expect(gl200.decode(frames[1], ctx).reply?.toString('latin1')).toBe('+SACK:GTHBD,060228,38EF$');
    expect(gl200.decode(frames[2], ctx).identify).toEqual(['865084030003675']);
  });

  it('skips leading garbage and the CR LF some firmware puts after a $', () => {
    const stream = new FrameStream(gl200.splitter());
    const { frames, skipped } = stream.push(
      Buffer.from(`\r\nxx garbage +SACK junk ${FRI}\r\n${HBD}`, 'latin1'),
    );
    expect(text(frames)).toEqual([FRI.slice(0, -1), HBD.slice(0, -1)]);
    expect(skipped).toBeGreaterThan(0);
  });

  it('drops a binary frame whose CRC fails and keeps the frames after it', () => {
    const bad = Buffer.from(BINARY);
    bad[30] ^= 0xff;
    const stream = new FrameStream(gl200.splitter());
    const { frames, skipped } = stream.push(
      Buffer.concat([bad, Buffer.from(HBD, 'latin1'), BINARY]),
    );
    expect(skipped).toBe(bad.length);
    expect(frames).toHaveLength(2);
    expect(frames[0].toString('latin1')).toBe(HBD.slice(0, -1));
    expect(frames[1]).toEqual(BINARY);
  });

  it('drops a report cut short and starts again at the next report', () => {
    const stream = new FrameStream(gl200.splitter());
    const { frames } = stream.push(Buffer.from(FRI.slice(0, 80) + HBD, 'latin1'));
    expect(text(frames)).toEqual([HBD.slice(0, -1)]);
  });

  it('waits for the rest of a frame without consuming it', () => {
    const stream = new FrameStream(gl200.splitter());
    expect(stream.push(Buffer.from(FRI.slice(0, 50), 'latin1')).frames).toEqual([]);
    expect(stream.push(BINARY.subarray(0, 3)).frames).toEqual([]);
    expect(stream.buffered).toBeGreaterThan(0);
  });

  it('drops the connection after a megabyte of junk', () => {
    const stream = new FrameStream(gl200.splitter());
    const junk = Buffer.alloc(1024 * 1024, 'junk+RSP;');
    let overflow = false;
    for (let i = 0; i < junk.length && !overflow; i += 64 * 1024) {
      overflow = stream.push(junk.subarray(i, i + 64 * 1024)).overflow;
    }
    expect(overflow).toBe(true);
  });

  it('does not wait forever on a binary header with a huge length', () => {
    const stream = new FrameStream(gl200.splitter());
    const fake = Buffer.concat([fromHex('2b525350 07 00fc1fbf ffff'), Buffer.from(HBD, 'latin1')]);
    const { frames } = stream.push(fake);
    expect(text(frames)).toEqual([HBD.slice(0, -1)]);
  });
});
