import { describe, expect, it } from 'vitest';
import type { DecodeContext, DecodeResult } from '../../../../../server/protocol/shared/definition';
import { FrameError } from '../../../../../server/protocol/shared/definition';
import { tk103 } from '../../../../../server/protocol/tk103';
import { decodeContext } from '../../../../support/decodeContext';

const NOW = Date.UTC(2024, 4, 10, 12, 0, 0);

const context = () => decodeContext(NOW);

const decode = (text: string, ctx: DecodeContext = context()): DecodeResult =>
  tk103.decode(Buffer.from(text, 'latin1'), ctx);

function position(text: string) {
  const result = decode(text);
  expect(result.positions).toHaveLength(1);
  return result.positions![0]!;
}

const reply = (result: DecodeResult): string | undefined => result.reply?.toString('latin1');
const kph = (value: number): number => value / 1.852;

describe('tk103 handshake and login', () => {
  it('answers the handshake with AP01HSO and stores nothing', () => {
    for (const frame of [
      '(027044702512BP00027044702512HSO01A4)',
      '(087073005534BP00HSO)',
      '(090411121854BP0000001234567890HSO)',
    ]) {
      const result = decode(frame);
      const id = frame.slice(1, 13);
      expect(result.identify).toEqual([id]);
      expect(reply(result)).toBe(`(${id}AP01HSO)`);
      expect(result.positions).toBeUndefined();
    }
  });

  it('answers the login with AP05 and decodes the fix it carries', () => {
    const result = decode(
      '(088046338039BP05000088046338039160727A3354.7768N03540.7258E000.0140309065.1000000000L00BEB0D4+017.3)',
    );
    expect(result.identify).toEqual(['088046338039']);
    expect(reply(result)).toBe('(088046338039AP05)');
    const p = result.positions![0]!;
    expect(p.fixTime).toBe(Date.UTC(2016, 6, 27, 14, 3, 9));
    expect(p.valid).toBe(true);
    expect(p.latitude).toBeCloseTo(33.91295, 5);
    expect(p.longitude).toBeCloseTo(35.67876, 5);
    expect(p.speed).toBe(0);
    expect(p.course).toBe(65.1);
    expect(p.attributes).toEqual({
      charge: true,
      ignition: false,
      in2: 0,
      panic: 0,
      out2: 0,
      fuel: 0,
      odometer: 0xbeb0d4,
      temp1: 17.3,
    });
  });

  it('answers a login without a fix all the same', () => {
    const result = decode('(013632782450BP05000013632782450)');
    expect(reply(result)).toBe('(013632782450AP05)');
    expect(result.positions).toBeUndefined();
  });

  it('answers a login listing cells, and reads the cells', () => {
    const result = decode(
      '(027045009305BP05355227045009305,{413,2,30073,16724}\n{413,2,30073,16730}\n{413,2,30073,49860}\n,01000000)',
    );
    expect(reply(result)).toBe('(027045009305AP05)');
    const p = result.positions![0]!;
    expect(p.outdated).toBe(true);
    expect(p.network?.cellTowers).toEqual([
      { mobileCountryCode: 413, mobileNetworkCode: 2, locationAreaCode: 30073, cellId: 16724 },
      { mobileCountryCode: 413, mobileNetworkCode: 2, locationAreaCode: 30073, cellId: 16730 },
      { mobileCountryCode: 413, mobileNetworkCode: 2, locationAreaCode: 30073, cellId: 49860 },
    ]);
    expect(p.attributes.ignition).toBe(true);
  });
});

