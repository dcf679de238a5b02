import { describe, expect, it } from 'vitest';
import { suntech } from '../../../../../server/protocol/suntech';
import { PREFIX_KEY, UNIVERSAL_KEY } from '../../../../../server/protocol/suntech/decoder';
import { fromHex } from '../../../../../server/protocol/shared/bytes';
import { FrameError } from '../../../../../server/protocol/shared/definition';
import { NOW, decode, kph, position } from './helpers';

describe('suntech definition', () => {
  it('is Traccar’s suntech on TCP port 5011', () => {
    expect(suntech.name).toBe('suntech');
    expect(suntech.defaultPort).toBe(5011);
    expect(suntech.transports).toEqual(['tcp']);
  });
});

describe('legacy STT status reports', () => {
  it('decodes an SA200 report (no model number), its I/O string, mode and message number', () => {
    const result = decode(
      'SA200STT;317652;042;20120718;15:37:12;16d41;-15.618755;-056.083241;000.024;000.00;8;1;41548;12.17;100000;2;1979',
    );
    expect(result.identify).toEqual(['317652']);
    expect(result.reply).toBeUndefined();
    const p = result.positions![0];
    expect(p.fixTime).toBe(Date.UTC(2012, 6, 18, 15, 37, 12));
    expect(p.outdated).toBe(false);
    expect(p.valid).toBe(true);
    expect(p.latitude).toBeCloseTo(-15.618755, 6);
    expect(p.longitude).toBeCloseTo(-56.083241, 6);
    expect(kph(p.speed)).toBeCloseTo(0.024, 6);
    expect(p.attributes).toMatchObject({
      type: 'STT',
      versionFw: '042',
      sat: 8,
      odometer: 41548,
      power: 12.17,
      ignition: true,
      in1: false,
      in2: false,
      in3: false,
      out1: false,
      out2: false,
      status: 2,
      index: 1979,
    });
    expect(p.attributes.hours).toBeUndefined();
  });

  it('reads the hour meter (minutes), backup battery and live flag an ST300 appends', () => {
    const p = position(
      'ST300STT;007238270;40;313;20190220;12:05:04;c99e48;+04.644623;-074.076922;010.390;202.77;20;1;997100;14.10;100000;2;8384;003634;4.1;1',
    );
    expect(kph(p.speed)).toBeCloseTo(10.39, 6);
    expect(p.course).toBeCloseTo(202.77, 6);
    expect(p.attributes).toMatchObject({ hours: 3634 * 60_000, battery: 4.1, index: 8384 });
    expect(p.attributes.archive).toBeUndefined();
  });

  it('flags a report sent from memory', () => {
    const p = position(
      'ST600STT;008084783;20;419;20180308;18:00:36;0032cc3e;736;3;445c;41;-16.530023;-068.084267;018.640;267.99;10;1;11655;13.33;100000;2;0336;000061;4.5;0;0.00',
    );
    expect(p.attributes).toMatchObject({ hours: 61 * 60_000, battery: 4.5, archive: true });
  });

  it('takes the ST600 serving cell (hex cell id and LAC)', () => {
    const p = position(
      'ST600STT;008084783;20;419;20180308;18:00:36;0032cc3e;736;3;445c;41;-16.530023;-068.084267;018.640;267.99;10;1;11655;13.33;100000;2;0336;000061;4.5;0;0.00',
    );
    expect(p.network?.cellTowers).toEqual([
      {
        cellId: 0x32cc3e,
        mobileCountryCode: 736,
        mobileNetworkCode: 3,
        locationAreaCode: 0x445c,
        signalStrength: 41,
      },
    ]);
  });

  it('reads the driver id that follows the hour meter, and the engine-cut output', () => {
    const p = position(
      'ST300STT;807469112;45;315;20231215;15:25:03;104147;-16.030168;-047.989150;000.000;000.00;19;1;8600;12.14;000010;1;0456;000373;4.1;1;01B54221010000;0',
    );
    expect(p.attributes.driverUniqueId).toBe('01B54221010000');
    expect(p.attributes.out1).toBe(true);
    expect(p.attributes.hours).toBe(373 * 60_000);
  });

  it('leaves an all-zero driver id out (no driver identified)', () => {
    const p = position(
      'ST300STT;205170303;12;561;20170816;09:10:34;173f53;+19.082370;-098.214287;006.776;000.00;0;0;52982186;12.75;100000;2;6328;155747;4.2;1;0.00;0;0.00;0.00;00000000000000;0;28F2B7600600005D:+5.2;:;:',
    );
    expect(p.attributes.driverUniqueId).toBeUndefined();
    expect(p.valid).toBe(false);
    expect(p.attributes.hours).toBe(155747 * 60_000);
  });

  it('does not mistake model-specific trailing values for the hour meter', () => {
    const p = position(
      'ST300STT;205589913;05;527;20170304;02:21:33;be139;-25.398868;-049.325636;000.476;000.00;6;1;427;12.57;100000010;1;0172;017.159;0;002.327;12;4.0',
    );
    expect(p.attributes.hours).toBeUndefined();
    expect(p.attributes.battery).toBeUndefined();
    expect(p.attributes.index).toBe(172);
  });

  it('reads ST500 reports, which send no cell', () => {
    const p = position(
      'ST500STT;205450135;07;843;20170816;23:24:45;+19.338432;-099.179817;000.283;000.00;6;1;141121;12.89;0;0;1;4659;002.795;0;001.891;611;4.0',
    );
    expect(p.latitude).toBeCloseTo(19.338432, 6);
    expect(p.attributes.odometer).toBe(141121);
  });

  it('remembers the model prefix for commands', () => {
    const state = new Map<string, unknown>();
    decode(
      'ST300STT;007238270;40;313;20190220;12:05:04;c99e48;+04.644623;-074.076922;010.390;202.77;20;1;997100;14.10;100000;2;8384',
      state,
    );
    expect(state.get(PREFIX_KEY)).toBe('ST300');
    expect(state.get(UNIVERSAL_KEY)).toBeUndefined();
  });
});

