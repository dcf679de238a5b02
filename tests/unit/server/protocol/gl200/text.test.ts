import { describe, expect, it } from 'vitest';
import { gl200 } from '../../../../../server/protocol/gl200';
import { FrameError } from '../../../../../server/protocol/shared/definition';
import { knotsFromKmh } from '../../../../../model/units';
import { decodeContext } from '../../../../support/decodeContext';

/**
 * The text form of Queclink @Track. Frames come from the @Track protocol documents' examples,
 * from real devices (Traccar's test frames) and from frames built here after the documented
 * layouts.
 */

const NOW = Date.UTC(2024, 0, 1);

const context = () => decodeContext(NOW);

function decode(text: string, ctx = context()) {
  return gl200.decode(Buffer.from(text, 'latin1'), ctx);
}

function one(text: string) {
  const result = decode(text);
  expect(result.positions).toHaveLength(1);
  return result.positions![0];
}

const utc = (text: string) =>
  Date.UTC(
    +text.slice(0, 4),
    +text.slice(4, 6) - 1,
    +text.slice(6, 8),
    +text.slice(8, 10),
    +text.slice(10, 12),
    +text.slice(12, 14),
  );

describe('gl200 fixed report (GTFRI)', () => {
  it('reads a GV300 report: fix, cell, mileage, hour meter, analog inputs, power and status', () => {
    const result = decode(
      '+RESP:GTFRI,060228,862894020178276,,15153,10,1,1,0.0,0,431.7,-63.169571,-17.776235,20160210153458,0736,0003,6AD4,80EF,00,34.9,00117:31:26,13442,15163,0,210101,,,,20160210113503,38EE$',
    );
    expect(result.identify).toEqual(['862894020178276']);
    expect(result.reply).toBeUndefined();
    const [p] = result.positions!;
    expect(p).toMatchObject({
      protocol: 'gl200',
      outdated: false,
      valid: true,
      latitude: -17.776235,
      longitude: -63.169571,
      altitude: 431.7,
      speed: 0,
      course: 0,
      fixTime: utc('20160210153458'),
      deviceTime: utc('20160210113503'),
    });
    expect(p.network).toEqual({
      cellTowers: [
        { mobileCountryCode: 736, mobileNetworkCode: 3, locationAreaCode: 0x6ad4, cellId: 0x80ef },
      ],
    });
    expect(p.attributes).toMatchObject({
      type: 'FRI',
      hdop: 1,
      power: 15.153,
      odometer: 34900,
      hours: (117 * 3600 + 31 * 60 + 26) * 1000,
      adc1: 13.442,
      adc2: 15.163,
      batteryLevel: 0,
      // Device status 210101: ignition on and at rest, ignition line high, output 1 on.
      ignition: true,
      input: 1,
      in1: false,
      output: 1,
      out1: true,
      blocked: true,
    });
  });

  it('reads speed in km/h as knots and an ignition-off status', () => {
    const p = one(
      '+RESP:GTFRI,060502,861074023689626,,25202,10,1,1,36.0,180,2744.1,-78.261047,0.023452,20170401211940,,,,,,0.0,00079:19:15,,,51,110000,,,,20170401212003,4DA7$',
    );
    expect(p.speed).toBeCloseTo(knotsFromKmh(36), 6);
    expect(p.course).toBe(180);
    expect(p.network).toBeNull();
    expect(p.attributes).toMatchObject({
      power: 25.202,
      batteryLevel: 51,
      ignition: false,
      blocked: false,
    });
  });

  it('reads every position of a report carrying several (GL300, Number = 4), oldest first', () => {
    const result = decode(
      '+RESP:GTFRI,1A0900,860599000306845,G3-313,0,0,4,1,2.1,0,426.7,8.611466,47.681639,20181214134603,0228,0001,077F,4812,25.2,1,5.7,34,437.3,8.611600,47.681846,20181214134619,0228,0001,077F,4812,25.2,1,4.4,62,438.2,8.611893,47.681983,20181214134633,0228,0001,077F,4812,25.2,1,4.8,78,436.6,8.612236,47.682040,20181214134648,0228,0001,077F,4812,25.2,83,20181214134702,0654$',
    );
    const positions = result.positions!;
    expect(positions.map((p) => p.fixTime)).toEqual([
      utc('20181214134603'),
      utc('20181214134619'),
      utc('20181214134633'),
      utc('20181214134648'),
    ]);
    expect(positions.map((p) => p.course)).toEqual([0, 34, 62, 78]);
    expect(positions[3].latitude).toBe(47.68204);
    // The battery describes the device when it sent the report: on the newest position only.
    expect(positions[3].attributes.batteryLevel).toBe(83);
    expect(positions[0].attributes.batteryLevel).toBeUndefined();
    expect(positions.every((p) => p.deviceTime === utc('20181214134702'))).toBe(true);
  });

  it('reads a buffered report (+BUFF) exactly as a live one', () => {
    const live =
      '+RESP:GTFRI,060402,862894021808798,,,10,1,1,0.0,349,394.3,-63.287717,-17.662410,20160116234031,0736,0003,6ABA,8305,00,3326.8,,,,94,220100,,,,20160116194035,4D83$';
    const buffered = live.replace('+RESP', '+BUFF');
    expect(decode(buffered)).toEqual(decode(live));
    expect(decode(buffered).positions![0].attributes).toMatchObject({
      odometer: 3326800,
      batteryLevel: 94,
    });
  });

  it('marks a fix with GPS accuracy 0 (the last known position) invalid', () => {
    const p = one(
      '+RESP:GTFRI,DF0200,868487004353181,cv100,14051,10,1,0,0.0,0,264.1,114.015515,22.537178,20210608064328,0460,0001,25F8,061A7D02,,0.0,,,,100,21,,,,20210608144354,32DB$',
    );
    expect(p.outdated).toBe(false);
    expect(p.valid).toBe(false);
    expect(p.latitude).toBe(22.537178);
  });

  it('keeps a report without a fix outdated, with its cell and battery', () => {
    const p = one(
      '+RESP:GTFRI,120113,555564055560555,,1,1,1,,,,,,,,0282,0380,f080,cabf,6900,79,20140824165629,0001$',
    );
    expect(p.outdated).toBe(true);
    expect(p.valid).toBe(false);
    expect(p.fixTime).toBe(utc('20140824165629'));
    expect(p.network?.cellTowers?.[0]).toEqual({
      mobileCountryCode: 282,
      mobileNetworkCode: 380,
      locationAreaCode: 0xf080,
      cellId: 0xcabf,
    });
    expect(p.attributes.batteryLevel).toBe(79);
  });

  it('reads the satellites an append mask adds to the block (GTERI)', () => {
    const p = one(
      '+RESP:GTERI,6E0A03,868589060745174,,00000100,,10,1,1,0.0,0,1509.0,-90.544928,14.584461,20250307182819,0704,0001,13A7,000B60AB,01,12,358.6,,,,,100,1A0000,0,2,00,6,5,0E7109BB,283F,SENTEMP1,7805412CF2DD,1,3466,24,36,24.91,100,01,6,2,,083F,SENTEMP2,7805412CF25C,0,,,,,20250307182820,1ABC$',
    );
    expect(p.attributes).toMatchObject({
      sat: 12,
      odometer: 358600,
      batteryLevel: 100,
      ignition: false,
    });
  });

  it('reads a GV500 report with its VIN and engine speed', () => {
    const p = one(
      '+RESP:GTFRI,1F0301,862193022001432,WF0GXXGBBGBM26503,,14900,41,1,1,11.6,74,356.0,14.120023,50.167894,20181104080703,0230,0003,9B14,5891,00,74.1,,,,83,220000,799,7.3,,20181104080703,099B$',
    );
    expect(p.attributes).toMatchObject({
      vin: 'WF0GXXGBBGBM26503',
      power: 14.9,
      rpm: 799,
      ignition: true,
    });
  });

  it('reads the GV200 analog inputs and I/O masks', () => {
    const p = one(
      '+RESP:GTERI,358803,862364030335589,gv200,00000002,,10,1,1,42.5,132,2150.4,43.516551,17.661988,20240818171932,0420,0004,F23D,31EF,00,17363.6,,,91,,05,00,2,0,20240818171940,91F1$',
    );
    expect(p.attributes).toMatchObject({
      odometer: 17363600,
      adc2: 0.091,
      input: 5,
      in2: true,
      output: 0,
    });
    expect(p.attributes.batteryLevel).toBeUndefined();
  });
});