describe('tk103 reports', () => {
  it('decodes a BR00 report', () => {
    const result = decode(
      '(088047365460BR00151024A2555.3531S02855.3329E004.7055148276.1701000000L00009AA3)',
    );
    expect(result.reply).toBeUndefined();
    const p = result.positions![0]!;
    expect(p.fixTime).toBe(Date.UTC(2015, 9, 24, 5, 51, 48));
    expect(p.latitude).toBeCloseTo(-25.92255, 5);
    expect(p.longitude).toBeCloseTo(28.92222, 4);
    expect(p.speed).toBeCloseTo(kph(4.7), 6);
    expect(p.course).toBe(276.17);
    expect(p.attributes).toMatchObject({ charge: true, ignition: true, odometer: 0x9aa3 });
  });

  it('reads fields padded with spaces', () => {
    const p = position(
      '(027023361470BR00200617A4000.5775N 8415.4076W 46.0173725 87.3101000000L00000000)',
    );
    expect(p.longitude).toBeCloseTo(-84.25679, 5);
    expect(p.speed).toBeCloseTo(kph(46), 6);
    expect(p.fixTime).toBe(Date.UTC(2020, 5, 17, 17, 37, 25));
    expect(p.course).toBe(87.31);
  });

  it('reads the fuel-cut bit, the door and the sensors', () => {
    const p = position(
      '(012345678901BR00130520A3439.9629S05826.3504W000.1175622323.87119FE0FFL000450AC)',
    );
    expect(p.attributes).toEqual({
      charge: false,
      ignition: true,
      in2: 1,
      panic: 0,
      out2: 0,
      blocked: true,
      hs3: 1,
      hs2: 1,
      hs1: 1,
      door: true,
      ls3: 1,
      ls2: 1,
      ls1: 1,
      fuel: 0x0ff,
      odometer: 0x450ac,
    });
  });

  it('reads an 11-digit id', () => {
    const result = decode(
      '(01029131573BR00150428A3801.6382N02351.0159E000.0080729278.7800000000LEF9ECB9C)',
    );
    expect(result.identify).toEqual(['01029131573']);
    expect(result.positions![0]!.attributes.odometer).toBe(0xef9ecb9c);
  });

  it('reads a 15-digit id run into its type', () => {
    const result = decode(
      '(357593060760397BP02,G,2,170304A6015.7466N01101.8460E001.609445591.048,7)',
    );
    expect(result.identify).toEqual(['357593060760397']);
    const p = result.positions![0]!;
    expect(p.fixTime).toBe(Date.UTC(2017, 2, 4, 9, 44, 55));
    expect(p.course).toBe(91.048);
  });

  it('uses the arrival time when the unit has no date yet, and keeps the last location', () => {
    const p = position(
      '(087072009461BR00000007V0000.0000N00000.0000E000.00014039900000000L00000000)',
    );
    expect(p.fixTime).toBe(NOW);
    expect(p.outdated).toBe(true);
  });
});

describe('tk103 alarms', () => {
  it('acknowledges a BO01 alarm with AS01 and its digit', () => {
    const result = decode(
      '(013666666666BO012110925A1234.5678N01234.5678W000.0025948118.7200000000L000024DE)',
    );
    expect(reply(result)).toBe('(013666666666AS012)');
    const p = result.positions![0]!;
    expect(p.attributes.alarm).toBe('sos');
    expect(p.fixTime).toBe(Date.UTC(2011, 8, 25, 2, 59, 48));
  });

  it.each([
    ['0', 'powerCut'],
    ['1', 'accident'],
    ['2', 'sos'],
    ['3', 'vibration'],
    ['4', 'lowspeed'],
    ['5', 'overspeed'],
    ['6', 'geofenceExit'],
    ['7', 'movement'],
  ])('BO01 digit %s raises %s', (digit, alarm) => {
    const p = position(
      `(013666666666BO01${digit}110925A1234.5678N01234.5678W000.0025948118.7200000000L000024DE)`,
    );
    expect(p.attributes.alarm).toBe(alarm);
  });

  it('reads BQ81 alarms', () => {
    const p = position(
      '(044027395704BQ81,ALARM,1,164,151101A2238.5237N11349.4571E0.7031241010.0000,00000000)',
    );
    expect(p.attributes.alarm).toBe('overspeed');
    expect(p.fixTime).toBe(Date.UTC(2015, 10, 1, 12, 41, 1));
  });
});