describe('legacy EMG, EVT and ALT reports', () => {
  it.each([
    [1, 'sos'],
    [2, 'parking'],
    [3, 'powerCut'],
    [5, 'door'],
    [6, 'door'],
    [7, 'movement'],
    [8, 'vibration'],
  ])('EMG %i is the %s alarm', (code, alarm) => {
    const p = position(
      `SA200EMG;317652;042;20120718;15:35:41;16d41;-15.618740;-056.083252;000.034;000.00;8;1;41548;12.17;110000;${code}`,
    );
    expect(p.attributes.alarm).toBe(alarm);
    expect(p.attributes.in1).toBe(true);
  });

  it('an unknown emergency raises no alarm but still places the device', () => {
    const p = position(
      'SA200EMG;317652;042;20120718;15:35:41;16d41;-15.618740;-056.083252;000.034;000.00;8;1;41548;12.17;110000;4',
    );
    expect(p.attributes.alarm).toBeUndefined();
    expect(p.outdated).toBe(false);
  });

  it('keeps the event code of an EVT report', () => {
    const p = position(
      'ST300EVT;205173382;07;564;20160322;23:23:18;232e19;+19.288278;-099.128750;000.122;000.00;9;1;478391;11.53;000100;2;1;9498;079324;4.3;1;0.00;0.00;0.00;00000000000000;0;2898E16006000058:-20.8;2861626006000039:+2.5;:',
    );
    expect(p.attributes.event).toBe(2);
    expect(p.attributes.type).toBe('EVT');
    expect(p.attributes.in3).toBe(true);
  });

  it.each([
    [1, 'overspeed'],
    [5, 'geofenceExit'],
    [6, 'geofenceEnter'],
    [14, 'lowBattery'],
    [15, 'vibration'],
    [16, 'accident'],
    [40, 'powerRestored'],
    [41, 'powerCut'],
    [42, 'sos'],
    [46, 'hardAcceleration'],
    [47, 'hardBraking'],
    [50, 'jamming'],
    [132, 'door'],
  ])('ALT %i is the %s alarm', (code, alarm) => {
    const p = position(
      `ST300ALT;205174410;14;712;20110101;00:00:07;00000;+20.593923;-100.336716;000.000;000.00;0;0;0;16.57;000000;${code};000000;4.0;0;0.00;0000;0000;0;0`,
    );
    expect(p.attributes.alarm).toBe(alarm);
  });

  it('an alert without an alarm keeps its hour meter and memory flag', () => {
    const p = position(
      'ST300ALT;205174410;14;712;20110101;00:00:07;00000;+20.593923;-100.336716;000.000;000.00;0;0;0;16.57;000000;81;000000;4.0;0;0.00;0000;0000;0;0',
    );
    expect(p.attributes.alarm).toBeUndefined();
    expect(p.attributes).toMatchObject({ hours: 0, battery: 4, archive: true, power: 16.57 });
    expect(p.valid).toBe(false);
  });
});