describe('gl200 alarms and events', () => {
  const block = '1,4.3,92,70.0,121.354335,31.222073,20090214013254,0460,0000,18d8,6141,00';
  const report = (type: string, head: string, tail = '2000.0') =>
    `+RESP:GT${type},060100,135790246811220,,${head}${block},${tail},20090214093254,11F0$`;

  it.each([
    ['SOS', 'sos'],
    ['TOW', 'tow'],
    ['IDN', 'idle'],
  ])('GT%s raises %s', (type, alarm) => {
    const p = one(report(type, ',00,1,'));
    expect(p.attributes.alarm).toBe(alarm);
    expect(p.latitude).toBe(31.222073);
    expect(p.attributes.odometer).toBe(2000000);
  });

  it('GTSPD raises overspeed when outside the range, nothing when back inside', () => {
    expect(one(report('SPD', ',00,1,')).attributes.alarm).toBe('overspeed');
    expect(one(report('SPD', ',01,1,')).attributes.alarm).toBeUndefined();
  });

  it('GTGEO raises geofenceExit (type 0) or geofenceEnter (type 1)', () => {
    expect(one(report('GEO', ',20,1,')).attributes.alarm).toBe('geofenceExit');
    expect(one(report('GEO', ',21,1,')).attributes.alarm).toBe('geofenceEnter');
  });

  it.each([
    ['10', 'hardBraking'],
    ['11', 'hardAcceleration'],
    ['12', 'hardCornering'],
  ])('GTHBM with report type %s raises %s', (type, alarm) => {
    expect(one(report('HBM', `,${type},1,`)).attributes.alarm).toBe(alarm);
  });

  it('GTDIS gives the input named by the report id its state', () => {
    expect(one(report('DIS', ',21,1,')).attributes.in2).toBe(true);
    expect(one(report('DIS', ',10,1,')).attributes.in1).toBe(false);
  });

  it('GTNMR tells motion, GTIGL ignition (type 0 on, 1 off)', () => {
    expect(one(report('NMR', ',01,1,')).attributes.motion).toBe(true);
    expect(one(report('NMR', ',00,1,')).attributes.motion).toBe(false);
    expect(one(report('IGL', ',00,1,')).attributes.ignition).toBe(true);
    expect(one(report('IGL', ',01,1,')).attributes.ignition).toBe(false);
  });

  it('GTCRA raises accident', () => {
    const p = one(report('CRA', '3,'));
    expect(p.attributes.alarm).toBe('accident');
    expect(p.latitude).toBe(31.222073);
  });

  it('GTEPF / GTEPN raise powerCut / powerRestored (GL300 document example)', () => {
    const epn =
      '+RESP:GTEPN,1A0102,135790246811220,,0,4.3,92,70.0,121.354335,31.222073,20090214013254,0460,0000,18d8,6141,00,20100214093254,11F0$';
    expect(one(epn).attributes.alarm).toBe('powerRestored');
    expect(one(epn.replace('GTEPN', 'GTEPF')).attributes.alarm).toBe('powerCut');
    expect(one(epn.replace('GTEPN', 'GTMPF')).attributes.alarm).toBe('powerCut');
  });

  it('GTJDR and GTJDS raise jamming', () => {
    const jdr =
      '+RESP:GTJDR,0A0102,135790246811220,,0,4.3,92,70.0,121.354335,31.222073,20090214013254,0460,0000,18d8,6141,00,20090214093254,11F0$';
    expect(one(jdr).attributes.alarm).toBe('jamming');
    const jds =
      '+RESP:GTJDS,0A0102,135790246811220,,2,0,4.3,92,70.0,121.354335,31.222073,20090214013254,0460,0000,18d8,6141,00,20090214093254,11F0$';
    expect(one(jds).attributes.alarm).toBe('jamming');
  });

  it('GTPNA / GTPFA raise powerOn / powerOff without a location', () => {
    const pna = one('+RESP:GTPNA,F50201,866425030235982,GL300M,20190208124909,0BD5$');
    expect(pna).toMatchObject({ outdated: true, fixTime: utc('20190208124909') });
    expect(pna.attributes.alarm).toBe('powerOn');
    expect(
      one('+RESP:GTPFA,F50201,866425030235982,GL300M,20190208124849,0BD4$').attributes.alarm,
    ).toBe('powerOff');
  });

  it('GTBPL raises lowBattery with the backup battery voltage', () => {
    const p = one(
      '+RESP:GTBPL,110100,358688000000158,,3.53,0,4.3,92,70.0,121.354335,31.222073,20110214013254,0460,0000,18d8,6141,,20110214093254,001F$',
    );
    expect(p.attributes).toMatchObject({ alarm: 'lowBattery', battery: 3.53 });
    // GPS accuracy 0: the last known position.
    expect(p.valid).toBe(false);
  });

  it('GTIGN / GTIGF set ignition and read the hour meter and mileage', () => {
    const ign = one(
      '+RESP:GTIGN,060228,862894020180553,,9860,1,0.2,189,420.0,-63.158195,-17.800608,20160309022951,0736,0003,6AD4,3471,00,00010:00:00,881.2,20160308222956,129A$',
    );
    expect(ign.attributes).toMatchObject({ ignition: true, odometer: 881200, hours: 36000000 });
    const igf = one(
      '+BUFF:GTIGF,060228,862894020180553,,1958,0,0.0,240,390.3,-63.089213,-17.764712,20160309122854,0736,0003,6AB8,5A23,00,,936.8,20160309082858,1368$',
    );
    expect(igf.attributes).toMatchObject({ ignition: false, odometer: 936800 });
  });

  it('GTIGF without a fix keeps the position outdated with its cell', () => {
    const p = one(
      '+RESP:GTIGF,500101,868570000393782,,0,0,,,,,,,0730,0002,A08F,872B36,00,,0.0,20240921021804,E3B1$',
    );
    expect(p.outdated).toBe(true);
    expect(p.attributes.ignition).toBe(false);
    expect(p.network?.cellTowers).toHaveLength(1);
  });

  it('GTIDA gives the driver identifier', () => {
    const p = one(
      '+RESP:GTIDA,06020A,862170013895931,,,D2C4FBC5,1,1,1,0.8,0,22.2,117.198630,31.845229,20120802121626,0460,0000,5663,2BB9,00,0.0,,,,,20120802121627,008E$',
    );
    expect(p.attributes.driverUniqueId).toBe('D2C4FBC5');
    expect(p.latitude).toBe(31.845229);
  });

  it('GTSTT gives ignition and motion from the state, and tow for state 16', () => {
    const p = one(
      '+RESP:GTSTT,060228,862894020178276,,21,0,0.0,0,411.3,-63.169745,-17.776330,20160319132220,0736,0003,6AD4,5BAA,00,20160319092223,1FBD$',
    );
    expect(p.attributes).toMatchObject({ ignition: true, motion: false });
    expect(p.attributes.alarm).toBeUndefined();
    const tow = one(
      '+RESP:GTSTT,060228,862894020178276,,16,1,12.0,0,411.3,-63.169745,-17.776330,20160319132220,0736,0003,6AD4,5BAA,00,20160319092223,1FBD$',
    );
    expect(tow.attributes).toMatchObject({ ignition: false, motion: true, alarm: 'tow' });
  });

  it('GTBTC / GTSTC tell charging', () => {
    const stc = one(
      '+BUFF:GTSTC,410301,864802030022424,,,0,,,,,,,0228,0002,4EE8,1BFF489,00,20181207134332,EC90$',
    );
    expect(stc.attributes.charge).toBe(false);
    expect(stc.outdated).toBe(true);
    expect(one(report('BTC', '')).attributes.charge).toBe(true);
  });
});