describe('tk103 messages without a fix', () => {
  it('reads the serving cell of BZ00', () => {
    const p = position(
      '(087073104337BZ00,740,000,3bf7,0425,3bf7,0bf5,3bf7,09e7,3bf7,cbad,3bf7,0dcf,3bf7,c7b2,01000000)',
    );
    expect(p.outdated).toBe(true);
    expect(p.network).toEqual({
      cellTowers: [
        { mobileCountryCode: 740, mobileNetworkCode: 0, locationAreaCode: 0x3bf7, cellId: 0x0425 },
      ],
    });
  });

  it('reads a BZ00 cell list', () => {
    const p = position(
      '(027046434858BZ00,{460,0,20949,58711}\n{460,0,20494,54003}\n{460,0,20951,19569}\n,01000000)',
    );
    expect(p.network?.cellTowers).toHaveLength(3);
  });

  it('reads the VIN', () => {
    const p = position('(027023361470BV005J6RW2H53HL066029)');
    expect(p.attributes).toEqual({ vin: '5J6RW2H53HL066029' });
    expect(p.outdated).toBe(true);
  });

  it('names the device of a report it does not store', () => {
    const result = decode(
      '(027028258309BQ86,0,05550c21b10d1d0f431008bd114c0ea5078400010007a100423932,161117005322,01000001)',
    );
    expect(result).toEqual({ identify: ['027028258309'], positions: undefined });
  });
});

describe('tk103 comma-separated units', () => {
  it('decodes a report with a day-first date and sends no answer', () => {
    const result = decode(
      '(352606090042050,BP05,240414,A,4527.3513N,00909.9758E,4.80,112825,155.49)',
    );
    expect(result.identify).toEqual(['352606090042050']);
    expect(result.reply).toBeUndefined();
    const p = result.positions![0]!;
    expect(p.fixTime).toBe(Date.UTC(2014, 3, 24, 11, 28, 25));
    expect(p.latitude).toBeCloseTo(45.45586, 5);
    expect(p.longitude).toBeCloseTo(9.16626, 5);
    expect(p.speed).toBeCloseTo(kph(4.8), 6);
    expect(p.course).toBe(155.49);
  });

  it('reads the status and odometer some units append', () => {
    const p = position(
      '(013632782450,BP05,101201,A,2234.0297N,11405.9101E,000.0,040137,178.48,01000000,L0000A000)',
    );
    expect(p.attributes).toMatchObject({ ignition: true, odometer: 0xa000 });
  });

  it.each([
    ['ZC11', { alarm: 'movement' }],
    ['ZC12', { alarm: 'lowBattery' }],
    ['ZC13', { alarm: 'powerCut' }],
    ['ZC15', { ignition: true }],
    ['ZC16', { ignition: false }],
    ['ZC17', { alarm: 'removing' }],
    ['ZC25', { alarm: 'sos' }],
    ['ZC26', { alarm: 'tampering' }],
    ['ZC27', { alarm: 'lowPower' }],
    ['DW3E', { alarm: 'sos' }],
    ['DW30', {}],
  ])('%s reads as %o', (type, attributes) => {
    const p = position(
      `(864768011069660,${type},250517,A,3211.7118N,03452.8086E,0.68,115525,208.19,64.50,9)`,
    );
    expect(p.attributes).toEqual(attributes);
    expect(p.latitude).toBeCloseTo(32.1952, 5);
  });

  it('reads the battery report', () => {
    const p = position('(013632651491,ZC20,040613,040137,6,421,112,0)');
    expect(p.outdated).toBe(true);
    expect(p.deviceTime).toBe(Date.UTC(2013, 5, 4, 4, 1, 37));
    expect(p.attributes).toEqual({ batteryLevel: 100, battery: 4.21, power: 11.2 });
    const unmeasured = position('(864768010159785,ZC20,291015,030413,3,362,65535,255)');
    expect(unmeasured.attributes).toEqual({ batteryLevel: 20, battery: 3.62 });
  });

  it('reads the answer to a command as its result', () => {
    const p = position('(864555555555555,ZC03,191117,234207,$Notice: Device version: 1.0$)');
    expect(p.attributes).toEqual({ result: 'Notice: Device version: 1.0' });
    expect(p.outdated).toBe(true);
    const multiline = position(
      '(864555555555555,ZC03,191117,234207,$1 .Sensor sensitivity: 1\r\n2 .Alert status: Off (armed)\r\n7 . Power: 95%$)',
    );
    expect(multiline.attributes.result).toBe(
      '1 .Sensor sensitivity: 1\r\n2 .Alert status: Off (armed)\r\n7 . Power: 95%',
    );
  });

  it('reads cells and Wi-Fi access points', () => {
    const p = position(
      '(864555555555555,DW51,200,1,3215,43370,2,58:F3:BB:3B:AA:82*-65*1,1C:6A:BB:AA:81:95*-78*1,151117,154419)',
    );
    expect(p.attributes).toEqual({ alarm: 'movement' });
    expect(p.deviceTime).toBe(Date.UTC(2017, 10, 15, 15, 44, 19));
    expect(p.network).toEqual({
      cellTowers: [
        { mobileCountryCode: 200, mobileNetworkCode: 1, locationAreaCode: 3215, cellId: 43370 },
      ],
      wifiAccessPoints: [
        { macAddress: '58:f3:bb:3b:aa:82', signalStrength: -65, channel: 1 },
        { macAddress: '1c:6a:bb:aa:81:95', signalStrength: -78, channel: 1 },
      ],
    });
    const cellOnly = position('(013632651491,DW50,460,0,0,6,0,040613,040137)');
    expect(cellOnly.network?.wifiAccessPoints).toBeUndefined();
  });

  it('remembers that an IMEI unit speaks this dialect, and not a 12-digit one', () => {
    const ctx = context();
    decode('(013632651491,ZC20,040613,040137,6,421,112,0)', ctx);
    expect(ctx.state.size).toBe(0);
    decode(
      '(864768011069660,ZC11,250517,V,0000.0000N,00000.0000E,000.0,114725,000.0,0.00,11)',
      ctx,
    );
    expect(ctx.state.size).toBe(1);
  });
});