describe('legacy UEX serial-data reports', () => {
  it('keeps an unknown accessory text and reads an RFID code as the driver', () => {
    const p = position(
      'ST300UEX;511248287;45;311;20220701;18:42:08;14c943;-22.975257;-043.373065;000.000;000.00;0;0;0;12.14;100010;19;RFID:008FB2BEBA39\r\n;3E;000135;4.1;1;00000000000000;0',
    );
    expect(p.attributes.serial).toBe('RFID:008FB2BEBA39');
    expect(p.attributes.driverUniqueId).toBe('008FB2BEBA39');
    expect(p.attributes).toMatchObject({ hours: 135 * 60_000, battery: 4.1 });
  });

  it('reads temperature and fuel probes, summing the fuel', () => {
    const p = position(
      'ST600UEX;008728327;20;568;20200602;17:10:03;0bf1a893;334;20;2f19;23;+20.514492;-100.743221;000.033;000.00;12;1;41564973;13.17;000000;44;t_0=1C;N_0=0419.0;t_1=22;N_1=0001.0;Q_D=09\n\r;76;113771;4.1;1',
    );
    expect(p.attributes).toMatchObject({
      temp0: 0x1c,
      temp1: 0x22,
      fuel0: 0x419,
      fuel1: 1,
      fuel: 0x419 + 1,
      drivingQuality: 9,
    });
  });

  it('reads a fuel-level message', () => {
    const p = position(
      'ST300UEX;109003241;08;1026;20190425;17:36:04;04402;+04.722553;-074.052583;000.020;000.00;10;1;0;12.04;010000;51;CabAVL"CabMensaje,0,58.5,-1.0,,,FinMensaje"FinAVL\r\n;B1;0000000000;4.1;1',
    );
    expect(p.attributes.fuel1).toBe(58.5);
    expect(p.attributes.fuel2).toBeUndefined();
    expect(p.attributes.fuel).toBe(58.5);
  });

  it('reads the driver a GTSL reader sends', () => {
    const p = position(
      'ST300UEX;511331307;45;311;20210420;12:41:01;12361;-01.280825;-047.931773;000.000;000.00;16;1;0;12.54;000000;23;GTSL|6|1|0|9255143|2|\r\n;6F;000276;0.0;1;00000000000000;0',
    );
    expect(p.attributes.driverUniqueId).toBe('9255143');
  });

  it('unescapes binary serial data (0x01 0x10 is 0x00) and checks its sum', () => {
    const p = position(
      fromHex(
        '53543330305545583b3531313639393339383b34353b3331353b32303232303632333b31383a32343a35383b3661313332393b2d32392e3735343934373b2d3035372e3038353838353b3030302e3030303b3030302e30303b31303b313b37323b302e30303b3030303030303b31323b0201100110011090011001100110011001100110fe3b39303b3030303030303b332e393b313b30303030303030303030303030303b30',
      ),
    );
    expect(p.attributes.serial).toBe(
      Buffer.from('0200000090000000000000fe', 'hex').toString('latin1'),
    );
    expect(p.attributes.battery).toBe(3.9);
  });

  it('refuses serial data whose checksum fails', () => {
    expect(() =>
      decode(
        'ST300UEX;511248287;45;311;20220701;18:42:08;14c943;-22.975257;-043.373065;000.000;000.00;0;0;0;12.14;100010;19;RFID:008FB2BEBA39\r\n;3F;000135;4.1;1',
      ),
    ).toThrow(FrameError);
  });

  it('refuses serial data shorter than its length', () => {
    expect(() =>
      decode(
        'ST300UEX;511248287;45;311;20220701;18:42:08;14c943;-22.975257;-043.373065;000.000;000.00;0;0;0;12.14;100010;90;RFID',
      ),
    ).toThrow(FrameError);
  });
});

