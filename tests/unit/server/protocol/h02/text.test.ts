/**
 * H02 text frames, message type by message type, as real devices send them (many from Traccar's
 * test suite), with the replies the server owes each.
 */
import { describe, expect, it } from 'vitest';
import { FrameError } from '../../../../../server/protocol/shared/definition';
import { NOW, STAMP, decodeText, only } from './decoding';

describe('h02 V1 and the other fix messages', () => {
  it('reads a V1 fix, its status word and the extra fields, and confirms it with V4,V1', () => {
    const result = decodeText(
      '*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,000.00,000,221215,FFFFFBFF,712,01,0,0,6#',
    );
    expect(result.identify).toEqual(['4210051415']);
    const position = only(result);
    expect(position.protocol).toBe('h02');
    expect(position.fixTime).toBe(Date.UTC(2015, 11, 22, 16, 45, 49));
    expect(position.deviceTime).toBe(position.fixTime);
    expect(position.valid).toBe(true);
    expect(position.outdated).toBe(false);
    expect(position.latitude).toBeCloseTo(9.93978, 5);
    expect(position.longitude).toBeCloseTo(-84.11178, 5);
    expect(position.speed).toBe(0);
    expect(position.attributes).toMatchObject({
      status: 0xfffffbff,
      ignition: false,
      blocked: false,
      door: false,
      io1: '712',
      io2: '01',
      io5: '6',
    });
    expect(position.attributes.alarm).toBeUndefined();
    expect(result.reply?.toString('latin1')).toBe(`*HQ,4210051415,V4,V1,${STAMP}#`);
  });

  it('reads the odometer, temperature, fuel, altitude and cell layout', () => {
    const position = only(
      decodeText(
        '*HQ,2130510938,V1,012632,A,0520.0663,N,10028.6324,E,0.286,023,100317,FFFFDFFF,69129336,0,100.0,18,5141,5A20#',
      ),
    );
    expect(position.attributes).toMatchObject({ odometer: 69129336, temp1: 0, fuel: 100 });
    expect(position.altitude).toBe(18);
    expect(position.network).toEqual({
      cellTowers: [{ locationAreaCode: 0x5141, cellId: 0x5a20 }],
    });
    expect(position.attributes.io1).toBeUndefined();
  });

  it('answers a maker other than HQ with the HQ confirmation, line break after the # ignored', () => {
    const result = decodeText(
      '*TH,2020916012,V1,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,FFFFFBFF#\r\n',
    );
    expect(only(result).fixTime).toBe(Date.UTC(2002, 8, 22, 5, 3, 16));
    expect(result.reply?.toString('latin1')).toBe(`*HQ,2020916012,V4,V1,${STAMP}#`);
  });

  it('keeps a message without an id for the bound device, unanswered', () => {
    const result = decodeText(
      '*HQ,,V1,173212,A,2225.78879,S,02829.19021,E,0.00,0,290418,FFFFFBFF#',
    );
    expect(result.identify).toEqual([]);
    expect(only(result).latitude).toBeCloseTo(-22.42981, 5);
    expect(result.reply).toBeUndefined();
  });

  it('keeps a 0,0 fix outdated', () => {
    const position = only(
      decodeText('*HQ,4210051415,V1,164549,V,0000.0000,N,00000.0000,E,0.00,0,221215,FFFFFBFF#'),
    );
    expect(position.outdated).toBe(true);
  });

  it('refuses an impossible date and an id that is not a number', () => {
    expect(() =>
      decodeText('*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,0.00,0,221315,FFFFFBFF#'),
    ).toThrow(FrameError);
    expect(() =>
      decodeText('*HQ,42A0051415,V1,164549,A,0956.3869,N,08406.7068,W,0.00,0,221215,FFFFFBFF#'),
    ).toThrow(FrameError);
    expect(() => decodeText('hello')).toThrow(FrameError);
  });
});

