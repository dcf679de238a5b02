import { describe, expect, it } from 'vitest';
import { fromHex } from '../../../../../server/protocol/shared/bytes';
import { FrameStream } from '../../../../../server/protocol/shared/frameStream';
import { teltonika } from '../../../../../server/protocol/teltonika';
import { CODEC } from '../../../../../server/protocol/teltonika/codec';
import {
  codec12Packet,
  imeiFrame,
  tcpPacket,
} from '../../../../../server/protocol/teltonika/frames';
import { avlData, avlRecord } from '../../../../../server/protocol/teltonika/writer';
import { DEVICE, DOC } from './vectors';

const stream = () => new FrameStream(teltonika.splitter());

const LOGIN = imeiFrame('352093086403655');
const PACKET = fromHex(DOC.codec8One);
const BIG_PACKET = fromHex(DEVICE.codec8ExtAccident);
const RESPONSE = codec12Packet(6, Buffer.from('DOUT1:1 Timeout:INFINITY'));

/** Pushes the chunks and returns every frame, failing on an overflow. */
function frames(chunks: Buffer[]): Buffer[] {
  const s = stream();
  const out: Buffer[] = [];
  for (const chunk of chunks) {
    const result = s.push(chunk);
    expect(result.overflow).toBe(false);
    out.push(...result.frames);
  }
  return out;
}

const bytes = (buffer: Buffer): Buffer[] => [...buffer].map((b) => Buffer.from([b]));

describe('Teltonika TCP splitter', () => {
  it('rebuilds a login and packets sent a byte at a time', () => {
    const all = Buffer.concat([LOGIN, PACKET, BIG_PACKET, RESPONSE]);
    expect(frames(bytes(all))).toEqual([LOGIN, PACKET, BIG_PACKET, RESPONSE]);
  });

  it('passes every real packet whole, its CRC checked', () => {
    const tcp = [...Object.entries(DOC), ...Object.entries(DEVICE)].filter(
      ([name]) => !name.startsWith('udp'),
    );
    for (const [, hex] of tcp) {
      const packet = fromHex(hex);
      expect(frames([packet])).toEqual([packet]);
    }
  });

  it('rebuilds each frame cut in two at every place', () => {
    for (const frame of [LOGIN, PACKET, RESPONSE]) {
      for (let cut = 1; cut < frame.length; cut++) {
        expect(frames([frame.subarray(0, cut), frame.subarray(cut)])).toEqual([frame]);
      }
    }
  });

  it('splits several frames arriving in one chunk', () => {
    const all = Buffer.concat([LOGIN, PACKET, PACKET, BIG_PACKET]);
    expect(frames([all])).toEqual([LOGIN, PACKET, PACKET, BIG_PACKET]);
  });

  it('skips leading garbage, keep-alive bytes and stray zeros before a frame', () => {
    const garbage = Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n', 'latin1');
    const pings = Buffer.from([0xff, 0xff]);
    const zeros = Buffer.from([0x00, 0x00, 0x00]);
    const s = stream();
    const result = s.push(Buffer.concat([garbage, LOGIN, pings, zeros, PACKET]));
    expect(result.frames).toEqual([LOGIN, PACKET]);
    expect(result.skipped).toBe(garbage.length + pings.length + zeros.length);
    expect(s.buffered).toBe(0);
  });

  it('skips a login whose IMEI is not digits', () => {
    const fake = Buffer.concat([
      Buffer.from([0x00, 0x0f]),
      Buffer.from('35209308640365X', 'latin1'),
    ]);
    expect(frames([Buffer.concat([fake, LOGIN])])).toEqual([LOGIN]);
  });

  it('skips a packet whose CRC fails and decodes the next one', () => {
    const bad = Buffer.from(PACKET);
    bad[20] ^= 0x40;
    const s = stream();
    const result = s.push(Buffer.concat([bad, PACKET]));
    expect(result.frames).toEqual([PACKET]);
    expect(result.skipped).toBe(bad.length);
  });

  it('skips an absurd data length at once, without waiting for or keeping those bytes', () => {
    const absurd = fromHex('00000000 7fffffff 08 01');
    const s = stream();
    const first = s.push(absurd);
    expect(first.frames).toEqual([]);
    expect(s.buffered).toBeLessThan(absurd.length);
    expect(s.push(PACKET).frames).toEqual([PACKET]);
    // Just beyond what a connection may hold is absurd too.
    const huge = Buffer.alloc(9);
    huge.writeUInt32BE(64 * 1024, 4);
    huge[8] = CODEC.CODEC_8;
    const next = stream().push(Buffer.concat([huge, PACKET]));
    expect(next.frames).toEqual([PACKET]);
  });

  it('skips a header naming no codec it knows', () => {
    const unknown = fromHex('00000000 0000000f 42');
    expect(frames([Buffer.concat([unknown, PACKET])])).toEqual([PACKET]);
  });

  it('waits for the rest of a long packet', () => {
    const data = avlData(
      CODEC.CODEC_8,
      Array.from({ length: 40 }, (_, i) =>
        avlRecord(CODEC.CODEC_8, {
          time: i,
          latitude: 1,
          longitude: 2,
          satellites: 5,
          speedKph: 3,
        }),
      ),
    );
    const packet = tcpPacket(data);
    const s = stream();
    expect(s.push(packet.subarray(0, 100)).frames).toEqual([]);
    expect(s.buffered).toBe(100);
    expect(s.push(packet.subarray(100)).frames).toEqual([packet]);
  });

  it('drops a connection that sends a megabyte of junk', () => {
    let seed = 7;
    const junk = Buffer.alloc(1024 * 1024);
    for (let i = 0; i < junk.length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      junk[i] = seed >> 16;
    }
    const s = stream();
    let overflow = false;
    for (let at = 0; at < junk.length && !overflow; at += 4096) {
      overflow = s.push(junk.subarray(at, at + 4096)).overflow;
    }
    expect(overflow).toBe(true);
  });

  it('drops a connection that sends nothing but keep-alive bytes', () => {
    const s = stream();
    expect(s.push(Buffer.alloc(128 * 1024, 0xff)).overflow).toBe(true);
  });
});
