import { describe, expect, it } from 'vitest';
import { NOW, decodeText, only } from './decoding';

describe('h02 V1 and the other fix messages', () => {
  it('takes speed in knots and the course as sent', () => {
    const position = only(
      decodeText(
        '*HQ,353505220903211,V1,140817,A,5239.3538,N,01003.5292,E,21.03,312,221013,FFFBFFFF,106,14, 203,1cd#',
      ),
    );
    expect(position.speed).toBe(21.03);
    expect(position.course).toBe(312);
    expect(position.attributes.io3).toBe('203');
    // Second byte FB: the SOS state bit is at 0.
    expect(position.attributes.alarm).toBe('sos');
  });

  it('reads coordinates written -dd-mm.mmmm', () => {
    const position = only(
      decodeText('*HQ,1451316409,V1,030149,A,-23-29.0095,S,-46-51.5852,W,2.4,065,070315,FFFFFFFF#'),
    );
    expect(position.fixTime).toBe(Date.UTC(2015, 2, 7, 3, 1, 49));
    expect(position.latitude).toBeCloseTo(-23.48349, 5);
    expect(position.longitude).toBeCloseTo(-46.85975, 5);
    expect(position.attributes.ignition).toBe(true);
  });

  it('reads coordinates written as digits without a point', () => {
    const position = only(
      decodeText(
        '*HQ,5905101893,V1,105759,A,37573392,S,145037022,E,000.00,173,280122,FF7FFBFF,,,9059e2c,8232,4#',
      ),
    );
    expect(position.latitude).toBeCloseTo(-(37 + 57.3392 / 60), 6);
    expect(position.longitude).toBeCloseTo(145 + 3.7022 / 60, 6);
    expect(position.course).toBe(173);
  });

  it('reads a longitude without its degree digits (V8)', () => {
    const result = decodeText(
      '*HQ,9001000002,V8,213945,A,3542.2043,N,38.6508,W,0.00,170,221025,FBFFF9FF,0,0,0,0,22,31,126,0#',
    );
    const position = only(result);
    expect(position.fixTime).toBe(Date.UTC(2025, 9, 22, 21, 39, 45));
    expect(position.latitude).toBeCloseTo(35.7034, 4);
    expect(position.longitude).toBeCloseTo(-0.64418, 5);
    // Only V1 is confirmed.
    expect(result.reply).toBeUndefined();
  });

  it('treats an empty validity as an invalid fix and a coding scheme number as a valid one', () => {
    const invalid = only(
      decodeText(
        '*HQ,355488020119695,V1,050418,,2827.61232,N,07703.84822,E,0.00,0,031015,FFFEFBFF#',
      ),
    );
    expect(invalid.valid).toBe(false);
    expect(invalid.outdated).toBe(false);
    expect(invalid.latitude).toBeCloseTo(28.46021, 5);
    expect(invalid.longitude).toBeCloseTo(77.06414, 5);
    expect(invalid.fixTime).toBe(Date.UTC(2015, 9, 3, 5, 4, 18));

    const coded = only(
      decodeText(
        '*HQ,353505221264507,V2,100220,0,5238.26259,N,00507.33983,E,0.25,0,280917,FFFFFFFF,cc,28,  db,d75b#',
      ),
    );
    expect(coded.valid).toBe(true);
    expect(coded.attributes.io3).toBe('db');
  });

  it('skips a battery field before the date and reads the power cut alarm', () => {
    const position = only(
      decodeText(
        '*HQ,4210209006,V1,054048,A,2828.2297,N,07733.4332,E,000.5,047,4,080918,EEE7FBDF,4261193,0#',
      ),
    );
    expect(position.fixTime).toBe(Date.UTC(2018, 8, 8, 5, 40, 48));
    expect(position.attributes.alarm).toBe('powerCut');
    expect(position.attributes.io1).toBe('4261193');
  });

  it('finds the status after the SIM fields of a V19', () => {
    const position = only(
      decodeText(
        '*HQ,4209951296,V19,214452,A,5201.0178,N,01830.5029,E,000.00,000,200417,,195.63.13.195,89480610500392633029,BFFFFBFF#',
      ),
    );
    expect(position.attributes.status).toBe(0xbffffbff);
    expect(position.fixTime).toBe(Date.UTC(2017, 3, 20, 21, 44, 52));
  });

  it('uses the arrival time when the message has no date', () => {
    const position = only(
      decodeText(
        '*HQ,353505220873067,V1,,V,4605.75732,N,01430.73863,E,0.00,0,,FFFFFFEF,125,194,  64,d3#',
      ),
    );
    expect(position.fixTime).toBe(NOW);
    expect(position.latitude).toBeCloseTo(46.09596, 5);
  });

  it('stores nothing from a fix the device could not fill in, and does not confirm it', () => {
    for (const text of [
      '*HQ,353505510948929,V1,,V,,N,,E,0.00,0,,FFFFF7FF,f0,a,11a0,c0c6#',
      '*HQ,353588020068342,V1,000000,V,0.0000,0,0.0000,0,0.00,0.00,000000,ffffffff,000106,000002,000203,004c87,16#',
    ]) {
      const result = decodeText(text);
      expect(result.identify).toHaveLength(1);
      expect(result.positions ?? []).toHaveLength(0);
      expect(result.reply).toBeUndefined();
    }
  });
});