describe('h02 V4 command answers', () => {
  it('keeps the command, its result and its time as the result, with the fix after it', () => {
    const result = decodeText(
      '*TH,2020916012,V4,S20,DONE,130305,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,F7FFFBFF#',
    );
    const position = only(result);
    expect(position.attributes.result).toBe('S20,DONE,130305');
    expect(position.outdated).toBe(false);
    expect(position.latitude).toBeCloseTo(22 + 12.8745 / 60, 6);
    expect(position.attributes.blocked).toBe(true);
    expect(result.reply).toBeUndefined();
  });

  it('reads the documented answer with its result code and cell fields', () => {
    const position = only(
      decodeText(
        '*HQ,2020916012,V4,S20,80,130305,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,F7FFFBFF, 460,000,27A6,0F70#',
      ),
    );
    expect(position.attributes.result).toBe('S20,80,130305');
    expect(position.attributes.io1).toBe('460');
  });

  it('reads answers with several parameters', () => {
    expect(
      only(
        decodeText(
          '*TH,2020916012,V4,S14,100,10,1,3,130305,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,FFFFFBFF#',
        ),
      ).attributes.result,
    ).toBe('S14,100,10,1,3,130305');
    expect(
      only(
        decodeText(
          '*TH,2020916012,V4,S1,OK,pass_word,130305,050316,A,2212.8745,N,11346.6574,E,14.28,028,220902,FFFFFBFD#',
        ),
      ).attributes.result,
    ).toBe('S1,OK,pass_word,130305');
  });

  it('turns a short answer without a fix into a result that keeps the last location', () => {
    const position = only(decodeText('*HQ,7340001234,V4,S20,034313,1,1#'));
    expect(position.attributes.result).toBe('S20,034313,1,1');
    expect(position.outdated).toBe(true);
    expect(position.fixTime).toBe(NOW);
  });
});