describe('gl200 information, version and configuration reports', () => {
  it('GTINF of a GV300: state, ICCID, signal, power, backup battery, charging', () => {
    const p = one(
      '+RESP:GTINF,060100,135790246811220,,21,898600810906F8048812,16,0,1,12000,,4.4,1,0,0,0,20090214013254,0,1300,2000,00,00,+0800,0,20090214093254,11F0$',
    );
    expect(p.outdated).toBe(true);
    expect(p.deviceTime).toBe(utc('20090214093254'));
    expect(p.attributes).toMatchObject({
      type: 'INF',
      ignition: true,
      motion: false,
      iccid: '898600810906F8048812',
      rssi: 16,
      power: 12,
      battery: 4.4,
      charge: true,
    });
    expect(p.attributes.batteryLevel).toBeUndefined();
  });

  it('GTINF of a GL300: mileage and battery percentage', () => {
    const p = one(
      '+RESP:GTINF,1A0800,860599000773978,GL300,41,89701016426133851978,17,0,1,26.6,,3.90,1,1,0,0,0,20161003184043,69,1,44,,,20161004040811,022C$',
    );
    expect(p.attributes).toMatchObject({
      motion: false,
      odometer: 26600,
      battery: 3.9,
      charge: true,
      batteryLevel: 69,
    });
    expect(p.attributes.ignition).toBeUndefined();
  });

  it('GTVER gives the device type and versions', () => {
    const p = one('+RESP:GTVER,1A0800,860599000773978,GL300,GL300,0A03,0103,20161007041531,10F8$');
    expect(p.attributes).toMatchObject({
      deviceType: 'GL300',
      versionFw: '0A03',
      versionHw: '0103',
    });
  });

  it('GTALL (a configuration dump) identifies the device and stores nothing', () => {
    const result = decode(
      '+RESP:GTALL,1A0102,860599000000448,GL300,BSI,cmnet,,,,,,,SRI,2,,1,116.228.146.250,8161,192.0.0.0,0,+8618600126107,5,0,,,,,CFG,gl300,GL300,1,0.8,0,5,003F,0,,0FFF,0,1,1,300,20130123034509,02AE$',
    );
    expect(result.identify).toEqual(['860599000000448']);
    expect(result.positions).toBeUndefined();
  });

  it('remembers the model the protocol version names, for the encoder', () => {
    const ctx = context();
    decode('+RESP:GTVER,1A0800,860599000773978,GL300,GL300,0A03,0103,20161007041531,10F8$', ctx);
    expect(ctx.state.get('gl200.model')).toBe('GL300');
  });
});