describe('legacy answers, trips and keep-alives', () => {
  it('turns a command answer into a result', () => {
    const result = decode('ST300CMD;Res;511848119;319H;Disable1');
    expect(result.identify).toEqual(['511848119']);
    const p = result.positions![0];
    expect(p.attributes.result).toBe('319H;Disable1');
    expect(p.outdated).toBe(true);
  });

  it('keeps a settings answer whole', () => {
    const p = position('ST300NTW;Res;100850000;010;0;internet;;;111.111.111.111;8600;;;;1234;');
    expect(p.attributes.result).toBe('010;0;internet;;;111.111.111.111;8600;;;;1234;');
  });

  it('names the device of a keep-alive without storing anything', () => {
    const result = decode('SA200ALV;317652');
    expect(result.identify).toEqual(['317652']);
    expect(result.positions ?? []).toEqual([]);
    expect(result.reply).toBeUndefined();
  });

  it('takes the driver of a trip summary, keeping the last location', () => {
    const p = position(
      'ST300HTE;100850001;04;248;20110101;00:13:52;167559;12.28;004005;0.0;1;0;3;3;0;-22.881018;-047.070831;-22.881018;-047.070831;000.000;000.000;0;0;3;0;0;0;01E04D44160000',
    );
    expect(p.attributes.driverUniqueId).toBe('01E04D44160000');
    expect(p.outdated).toBe(true);
    expect(p.fixTime).toBe(NOW);
  });
});

