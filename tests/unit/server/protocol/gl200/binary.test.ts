import { describe, expect, it } from 'vitest';
import { gl200 } from '../../../../../server/protocol/gl200';
import { fromHex } from '../../../../../server/protocol/shared/bytes';
import { crc16CcittFalse } from '../../../../../server/protocol/shared/checksum';
import { FrameError } from '../../../../../server/protocol/shared/definition';
import { knotsFromKmh } from '../../../../../model/units';
import { decodeContext } from '../../../../support/decodeContext';

/**
 * The binary ("HEX") form of @Track: real GB100 frames (Traccar's test frames), the heartbeat
 * example of the GV200 @Track document, and frames built here with their CRC.
 */

const NOW = Date.UTC(2024, 0, 1);

const context = () => decodeContext(NOW);

const decode = (frame: Buffer) => gl200.decode(frame, context());

/** Sets a built frame's length field (at `lengthAt`, `size` bytes), CRC and CR LF tail. */
function seal(body: Buffer, lengthAt: number, size: 1 | 2): Buffer {
  const frame = Buffer.concat([body, Buffer.alloc(4)]);
  if (size === 1) frame[lengthAt] = frame.length;
  else frame.writeUInt16BE(frame.length, lengthAt);
  frame.writeUInt16BE(crc16CcittFalse(frame, 4, frame.length - 4), frame.length - 4);
  frame[frame.length - 2] = 0x0d;
  frame[frame.length - 1] = 0x0a;
  return frame;
}

const EVT_VGN = fromHex(
  '2b4556542d00fc1fbf0063450102020956325403000343056437f8220700000200000000010000160100f2007eff75a1f0025c6b1a07e1080108241a02680003189c1ac500000000000002100800000000000000000007e1080108241a19e24e4e0d0a',
);
const RSP = fromHex(
  '2b5253500700fc1fbf005d4501020209563254030003430564377e42071001000000000000007eff75a151025c6a8107e10801081a2a02680003189c1ac500000000000002100700000000000000000007e1080108241019e17ebe0d0a',
);
/** A report whose unique ID is the device name "gb100-Do" (an LCB report with a phone number). */
const RSP_NAMED = fromHex(
  '2B5253500300FC1FFF0064450102020867623130302D446F642F442105007018217345005F010100000001100045073C4D4101DB86BD07E106130B2B0F0460000018770013000000030000000106020F2300002714301107E106130B2B1003424EFB0D0A',
);
/** The heartbeat example of the GV200 @Track document (mask EB: no protocol version). */
const HBD_EXAMPLE = fromHex('2B484244EB1E010C01235C1F0343231B0007DC011E092026000DE29C0D0A');
const COMPACT = fromHex(
  '2b000038000865134050947226820300030000216a3ed6f101895000521629fa8b28f402ac1a8e6a3ed6f100001600000010f505010ff824',
);