describe('gl200 heartbeat and acknowledgements', () => {
  it('answers the heartbeat with +SACK:GTHBD, its version and count number, byte for byte', () => {
    const result = decode('+ACK:GTHBD,1A0401,135790246811220,,20100214093254,11F0$');
    expect(result.identify).toEqual(['135790246811220']);
    expect(result.positions).toBeUndefined();
    expect(result.reply?.toString('latin1')).toBe('+SACK:GTHBD,1A0401,11F0$');
  });

  it('answers a heartbeat sent without the trailing $ (UDP) the same way', () => {
    const result = decode('+ACK:GTHBD,060228,862894020178276,,20160309022951,0A3F');
    expect(result.reply?.toString('latin1')).toBe('+SACK:GTHBD,060228,0A3F$');
  });

  it('turns a command acknowledgement into a result with the command word and serial', () => {
    const out = decode('+ACK:GTOUT,060228,862894020178276,,0004,20090214093254,11F0$');
    expect(out.positions).toHaveLength(1);
    expect(out.positions![0]).toMatchObject({ outdated: true, fixTime: utc('20090214093254') });
    expect(out.positions![0].attributes.result).toBe('+ACK:GTOUT,0004');
    const rto = decode('+ACK:GTRTO,1A0800,860599000773978,GL300,VER,FFFF,20161006053520,0C19');
    expect(rto.positions![0].attributes.result).toBe('+ACK:GTRTO,VER,FFFF');
  });
});