describe('universal text reports', () => {
  it('reads every field a full mask names', () => {
    const state = new Map<string, unknown>();
    const result = decode(
      'STT;100850000;3FFFFF;26;010;1;20161117;08:37:39;0000004F;450;0;0014;20;+37.479323;+126.887827;62.03;65.43;10;1;00000101;00001000;1;2;0492',
      state,
    );
    expect(result.identify).toEqual(['100850000']);
    const p = result.positions![0];
    expect(p.fixTime).toBe(Date.UTC(2016, 10, 17, 8, 37, 39));
    expect(p.valid).toBe(true);
    expect(p.latitude).toBeCloseTo(37.479323, 6);
    expect(p.longitude).toBeCloseTo(126.887827, 6);
    expect(kph(p.speed)).toBeCloseTo(62.03, 6);
    expect(p.course).toBeCloseTo(65.43, 6);
    expect(p.network?.cellTowers).toEqual([
      { cellId: 0x4f, mobileCountryCode: 450, mobileNetworkCode: 0, locationAreaCode: 0x14 },
    ]);
    expect(p.attributes).toMatchObject({
      type: 'STT',
      versionFw: '010',
      rssi: 20,
      sat: 10,
      ignition: true,
      input: 0b101,
      output: 0b1000,
      mode: 1,
      reason: 2,
      index: 492,
    });
    expect(state.get(UNIVERSAL_KEY)).toBe(true);
  });

  it('skips what the mask leaves out', () => {
    // Bits 0–5 and 11–21: no cell, no rx level.
    const p = position(
      'STT;100850000;3FF83F;26;010;0;20161117;08:37:39;-22.845935;-46.322000;0.00;0.00;0;0;00000000;00000001;1;1;0007',
    );
    expect(p.network).toBeNull();
    expect(p.attributes.rssi).toBeUndefined();
    expect(p.valid).toBe(false);
    expect(p.attributes).toMatchObject({ ignition: false, output: 1, index: 7, archive: true });
  });

  it('reads the assigned values bit 23 announces, and what follows them', () => {
    const p = position(
      'STT;0560001616;BFFFFF;56;1.0.15;1;20200219;20:52:25;00008D6C;334;20;0925;24;+20.741764;-103.430364;0.00;0.00;19;1;00000001;00000000;2;1;1765;00008003;0.0;12.14;136598',
    );
    expect(p.attributes).toMatchObject({
      index: 1765,
      input: 1,
      io1: '0.0',
      io2: '12.14',
      io16: '136598',
    });
  });

  it('decodes an alert: its alarm, modifier and data', () => {
    const p = position(
      'ALT;0950030205;3FFFFF;95;1.0.11;0;20221017;21:41:30;02F2F402;334;20;0F1D;45;+25.791061;-100.170745;0.00;0.00;18;1;00000101;00000000;42;2;',
    );
    expect(p.attributes).toMatchObject({
      type: 'ALT',
      alarm: 'sos',
      alertModifier: '2',
      alertData: '',
      archive: true,
    });
  });

  it('keeps values after an alert’s masked fields as assign1…', () => {
    const p = position(
      'ALT;0950030205;3FFFFF;95;1.0.11;0;20251001;19:34:41;02F2F402;334;20;5B11;28;+25.791061;-100.170745;0.00;0.00;17;1;00000000;00000000;134;1;1440,360,360,360;+23.0;0002;AABBCCDDEEFF',
    );
    expect(p.attributes.alarm).toBeUndefined();
    expect(p.attributes).toMatchObject({
      alertData: '1440,360,360,360',
      assign1: '+23.0',
      assign2: '0002',
      assign3: 'AABBCCDDEEFF',
    });
  });

  it('reads a reserved field and an assign mask in an alert', () => {
    const p = position(
      'ALT;0840037569;FFFFFF;84;1.0.6;0;20221228;11:33:05;00004490;724;11;05D3;33;-22.845935;-46.322000;0.00;0.00;18;0;00000001;00000000;99;;;;08E3800F;4.1;12.37;0;0;0;0;4;;;;',
    );
    expect(p.attributes).toMatchObject({ io1: '4.1', io2: '12.37', io16: '0', io18: '4' });
    expect(p.valid).toBe(false);
  });

  it('reads the driver of an iButton alert', () => {
    const p = position(
      'ALT;0950030205;3FFFFF;95;1.0.11;1;20221017;21:41:30;02F2F402;334;20;0F1D;45;+25.791061;-100.170745;0.00;0.00;18;1;00000001;00000000;59;0;01B54221010000',
    );
    expect(p.attributes.driverUniqueId).toBe('01B54221010000');
    expect(p.attributes.alarm).toBeUndefined();
  });

  it('reads a UEX report’s serial data, then its assigned values', () => {
    const p = position(
      'UEX;1610020241;03FFFFFF;161;3.0.9;0;20240506;15:52:55;00006697;724;11;4EDA;33;-5.129240;-42.797868;0.00;0.00;11;1;00000001;00000000;24;GTSL|6|1|0|22574684|1|\r\n;A7;;164;0;11.82',
    );
    expect(p.attributes).toMatchObject({
      driverUniqueId: '22574684',
      assign1: '164',
      assign2: '0',
      assign3: '11.82',
    });
  });

  it('reads beacon scans', () => {
    const p = position(
      'BLE;0820012345;82;1.0.0;20191203;17:00:51;+32.691615;-117.297160;2;-32;-100;33;AABBCCDDEEFF;12;18;52;1;-44;44;112233445566;32;69;101',
    );
    expect(p.valid).toBe(true);
    expect(p.latitude).toBeCloseTo(32.691615, 6);
    expect(p.attributes).toMatchObject({
      tag1Rssi: -32,
      tag1Id: 'AABBCCDDEEFF',
      tag1Samples: 12,
      tag1Major: 18,
      tag1Minor: 52,
      tag2Id: '112233445566',
      tag2Minor: 101,
    });
  });

  it('turns RES into a command result', () => {
    const result = decode('RES;4309999001;04;02;TEST');
    expect(result.identify).toEqual(['4309999001']);
    expect(result.positions![0].attributes.result).toBe('04;02;TEST');
    expect(result.positions![0].outdated).toBe(true);
  });

  it('names the device of a keep-alive, and of reports it does not read', () => {
    expect(decode('ALV;0560001616')).toEqual({ identify: ['0560001616'] });
    expect(
      decode(
        'BSA;0820012345;001FFF;82;1.0.0;1;20191203;17:00:51;+32.691615;-117.297160;1;-55;68:11:6A:FD:1A:A7;6AA5;1DE8',
      ),
    ).toEqual({ identify: ['0820012345'] });
  });

  it('a report shorter than its mask is a frame error', () => {
    expect(() => decode('STT;100850000;3FFFFF;26;010;1;20161117')).toThrow(FrameError);
  });

  it('a field that is not a number is a frame error', () => {
    expect(() =>
      decode(
        'STT;100850000;3FF83F;26;010;0;20161117;08:37:39;north;-46.322000;0.00;0.00;0;0;00000000;00000001;1;1;0007',
      ),
    ).toThrow(FrameError);
  });

  it('a date that does not exist is a frame error', () => {
    expect(() =>
      decode(
        'STT;100850000;3FF83F;26;010;0;20161317;08:37:39;-22.845935;-46.322000;0.00;0.00;0;0;00000000;00000001;1;1;0007',
      ),
    ).toThrow(FrameError);
  });
});

