import { describe, expect, it } from 'vitest';
import { suntech } from '../../../../../server/protocol/suntech';
import { fromHex } from '../../../../../server/protocol/shared/bytes';
import { FrameError } from '../../../../../server/protocol/shared/definition';
import { FrameStream } from '../../../../../server/protocol/shared/frameStream';
import { decode } from './helpers';

const STT =
  'STT;100850000;3FFFFF;26;010;1;20161117;08:37:39;0000004F;450;0;0014;20;+37.479323;+126.887827;62.03;65.43;10;1;00000101;00001000;1;2;0492';
const LEGACY =
  'ST300STT;007238270;40;313;20190220;12:05:04;c99e48;+04.644623;-074.076922;010.390;202.77;20;1;997100;14.10;100000;2;8384;003634;4.1;1';
const UEX =
  'ST600UEX;008728327;20;568;20200602;17:10:03;0bf1a893;334;20;2f19;23;+20.514492;-100.743221;000.033;000.00;12;1;41564973;13.17;000000;44;t_0=1C;N_0=0419.0;t_1=22;N_1=0001.0;Q_D=09\n\r;76;113771;4.1;1';
const UEX_CRLF =
  'ST300UEX;511248287;45;311;20220701;18:42:08;14c943;-22.975257;-043.373065;000.000;000.00;0;0;0;12.14;100010;19;RFID:008FB2BEBA39\r\n;3E;000135;4.1;1;00000000000000;0';
const BINARY =
  '81004e05200013383fffff3401000301130a0512080400000000000000000000000047f9d5846a06810072225214010100020300a8002604c1000004b000000470000025a100000000000025c4000000a6';
const ZIP =
  '02003210511340877028813f180c170016041051290c0635652d793653000038001a30e601665e560000000100750002712704000103';

const text = (value: string) => Buffer.from(value, 'latin1');
const stream = () => new FrameStream(suntech.splitter());
const asText = (frames: Buffer[]) => frames.map((frame) => frame.toString('latin1'));

describe('suntech splitter', () => {
  it('waits for a text report split byte by byte', () => {
    const frames = stream();
    const bytes = text(`${STT}\r`);
    const out: Buffer[] = [];
    for (const byte of bytes) out.push(...frames.push(Buffer.from([byte])).frames);
    expect(asText(out)).toEqual([STT]);
    expect(frames.buffered).toBe(0);
  });

  it('waits for binary and zip reports split byte by byte', () => {
    for (const hex of [BINARY, ZIP]) {
      const frames = stream();
      const out: Buffer[] = [];
      for (const byte of fromHex(hex)) out.push(...frames.push(Buffer.from([byte])).frames);
      expect(out.map((frame) => frame.toString('hex'))).toEqual([hex]);
    }
  });

  it('cuts several reports of every form out of one chunk', () => {
    const chunk = Buffer.concat([
      text(`${STT}\r`),
      fromHex(BINARY),
      text(`${LEGACY}\r\n`),
      fromHex(ZIP),
      text('ALV;100850000\r'),
    ]);
    const result = stream().push(chunk);
    expect(result.skipped).toBe(0);
    expect(result.frames).toHaveLength(5);
    expect(result.frames[0].toString('latin1')).toBe(STT);
    expect(result.frames[1].toString('hex')).toBe(BINARY);
    expect(result.frames[2].toString('latin1')).toBe(LEGACY);
    expect(result.frames[3].toString('hex')).toBe(ZIP);
    expect(result.frames[4].toString('latin1')).toBe('ALV;100850000');
  });

  it('keeps serial data holding CR LF or LF CR inside its report', () => {
    const result = stream().push(text(`${UEX}\r${UEX_CRLF}\r`));
    expect(asText(result.frames)).toEqual([UEX, UEX_CRLF]);
    for (const frame of result.frames) expect(decode(frame).positions).toHaveLength(1);
  });

  it('ends a report at a CR arriving alone, dropping the LF that follows', () => {
    const frames = stream();
    expect(asText(frames.push(text(`${LEGACY}\r`)).frames)).toEqual([LEGACY]);
    const next = frames.push(text(`\nALV;100850000\r`));
    expect(asText(next.frames)).toEqual(['ALV;100850000']);
  });

  it('skips garbage before a report', () => {
    const chunk = Buffer.concat([
      Buffer.from([0x00, 0xff, 0x13, 0x37]),
      text('garbage; -Error\rXYZW12;'),
      text(`${STT}\r`),
    ]);
    const result = stream().push(chunk);
    expect(asText(result.frames)).toEqual([STT]);
    expect(result.skipped).toBe(chunk.length - STT.length - 1);
  });

  it('skips a zip report whose ETX is not where its length puts it', () => {
    const bad = fromHex(ZIP.replace(/03$/, '04'));
    const result = stream().push(Buffer.concat([bad, text(`${STT}\r`)]));
    expect(asText(result.frames)).toEqual([STT]);
    expect(result.skipped).toBe(bad.length);
  });

  it('drops a connection that sends a megabyte of junk', () => {
    const junk = Buffer.alloc(1 << 20);
    for (let i = 0; i < junk.length; i++) junk[i] = (i * 7919) % 251;
    expect(stream().push(junk).overflow).toBe(true);
  });

  it('drops a connection whose report never ends', () => {
    const frames = stream();
    let overflow = false;
    overflow ||= frames.push(text('STT;100850000;3FFFFF;')).overflow;
    for (let i = 0; i < 64 && !overflow; i++) {
      overflow = frames.push(Buffer.alloc(16 * 1024, 0x31)).overflow;
    }
    expect(overflow).toBe(true);
  });
});

describe('suntech decoder on damaged frames', () => {
  it('answers every truncation and corruption of real frames with a result or a FrameError', () => {
    const samples = [
      text(STT),
      text(LEGACY),
      text(UEX),
      text(UEX_CRLF),
      fromHex(BINARY),
      fromHex(ZIP),
      text(
        'ST910;Location;907510186;552;20180504;23:15:45;3af54e5331;+19.301833;-099.190657;000.246;000.00;1;28462',
      ),
    ];
    let seed = 12345;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    for (const sample of samples) {
      for (let cut = 0; cut < sample.length; cut++) {
        expectFrameErrorOrResult(sample.subarray(0, cut));
      }
      for (let round = 0; round < 300; round++) {
        const damaged = Buffer.from(sample);
        damaged[random(damaged.length)] = random(256);
        expectFrameErrorOrResult(damaged);
      }
    }
  });
});

function expectFrameErrorOrResult(frame: Buffer): void {
  try {
    decode(frame);
  } catch (error) {
    if (!(error instanceof FrameError)) throw error;
  }
}
