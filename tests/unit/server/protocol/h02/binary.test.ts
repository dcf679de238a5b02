import { describe, expect, it } from 'vitest';
import { h02 } from '../../../../../server/protocol/h02';
import { FrameError } from '../../../../../server/protocol/shared/definition';
import { fromHex } from '../../../../../server/protocol/shared/bytes';
import { context, decodeHex, only } from './decoding';

describe('h02 binary reports', () => {
  it('reads a 32-byte report', () => {
    const result = decodeHex('2441060116601245431311165035313006004318210e000000fffffbffff0024');
    expect(result.identify).toEqual(['4106011660']);
    const position = only(result);
    expect(position.fixTime).toBe(Date.UTC(2016, 10, 13, 12, 45, 43));
    expect(position.valid).toBe(true);
    expect(position.latitude).toBeCloseTo(50 + 35.313 / 60, 6);
    expect(position.longitude).toBeCloseTo(4 + 31.821 / 60, 6);
    expect(position.attributes).toMatchObject({
      batteryLevel: 100,
      status: 0xfffffbff,
      ignition: false,
    });
    expect(result.reply).toBeUndefined();
  });

  it('reads a 45-byte report: west longitude, SOS', () => {
    const position = only(
      decodeHex(
        '24410600082621532131081504419390060740418306000000fffffbfdff0015060000002c02dc0c000000001f',
      ),
    );
    expect(position.fixTime).toBe(Date.UTC(2015, 7, 31, 21, 53, 21));
    expect(position.latitude).toBeCloseTo(4.69898, 5);
    expect(position.longitude).toBeCloseTo(-(74 + 4.183 / 60), 6);
    expect(position.attributes.alarm).toBe('sos');
  });

  it('reads a 42-byte report with a 15-digit IMEI, speed and course', () => {
    const result = decodeHex(
      '2435248308419329301047591808172627335900074412294E024138FEFFFFFFFF01120064BA73005ECC',
    );
    expect(result.identify).toEqual(['352483084193293']);
    const position = only(result);
    expect(position.fixTime).toBe(Date.UTC(2017, 7, 18, 10, 47, 59));
    expect(position.latitude).toBeCloseTo(26 + 27.3359 / 60, 6);
    expect(position.longitude).toBeCloseTo(74 + 41.2294 / 60, 6);
    expect(position.speed).toBe(24);
    expect(position.course).toBe(138);
    expect(position.attributes.batteryLevel).toBeUndefined();
    expect(position.attributes.ignition).toBe(true);
  });

  it('reads the south-west hemisphere flags', () => {
    const position = only(
      decodeHex('24270517030820321418041423307879000463213792000056fffff9ffff0000'),
    );
    expect(position.latitude).toBeCloseTo(-(23 + 30.7879 / 60), 6);
    expect(position.longitude).toBeCloseTo(-(46 + 32.1379 / 60), 6);
    expect(position.course).toBe(56);
  });

  it('refuses a report with non-BCD digits or cut short, with a FrameError', () => {
    const good = fromHex('2441060116601245431311165035313006004318210e000000fffffbffff0024');
    const corrupt = Buffer.from(good);
    corrupt[7] = 0x7a; // minutes "7a"
    expect(() => h02.decode(corrupt, context())).toThrow(FrameError);
    for (let length = 1; length < 29; length++) {
      expect(() => h02.decode(good.subarray(0, length), context())).toThrow(FrameError);
    }
  });
});
