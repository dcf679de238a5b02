/**
 * H02 framing on one TCP stream: text messages end at `#`, binary reports have neither end marker
 * nor length, and both come mixed, split across packets, joined, and after garbage.
 */
import { describe, expect, it } from 'vitest';
import { h02 } from '../../../../../server/protocol/h02';
import { fromHex } from '../../../../../server/protocol/shared/bytes';
import { FrameStream } from '../../../../../server/protocol/shared/frameStream';

const TEXT = Buffer.from(
  '*HQ,4106011660,V1,124552,A,5035.3129,N,00431.8211,E,000.20,000,131116,FFFFFBFF#',
);
const TEXT_CRLF = Buffer.concat([TEXT, Buffer.from('\r\n')]);
const SHORT = fromHex('2441060116601245431311165035313006004318210e000000fffffbffff0024');
const LONG = fromHex(
  '24410600082621532131081504419390060740418306000000fffffbfdff0015060000002c02dc0c000000001f',
);
const LONG_2 = fromHex(
  '2441090013450831250401145047888000008554650e000000fffff9ffff001006000000000106020299109c01',
);
const IMEI = fromHex(
  '2435248308419329301047591808172627335900074412294E024138FEFFFFFFFF01120064BA73005ECC',
);
const OTHER = fromHex('5800009814991024031101175540227006012321670c000095fffffbffff0033');

function stream() {
  return new FrameStream(h02.splitter());
}

/** Feeds the chunks one by one and returns every frame, as hex. */
function feed(frameStream: FrameStream, ...chunks: Buffer[]): string[] {
  return chunks.flatMap((chunk) =>
    frameStream.push(chunk).frames.map((frame) => frame.toString('hex')),
  );
}

const bytes = (buffer: Buffer): Buffer[] => [...buffer].map((byte) => Buffer.from([byte]));
const hexOf = (...buffers: Buffer[]) => buffers.map((buffer) => buffer.toString('hex'));

describe('h02 splitter', () => {
  it('cuts a text message at its #, dropping the line break after it', () => {
    expect(feed(stream(), TEXT_CRLF)).toEqual(hexOf(TEXT));
  });

  it('puts a text message split byte by byte back together', () => {
    const frameStream = stream();
    expect(feed(frameStream, ...bytes(TEXT_CRLF))).toEqual(hexOf(TEXT));
    expect(frameStream.buffered).toBe(0);
  });

  it('cuts several messages of both forms from one packet', () => {
    const chunk = Buffer.concat([SHORT, TEXT_CRLF, SHORT, TEXT]);
    expect(feed(stream(), chunk)).toEqual(hexOf(SHORT, TEXT, SHORT, TEXT));
  });

  it('takes a report that arrives alone in a packet at its length', () => {
    expect(feed(stream(), SHORT)).toEqual(hexOf(SHORT));
    expect(feed(stream(), LONG)).toEqual(hexOf(LONG));
  });

  it('finds where a report ends from the message after it, and remembers that length', () => {
    const frameStream = stream();
    expect(feed(frameStream, Buffer.concat([LONG, LONG_2]))).toEqual(hexOf(LONG, LONG_2));
    // Learnt: a 45-byte report split byte by byte comes out whole.
    expect(feed(frameStream, ...bytes(LONG))).toEqual(hexOf(LONG));
    expect(feed(frameStream, Buffer.concat([LONG_2, TEXT, LONG]))).toEqual(
      hexOf(LONG_2, TEXT, LONG),
    );
  });

  it('waits for the next message when a packet ends a few bytes into it', () => {
    const frameStream = stream();
    expect(feed(frameStream, Buffer.concat([SHORT, SHORT.subarray(0, 10)]))).toEqual([]);
    expect(feed(frameStream, SHORT.subarray(10))).toEqual(hexOf(SHORT, SHORT));
  });

  it('waits for the rest of a long report cut after 32 bytes plus a few', () => {
    const frameStream = stream();
    expect(feed(frameStream, LONG.subarray(0, 40))).toEqual([]);
    expect(feed(frameStream, LONG.subarray(40))).toEqual(hexOf(LONG));
  });

  it('cuts reports that carry a 15-digit IMEI at 42 bytes', () => {
    const frameStream = stream();
    // The second report is cut at the length the first one taught.
    expect(feed(frameStream, Buffer.concat([IMEI, IMEI]))).toEqual(hexOf(IMEI, IMEI));
    expect(feed(frameStream, IMEI.subarray(0, 30), IMEI.subarray(30), TEXT)).toEqual(
      hexOf(IMEI, TEXT),
    );
  });

  it('frames X reports at 32 bytes', () => {
    expect(feed(stream(), Buffer.concat([LONG, OTHER, TEXT]))).toEqual(hexOf(LONG, OTHER, TEXT));
  });

  it('skips leading garbage, line noise and stray markers', () => {
    const frameStream = stream();
    const garbage = Buffer.from('\r\nGET / HTTP/1.1\r\n*$#**HQ,1\x00\x01$\x99\xff\x00');
    const result = frameStream.push(Buffer.concat([garbage, TEXT, SHORT]));
    expect(result.frames.map((frame) => frame.toString('hex'))).toEqual(hexOf(TEXT, SHORT));
    expect(result.skipped).toBe(garbage.length);
  });

  it('drops a text message cut short by the next one', () => {
    const chunk = Buffer.concat([Buffer.from('*HQ,4106011660,V1,12'), TEXT]);
    expect(feed(stream(), chunk)).toEqual(hexOf(TEXT));
  });

  it('skips a report whose digits are not BCD (the form has no checksum)', () => {
    const corrupt = Buffer.from(SHORT);
    corrupt[6] = 0x3a; // hour 3a
    const frameStream = stream();
    const result = frameStream.push(Buffer.concat([corrupt, TEXT]));
    expect(result.frames.map((frame) => frame.toString('hex'))).toEqual(hexOf(TEXT));
    expect(result.skipped).toBe(corrupt.length);
  });

  it('skips a * whose message runs into binary bytes', () => {
    const chunk = Buffer.concat([Buffer.from('*HQ,4106'), Buffer.from([0x00, 0x01]), TEXT]);
    expect(feed(stream(), chunk)).toEqual(hexOf(TEXT));
  });

  it('drops the connection after a megabyte of junk', () => {
    for (const junk of [
      Buffer.alloc(1 << 20, 0x41),
      Buffer.concat([Buffer.from('*HQ,'), Buffer.alloc(1 << 20, 0x41)]),
      Buffer.from(Array.from({ length: 1 << 20 }, (_, i) => (i * 7919) % 251)),
    ]) {
      const frameStream = stream();
      let overflow = false;
      for (let at = 0; at < junk.length && !overflow; at += 4096) {
        overflow = frameStream.push(junk.subarray(at, at + 4096)).overflow;
      }
      expect(overflow).toBe(true);
    }
  });

  it('gives the decoder every frame it cut', () => {
    const frameStream = stream();
    const frames = frameStream.push(Buffer.concat([SHORT, TEXT_CRLF, LONG, LONG_2, IMEI])).frames;
    expect(frames).toHaveLength(4);
    const context = { uniqueId: null, state: new Map(), now: 0, transport: 'tcp' as const };
    expect(frames.map((frame) => h02.decode(frame, context).identify)).toEqual([
      ['4106011660'],
      ['4106011660'],
      ['4106000826'],
      ['4109001345'],
    ]);
  });
});