describe('h02 heartbeats, cells and status reports', () => {
  it('echoes an HTBT heartbeat and stores its battery level', () => {
    const result = decodeText('*HQ,135790246811220,HTBT,100#');
    expect(result.identify).toEqual(['135790246811220']);
    const position = only(result);
    expect(position.outdated).toBe(true);
    expect(position.attributes.batteryLevel).toBe(100);
    expect(result.reply?.toString('latin1')).toBe('*HQ,135790246811220,HTBT#');
  });

  it('echoes a heartbeat without data and stores nothing', () => {
    const bare = decodeText('*HQ,135790246811220,HTBT#');
    expect(bare.positions ?? []).toHaveLength(0);
    expect(bare.reply?.toString('latin1')).toBe('*HQ,135790246811220,HTBT#');
    const v0 = decodeText('*HQ,4210051415,V0#');
    expect(v0.positions ?? []).toHaveLength(0);
    expect(v0.reply?.toString('latin1')).toBe('*HQ,4210051415,V0#');
  });

  it('reads NBR cells and confirms them with V4,NBR', () => {
    const result = decodeText(
      '*HQ,4208150188,NBR,210249,260,6,0,7,1014,50675,37,1014,50633,27,1014,17933,18,1014,17231,15,1014,50632,12,1014,13211,11,1014,17031,10,281216,FFFFFBFF,2#',
    );
    const position = only(result);
    expect(position.outdated).toBe(true);
    expect(position.deviceTime).toBe(Date.UTC(2016, 11, 28, 21, 2, 49));
    expect(position.network?.cellTowers).toHaveLength(7);
    expect(position.network?.cellTowers?.[0]).toEqual({
      mobileCountryCode: 260,
      mobileNetworkCode: 6,
      locationAreaCode: 1014,
      cellId: 50675,
      signalStrength: 37,
    });
    expect(position.attributes.status).toBe(0xfffffbff);
    expect(result.reply?.toString('latin1')).toBe(`*HQ,4208150188,V4,NBR,${STAMP}#`);
  });

  it('reads NBR cells with negative signal levels', () => {
    const position = only(
      decodeText(
        '*HQ,7401004662,NBR,160453,234,10,0,2,21580,27766,-67,21580,27766,-67,291019,FFFFFBFF,6#',
      ),
    );
    expect(position.network?.cellTowers?.map((cell) => cell.signalStrength)).toEqual([-67, -67]);
  });

  it('reads a LINK status report', () => {
    const position = only(decodeText('*HQ,1700086468,LINK,180902,15,0,84,0,0,240517,FFFFFBFF#'));
    expect(position.outdated).toBe(true);
    expect(position.deviceTime).toBe(Date.UTC(2017, 4, 24, 18, 9, 2));
    expect(position.attributes).toMatchObject({
      rssi: 15,
      sat: 0,
      batteryLevel: 84,
      steps: 0,
      turnovers: 0,
      ignition: false,
    });
  });

  it('reads V3 cells and the raw battery field', () => {
    const position = only(
      decodeText(
        '*HQ,355488020882405,V3,095426,74001,04,010278,045142,128,-92,010278,026311,125,,010278,026582,125,,010278,028322,119,,02DD,0,X,090517,FFFFFBFF#',
      ),
    );
    expect(position.outdated).toBe(true);
    expect(position.deviceTime).toBe(Date.UTC(2017, 4, 9, 9, 54, 26));
    expect(position.network?.cellTowers).toHaveLength(4);
    expect(position.network?.cellTowers?.[0]).toEqual({
      mobileCountryCode: 740,
      mobileNetworkCode: 1,
      locationAreaCode: 10278,
      cellId: 45142,
    });
    expect(position.attributes.battery).toBe(0x2dd);
  });

  it('refuses a V3 whose cell count does not match its fields', () => {
    expect(() =>
      decodeText(
        '*HQ,353111080001055,V3,044855,28403,02,001450,011473,158,-62,0292,0,X,030817,FFFFFBFF#',
      ),
    ).toThrow(FrameError);
  });

  it('reads VP1 cells separated by Y', () => {
    const position = only(
      decodeText('*hq,356327081001239,VP1,V,470,002,92,3565,0Y92,19433,30Y92,1340,29#'),
    );
    expect(position.outdated).toBe(true);
    expect(position.network?.cellTowers).toEqual([
      {
        mobileCountryCode: 470,
        mobileNetworkCode: 2,
        locationAreaCode: 92,
        cellId: 3565,
        signalStrength: 0,
      },
      {
        mobileCountryCode: 470,
        mobileNetworkCode: 2,
        locationAreaCode: 92,
        cellId: 19433,
        signalStrength: 30,
      },
      {
        mobileCountryCode: 470,
        mobileNetworkCode: 2,
        locationAreaCode: 92,
        cellId: 1340,
        signalStrength: 29,
      },
    ]);
    // The document's example ends its list with a Y.
    const documented = only(
      decodeText('*HQ,353505910449999,VP1,V,460,0,9376,8532,99Y9876,4357,99Y0,0,99Y#'),
    );
    expect(documented.network?.cellTowers).toHaveLength(3);
  });

  it('reads a VP1 fix: an old date at midnight, today at the arrival time', () => {
    const old = only(
      decodeText('*hq,356327080425330,VP1,A,2702.7245,S,15251.9311,E,0.48,0.0000,080917#'),
    );
    expect(old.fixTime).toBe(Date.UTC(2017, 8, 8));
    expect(old.valid).toBe(true);
    expect(old.latitude).toBeCloseTo(-27.04541, 5);
    expect(old.longitude).toBeCloseTo(152.86552, 5);
    expect(old.speed).toBe(0.48);

    const today = only(
      decodeText('*HQ,353505910449999,VP1,A,2239.4210,N,11400.8825,E,0.00,348,140625,FFFFFFFE,90#'),
    );
    expect(today.fixTime).toBe(NOW);
    expect(today.course).toBe(348);
    expect(today.attributes.alarm).toBe('vibration');
  });

  it('keeps an SMS answer, line breaks and all, as a command result', () => {
    const text =
      'ST906(70SACD)_TQ_V_2.0 2024/06/07\nID:5226073533\nIP:1.2.3.4 5013\nUT:30,30,300\nVOLT:12.9V';
    const position = only(decodeText(`*HQ,5226073533,SMS,${text}#`));
    expect(position.attributes.result).toBe(text);
    expect(position.outdated).toBe(true);
  });

  it('binds the connection on message types with nothing to store', () => {
    for (const text of [
      '*HQ,356327080425330,XT,1,100#',
      '*HQ,8401016597,BASE,152609,0,0,0,0,211014,FFFFFFFF#',
      '*HQ,4109198974,#',
    ]) {
      const result = decodeText(text);
      expect(result.identify).toHaveLength(1);
      expect(result.positions ?? []).toHaveLength(0);
      expect(result.reply).toBeUndefined();
    }
  });
});

describe('h02 robustness', () => {
  it('refuses a text datagram longer than any message', () => {
    const long = `*HQ,4210051415,V1,164549,A,0956.3869,N,08406.7068,W,0.00,0,221215,FFFFFBFF${',1'.repeat(2000)}#`;
    expect(() => decodeText(long)).toThrow(FrameError);
  });
});