describe('universal binary reports', () => {
  it('decodes a status report (0x81)', () => {
    const state = new Map<string, unknown>();
    const result = decode(
      fromHex(
        '81004e05200013383fffff3401000301130a0512080400000000000000000000000047f9d5846a06810072225214010100020300a8002604c1000004b000000470000025a100000000000025c4000000a6',
      ),
      state,
    );
    expect(result.identify).toEqual(['0520001338']);
    const p = result.positions![0];
    expect(p.fixTime).toBe(Date.UTC(2019, 9, 5, 18, 8, 4));
    expect(p.latitude).toBeCloseTo(0x47f9d5 / 1e6, 6);
    expect(p.longitude).toBeCloseTo(-0x046a0681 / 1e6, 6);
    expect(kph(p.speed)).toBeCloseTo(1.14, 6);
    expect(p.course).toBeCloseTo(87.86, 6);
    expect(p.valid).toBe(true);
    expect(p.attributes).toMatchObject({ versionFw: '1.0.3', sat: 20, ignition: true, input: 1 });
    expect(state.get(UNIVERSAL_KEY)).toBe(true);
  });

  it('reads the ignition off and the memory flag', () => {
    const p = position(
      fromHex(
        '81004e05200013383fffff3401000300130b020b2a0500000000000000000000000047f9ec846a06500000000012010200000123a1002904ba00010fb40000000000000000000000000000000000005989',
      ),
    );
    expect(p.attributes).toMatchObject({ ignition: false, input: 2, archive: true });
  });

  it('decodes an iButton alert (0x82) with its cell and driver', () => {
    const p = position(
      fromHex(
        '82004d05800000553fffff360100100114020410293902ccccf102dc007b00053c00476fa18469e87f000000000b0100003b00081d00000113f3f8010000049e00000000000000001d00000113f3f801',
      ),
    );
    expect(p.attributes.driverUniqueId).toBe('1d00000113f3f801');
    expect(p.attributes.rssi).toBe(60);
    expect(p.network?.cellTowers).toEqual([
      { cellId: 0x02ccccf1, mobileCountryCode: 732, mobileNetworkCode: 123, locationAreaCode: 5 },
    ]);
    expect(p.latitude).toBeCloseTo(4.681633, 6);
    expect(p.longitude).toBeCloseTo(-74.049663, 6);
  });

  it('raises the alarm of an alert', () => {
    // Mask: id, date, time, latitude, longitude, alert id (bits 0, 4, 5, 11, 12, 19).
    const frame = fromHex(
      '82 0017 0950030205 081831 180a11 152a1e 018982b5 86087e2f 2a'.replace(/ /g, ''),
    );
    const p = position(frame);
    expect(p.attributes.alarm).toBe('sos');
    expect(p.latitude).toBeCloseTo(0x018982b5 / 1e6, 6);
    expect(p.longitude).toBeCloseTo(-0x06087e2f / 1e6, 6);
    expect(p.fixTime).toBe(Date.UTC(2024, 9, 17, 21, 42, 30));
  });

  it('a report shorter than its mask is a frame error', () => {
    expect(() => decode(fromHex('81000b05200013383fffff3401'))).toThrow(FrameError);
  });

  it('a report shorter than its length is a frame error', () => {
    expect(() => decode(fromHex('81004e05200013383fffff34'))).toThrow(FrameError);
  });
});