describe('tk103 frames it cannot read', () => {
  it.each([
    ['no brackets or id', 'hello'],
    ['an id without a type', '(0123)'],
    ['a report without its fix', '(012345678901BR00130520A3439.96)'],
    ['an alarm without its fix', '(012345678901BO012)'],
    [
      'a latitude off the globe',
      '(012345678901BR00130520A9539.9629S05826.3504W000.1175622323.8700000000L000450AC)',
    ],
    ['a separated report without a fix', '(864768011069660,ZC11,250517,X,0000.0000N)'],
    ['a Wi-Fi count beyond the fields', '(864555555555555,DW51,200,1,3215,43370,9,151117,154419)'],
    ['a bad access point', '(864555555555555,DW51,200,1,3215,43370,1,zz*-65*1,151117,154419)'],
    ['a bad cell', '(087073104337BZ00,abc,000,3bf7,0425)'],
    ['an answer without its text', '(864555555555555,ZC03,191117,234207)'],
  ])('refuses %s', (_name, text) => {
    expect(() => decode(text)).toThrow(FrameError);
  });

  it('never throws anything but FrameError on a cut or garbled frame', () => {
    const frames = [
      '(088046338039BP05000088046338039160727A3354.7768N03540.7258E000.0140309065.1000000000L00BEB0D4+017.3)',
      '(044027395704BQ81,ALARM,1,164,151101A2238.5237N11349.4571E0.7031241010.0000,00000000)',
      '(027045009305BP05355227045009305,{413,2,30073,16724}\n{413,2,30073,16730}\n,01000000)',
      '(864555555555555,DW51,200,1,3215,43370,2,58:F3:BB:3B:AA:82*-65*1,1C:6A:BB:AA:81:95*-78*1,151117,154419)',
      '(013632651491,ZC20,040613,040137,6,421,112,0)',
      '(864555555555555,ZC03,191117,234207,$Notice$)',
      '(087073104337BZ00,740,000,3bf7,0425,01000000)',
    ];
    for (const frame of frames) {
      for (let cut = 0; cut <= frame.length; cut++) {
        for (const text of [frame.slice(0, cut), `${frame.slice(0, cut)}\u00ff,{,}$)`]) {
          try {
            decode(text);
          } catch (error) {
            expect(error).toBeInstanceOf(FrameError);
          }
        }
      }
    }
  });
});