describe('gl200 malformed text', () => {
  it.each([
    '+RESP:GTFRI',
    '+RESP:GTFRI,060228',
    '+RESP:FRI,060228,862894020178276,,',
    '+RESP:GTFRI,060228,86289402017,,,10,1',
    '+RESP:GTFRI,0602287,862894020178276,,,10,1',
    'hello world',
  ])('refuses %j with a FrameError', (text) => {
    expect(() => decode(text)).toThrow(FrameError);
  });

  it('refuses coordinates off the globe', () => {
    expect(() =>
      decode(
        '+RESP:GTFRI,060228,862894020178276,,,10,1,1,0.0,0,431.7,-63.169571,-97.776235,20160210153458,0736,0003,6AD4,80EF,00,34.9,,,,0,210101,,,,20160210113503,38EE$',
      ),
    ).toThrow(FrameError);
  });

  it('never throws anything but a FrameError on a truncated or altered report', () => {
    const frame =
      '+RESP:GTFRI,060228,862894020178276,,15153,10,2,1,0.0,0,431.7,-63.169571,-17.776235,20160210153458,0736,0003,6AD4,80EF,00,1,0.0,0,431.7,-63.169571,-17.776235,20160210153458,0736,0003,6AD4,80EF,00,34.9,00117:31:26,13442,15163,0,210101,,,,20160210113503,38EE$';
    for (let cut = 0; cut <= frame.length; cut++) {
      for (const text of [frame.slice(0, cut), frame.slice(0, cut) + ',,,' + frame.slice(cut)]) {
        try {
          decode(text);
        } catch (error) {
          expect(error).toBeInstanceOf(FrameError);
        }
      }
    }
  });
});