describe('legacy zip reports', () => {
  const STATUS =
    '02003210511340877028813f180c170016041051290c0635652d793653000038001a30e601665e560000000100750002712704000103';

  it('decodes a status report with its hour-meter block', () => {
    const result = decode(fromHex(STATUS));
    expect(result.identify).toEqual(['511340877']);
    const p = result.positions![0];
    expect(p.fixTime).toBe(Date.UTC(2024, 11, 23, 0, 0x16, 4));
    expect(p.valid).toBe(true);
    expect(p.latitude).toBeCloseTo(-12.063565, 6);
    expect(p.longitude).toBeCloseTo(-45.793653, 6);
    expect(kph(p.speed)).toBeCloseTo(0.38, 6);
    expect(p.course).toBeCloseTo(26.3, 6);
    expect(p.attributes).toMatchObject({
      type: 'STT',
      sat: 6,
      odometer: 0x01665e56,
      power: 0,
      ignition: false,
      status: 1,
      index: 0x75,
      battery: 4,
    });
    expect(p.attributes.archive).toBeUndefined();
  });

  it('raises an alert’s alarm and reads its I/O bits', () => {
    // The status report as an alert (0x13) with alert 1, ignition and output 1 on, no hour meter.
    const frame = fromHex(
      '0200 29 13 5113408770 28 813f 180c17001604 105129 0c063565 2d793653 000038 001a30 e6 01665e56 0c25 11 01 03'.replace(
        / /g,
        '',
      ),
    );
    const p = position(frame);
    expect(p.attributes).toMatchObject({
      type: 'ALT',
      alarm: 'overspeed',
      ignition: true,
      out1: true,
      in1: false,
      power: 12.25,
    });
    expect(p.attributes.battery).toBeUndefined();
  });

  it('names the device of a zip report type it does not read', () => {
    expect(decode(fromHex('02000614511340877003'))).toEqual({
      identify: ['511340877'],
    });
  });

  it('refuses a frame whose length field lies', () => {
    expect(() => decode(fromHex(STATUS.replace(/^020032/, '020040')))).toThrow(FrameError);
    expect(() => decode(fromHex('020008105113408770280003'))).toThrow(FrameError);
  });

  it('refuses a frame whose ETX is missing', () => {
    expect(() => decode(fromHex(STATUS.replace(/03$/, '04')))).toThrow(FrameError);
  });
});

