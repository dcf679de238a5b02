import { describe, expect, it } from 'vitest';
import { h02 } from '../../../../../server/protocol/h02';
import { FrameError } from '../../../../../server/protocol/shared/definition';
import { fromHex } from '../../../../../server/protocol/shared/bytes';
import { STAMP, context, decodeHex, only } from './decoding';

describe('h02 binary reports', () => {
  it('stores nothing from an X report', () => {
    expect(decodeHex('5800009814991024031101175540227006012321670c000095fffffbffff0033')).toEqual(
      {},
    );
  });

  it('decodes a UDP datagram like a TCP frame', () => {
    const result = h02.decode(
      Buffer.from(
        '*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,0.00,0,221215,FFFFFBFF#\r\n',
      ),
      context('udp'),
    );
    expect(only(result).latitude).toBeCloseTo(9.93978, 5);
    expect(result.reply?.toString('latin1')).toBe(`*HQ,4210051415,V4,V1,${STAMP}#`);
  });
});

describe('h02 robustness', () => {
  const samples = [
    '*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF,712,01,0,0,6#',
    '*TH,2020916012,V4,S20,DONE,130305,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,F7FFFBFF#',
    '*HQ,4208150188,NBR,210249,260,6,0,2,1014,50675,37,1014,50633,27,281216,FFFFFBFF,2#',
    '*HQ,1700086468,LINK,180902,15,0,84,0,0,240517,FFFFFBFF#',
    '*HQ,355488020882405,V3,095426,74001,01,010278,045142,128,-92,02DD,0,X,090517,FFFFFBFF#',
    '*hq,356327081001239,VP1,V,470,002,92,3565,0Y92,19433,30#',
    '*hq,356327080425330,VP1,A,2702.7245,S,15251.9311,E,0.48,0.0000,080917#',
    '*HQ,135790246811220,HTBT,100#',
    '*HQ,5226073533,SMS,ID:5226073533#',
  ].map((text) => Buffer.from(text, 'latin1'));
  const binary = [
    fromHex('2441060116601245431311165035313006004318210e000000fffffbffff0024'),
    fromHex('2435248308419329301047591808172627335900074412294E024138FEFFFFFFFF01120064BA73005ECC'),
  ];

  it('only ever fails with a FrameError, whatever is cut or changed', () => {
    let seed = 12345;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (const sample of [...samples, ...binary]) {
      for (let length = 1; length <= sample.length; length++) {
        try {
          h02.decode(sample.subarray(0, length), context());
        } catch (error) {
          expect(error).toBeInstanceOf(FrameError);
        }
      }
      for (let round = 0; round < 300; round++) {
        const mutated = Buffer.from(sample);
        const at = 1 + Math.floor(random() * (mutated.length - 1));
        mutated[at] = random() < 0.5 ? Math.floor(random() * 256) : 0x2c;
        try {
          h02.decode(mutated, context());
        } catch (error) {
          expect(error).toBeInstanceOf(FrameError);
        }
      }
    }
  });
});