describe('gl200 binary reports', () => {
  it('reads a GB100 event report (VGN): IMEI, fix, cell, power, ignition', () => {
    const result = decode(EVT_VGN);
    // The IMEI is sent two digits a byte: 56 32 54 03 00 03 43 05 is 865084030003675.
    expect(result.identify).toEqual(['865084030003675']);
    const [p] = result.positions!;
    expect(p).toMatchObject({
      latitude: 39.611162,
      longitude: -9.068048,
      altitude: 126,
      course: 242,
      fixTime: Date.UTC(2017, 7, 1, 8, 36, 26),
      deviceTime: Date.UTC(2017, 7, 1, 8, 36, 26),
      outdated: false,
    });
    expect(p.speed).toBeCloseTo(knotsFromKmh(22.1), 6);
    // MCC and MNC are their decimal digits read as hex: 0x0268 is Portugal's 268.
    expect(p.network?.cellTowers).toEqual([
      { mobileCountryCode: 268, mobileNetworkCode: 3, locationAreaCode: 0x189c, cellId: 0x1ac5 },
    ]);
    expect(p.attributes).toMatchObject({
      batteryLevel: 100,
      power: 14.328,
      sat: 7,
      ignition: true,
      motion: true,
    });
  });

  it('reads a GB100 position report with its send time', () => {
    const [p] = decode(RSP).positions!;
    expect(p).toMatchObject({
      latitude: 39.611009,
      longitude: -9.068207,
      fixTime: Date.UTC(2017, 7, 1, 8, 26, 42),
      deviceTime: Date.UTC(2017, 7, 1, 8, 36, 16),
    });
    expect(p.attributes).toMatchObject({ power: 14.206, motion: true });
  });

  it('decodes a report that names the device by name, without identifying it', () => {
    const result = decode(RSP_NAMED);
    expect(result.identify).toBeUndefined();
    expect(result.positions).toHaveLength(1);
    expect(result.positions![0].latitude).toBe(31.164093);
  });

  it('only identifies a report of a model whose binary layout is not known', () => {
    const body = Buffer.concat([
      Buffer.from('+RSP', 'latin1'),
      fromHex('07 00fc1fbf 0000 06 0102 0209'),
      fromHex('0d395a18440b1600'), // 135790246811220
      Buffer.alloc(40),
      fromHex('07da0a0b0c0d0e 0001'),
    ]);
    const result = decode(seal(body, 9, 2));
    expect(result).toEqual({ identify: ['135790246811220'] });
  });

  it('reads a compact frame (newest models): IMEI in BCD, GNSS record', () => {
    const result = decode(COMPACT);
    expect(result.identify).toEqual(['865134050947226']);
    const [p] = result.positions!;
    expect(p).toMatchObject({
      latitude: 44.833422,
      longitude: -91.543308,
      valid: true,
      altitude: 434.1,
    });
    expect(p.attributes).toMatchObject({ hdop: 2.2, sat: 5 });
  });
});

describe('gl200 binary heartbeat', () => {
  it('identifies the document example and answers it with +SACK:GTHBD and its count', () => {
    const result = decode(HBD_EXAMPLE);
    expect(result.identify).toEqual(['359231036735270']);
    expect(result.positions).toBeUndefined();
    // Without a protocol version in the heartbeat the field stays empty, as the document allows.
    expect(result.reply?.toString('latin1')).toBe('+SACK:GTHBD,,000D$');
  });

  it('echoes device type and protocol version when the heartbeat carries them', () => {
    const body = Buffer.concat([
      Buffer.from('+HBD', 'latin1'),
      fromHex('EF 00 06 0228 0102'),
      fromHex('0d395a18440b1600'),
      fromHex('07e80102030405 11F0'),
    ]);
    const result = decode(seal(body, 5, 1));
    expect(result.identify).toEqual(['135790246811220']);
    expect(result.reply?.toString('latin1')).toBe('+SACK:GTHBD,060228,11F0$');
  });
});

describe('gl200 malformed binary', () => {
  it('refuses a frame whose CRC fails', () => {
    const bad = Buffer.from(EVT_VGN);
    bad[40] ^= 0x01;
    expect(() => decode(bad)).toThrow(FrameError);
  });

  it('refuses a frame whose length field lies', () => {
    const bad = Buffer.from(RSP);
    bad.writeUInt16BE(RSP.length + 10, 9);
    expect(() => decode(bad)).toThrow(FrameError);
  });

  it('never throws anything but a FrameError on a truncated frame', () => {
    for (const frame of [EVT_VGN, RSP, RSP_NAMED, HBD_EXAMPLE, COMPACT]) {
      for (let cut = 1; cut < frame.length; cut++) {
        try {
          decode(frame.subarray(0, cut));
        } catch (error) {
          expect(error).toBeInstanceOf(FrameError);
        }
      }
    }
  });

  it('refuses, never overreads, a resealed frame with a lying record count', () => {
    const body = Buffer.from(RSP.subarray(0, RSP.length - 4));
    body[30] = 200; // records in the report
    expect(() => decode(seal(body, 9, 2))).toThrow(FrameError);
  });
});