describe('ST910 personal trackers', () => {
  it('reads a location in the first layout', () => {
    const p = position(
      'ST910;Alert;123456;410;20141018;18:30:12;+37.478774;+126.889690;000.000;000.00;0;4.0;1;6002',
    );
    expect(p.fixTime).toBe(Date.UTC(2014, 9, 18, 18, 30, 12));
    expect(p.valid).toBe(false);
    expect(p.latitude).toBeCloseTo(37.478774, 6);
    expect(p.attributes).toMatchObject({ alarm: 'general', versionFw: '410' });
  });

  it('reads the second layout: cell before the fix, distance after it', () => {
    const p = position(
      'ST910;Location;907510186;552;20180504;23:15:45;3af54e5331;+19.301833;-099.190657;000.246;000.00;1;28462;80;1;0;0423;02;334;05;-215;20051;1;4;100',
    );
    expect(p.valid).toBe(true);
    expect(p.longitude).toBeCloseTo(-99.190657, 6);
    expect(p.attributes.odometer).toBe(28462);
    expect(p.attributes.alarm).toBeUndefined();
  });

  it('reads an alert of the second layout, which has no software version', () => {
    const result = decode(
      'ST910;Alert;485195;20170409;22:37:41;3be0133057;+24.882410;-107.509152;000.070;000.00;1;286734;72;02;295;05;-415;4912;255;10;10',
    );
    expect(result.identify).toEqual(['485195']);
    const p = result.positions![0];
    expect(p.fixTime).toBe(Date.UTC(2017, 3, 9, 22, 37, 41));
    expect(p.attributes.versionFw).toBeUndefined();
    expect(p.attributes.alarm).toBe('general');
  });
});

describe('ST410/ST419 asset trackers', () => {
  it('reads seven cells, battery and the GPS fix', () => {
    const p = position(
      'ST410STT;007272376;408;01;21651;732;123;-65;1824;1;21654;732;123;1824;0;0;22542;732;123;1824;0;0;21656;732;123;1824;0;0;21655;732;123;1824;0;0;22541;732;123;1824;0;0;0;0;0;0;0;0;3.7;1;0156;1;20180816;05:18:52;+04.722322;-074.052776;000.074;000.00;10;1',
    );
    expect(p.network?.cellTowers).toHaveLength(6);
    expect(p.network?.cellTowers?.[0]).toEqual({
      cellId: 21651,
      mobileCountryCode: 732,
      mobileNetworkCode: 123,
      locationAreaCode: 1824,
      signalStrength: -65,
    });
    expect(p.latitude).toBeCloseTo(4.722322, 6);
    expect(p.attributes).toMatchObject({ battery: 3.7, index: 156, status: 1, sat: 10 });
  });

  it('keeps the last location when GPS found no fix', () => {
    const p = position(
      'ST410STT;109815653;445;03;16531;724;10;-77;6011;7;16273;724;10;7511;0;0;13903;724;10;6011;0;0;7671;724;10;7111;0;0;16533;724;10;6011;0;0;0;0;0;0;0;0;0;0;0;0;0;0;3.86;0;0098;1;003;;;;;;;;;',
    );
    expect(p.outdated).toBe(true);
    expect(p.network?.cellTowers).toHaveLength(5);
    expect(p.attributes.archive).toBe(true);
  });

  it('reads the ST419 variant, temperature and motion fields', () => {
    const p = position(
      'ST419STT;807587388;306;41;04;30062;724;2;-65;5221;255;30061;724;2;5221;0;0;30212;724;2;5221;0;0;30071;724;2;5221;0;0;30222;724;2;5221;0;0;30213;724;2;5221;0;0;30063;724;2;5221;0;0;3.92;1;0185;1;00010000;26.1;1;20240729;19:22:43;-22.754650;-043.437569;000.185;297.35;6;1',
    );
    expect(p.fixTime).toBe(Date.UTC(2024, 6, 29, 19, 22, 43));
    expect(p.attributes.motion).toBe(false);
    expect(p.network?.cellTowers).toHaveLength(7);
  });
});

describe('frames that are not Suntech reports', () => {
  it.each(['-Error', 'hello;world', ''])('%j is a frame error', (text) => {
    expect(() => decode(text)).toThrow(FrameError);
  });
});
