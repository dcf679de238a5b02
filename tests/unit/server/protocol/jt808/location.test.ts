import { describe, expect, it } from 'vitest';
import { jt808 } from '../../../../../server/protocol/jt808';
import { fromHex } from '../../../../../server/protocol/shared/bytes';
import type { DecodedPosition } from '../../../../../server/processing/types';
import { decodeContext } from '../../../../support/decodeContext';

/**
 * Location reports (0x0200) and batches (0x0704): the basic information, the alarm flags and
 * status bits, and the additional information items, from frames built here and from real
 * devices' frames in Traccar's tests.
 */

const NOW = Date.UTC(2024, 1, 29, 13, 5, 9);
const ID = '013511221122';

const context = () => decodeContext(NOW);

/** Escapes an unescaped 7E…7E frame into its wire form. */
function wire(text: string): Buffer {
  const raw = fromHex(text);
  const out = [0x7e];
  for (const byte of raw.subarray(1, raw.length - 1)) {
    if (byte === 0x7e) out.push(0x7d, 0x02);
    else if (byte === 0x7d) out.push(0x7d, 0x01);
    else out.push(byte);
  }
  out.push(0x7e);
  return Buffer.from(out);
}

function build(messageId: number, body: string): Buffer {
  const bodyBytes = fromHex(body);
  const header = Buffer.alloc(12);
  header.writeUInt16BE(messageId, 0);
  header.writeUInt16BE(bodyBytes.length, 2);
  fromHex(ID).copy(header, 4);
  header.writeUInt16BE(0x21, 10);
  const content = Buffer.concat([header, bodyBytes]);
  let check = 0;
  for (const byte of content) check ^= byte;
  return wire(Buffer.concat([fromHex('7e'), content, Buffer.from([check, 0x7e])]).toString('hex'));
}

const hex32 = (value: number) => (value >>> 0).toString(16).padStart(8, '0');

/** The 28-byte basic information. */
function basic(options: {
  alarm?: number;
  status?: number;
  lat?: string;
  lon?: string;
  altitude?: string;
  speed?: string;
  course?: string;
  time?: string;
}): string {
  return (
    hex32(options.alarm ?? 0) +
    hex32(options.status ?? 0b10) +
    (options.lat ?? '0159a27c') +
    (options.lon ?? '06d4a4c0') +
    (options.altitude ?? '0064') +
    (options.speed ?? '01f4') +
    (options.course ?? '005a') +
    (options.time ?? '240229210509')
  );
}

function position(frame: Buffer): DecodedPosition {
  const result = jt808.decode(frame, context());
  expect(result.positions).toHaveLength(1);
  return (result.positions ?? [])[0];
}

const locate = (body: string) => position(build(0x0200, body));
const attributes = (items: string) => locate(basic({}) + items).attributes;

describe('jt808 location basic information', () => {
  it('reads a real device’s report', () => {
    const p = position(
      fromHex(
        '7E0200002A013833501744001900000000000000C201597FA806CC01580080000000081508180721210104000002F502020000030200009F7E',
      ),
    );
    expect(p).toMatchObject({
      protocol: 'jt808',
      uniqueId: '',
      outdated: false,
      valid: true,
      latitude: 22.6426,
      longitude: 114.032984,
      altitude: 128,
      speed: 0,
      course: 8,
      // 2015-08-18 07:21:21 in Beijing time.
      fixTime: Date.UTC(2015, 7, 17, 23, 21, 21),
      deviceTime: Date.UTC(2015, 7, 17, 23, 21, 21),
    });
    expect(p.attributes).toMatchObject({
      odometer: 75700,
      fuel: 0,
      ignition: false,
      blocked: false,
    });
  });

  it('reads coordinates, speed in knots, course, altitude and Beijing time', () => {
    const p = locate(basic({ altitude: 'ff9c' }));
    expect(p).toMatchObject({
      latitude: 22.651516,
      longitude: 114.599104,
      altitude: -100,
      course: 90,
      fixTime: NOW,
    });
    expect(p.speed).toBeCloseTo(50 / 1.852, 9);
  });

  it('signs the southern and western hemispheres', () => {
    const p = locate(basic({ status: 0b1110 }));
    expect([p.latitude, p.longitude]).toEqual([-22.651516, -114.599104]);
  });

  it('reads ACC as ignition, the oil cut as blocked, bit 26 as charge, and the fix flag', () => {
    const on = locate(basic({ status: (1 << 0) | (1 << 10) | (1 << 26) }));
    expect(on.attributes).toMatchObject({ ignition: true, blocked: true, charge: true });
    expect(on.valid).toBe(false);
    const off = locate(basic({ status: 0b10 }));
    expect(off.attributes).toMatchObject({ ignition: false, blocked: false, charge: false });
    expect(off.valid).toBe(true);
  });

  it('keeps a report without coordinates outdated', () => {
    const p = locate(basic({ lat: '00000000', lon: '00000000' }));
    expect(p).toMatchObject({ outdated: true, valid: false });
  });

  it('takes the arrival time for an impossible date', () => {
    expect(locate(basic({ time: '000000000000' })).fixTime).toBe(NOW);
  });
});

describe('jt808 alarm flags', () => {
  const alarmOf = (bit: number) => locate(basic({ alarm: 2 ** bit })).attributes.alarm;

  it.each([
    [0, 'sos'],
    [1, 'overspeed'],
    [2, 'fatigueDriving'],
    [4, 'fault'],
    [5, 'gpsAntennaCut'],
    [6, 'gpsAntennaCut'],
    [7, 'lowBattery'],
    [8, 'powerOff'],
    [9, 'fault'],
    [15, 'vibration'],
    [16, 'tampering'],
    [18, 'lowBattery'],
    [19, 'parking'],
    [20, 'geofence'],
    [26, 'general'],
    [28, 'movement'],
    [29, 'accident'],
    [30, 'accident'],
  ])('bit %i raises %s', (bit, alarm) => {
    expect(alarmOf(bit)).toBe(alarm);
  });

  it('raises nothing for the bits without an alarm', () => {
    expect(alarmOf(3)).toBeUndefined();
    expect(alarmOf(31)).toBeUndefined();
  });

  it('lists several alarms once each', () => {
    const p = locate(basic({ alarm: (1 << 0) | (1 << 5) | (1 << 6) | (1 << 8) }));
    expect(p.attributes.alarm).toBe('sos,gpsAntennaCut,powerOff');
  });
});

describe('jt808 standard additional items', () => {
  it('reads mileage, fuel, extended status, analog inputs, signal and satellites', () => {
    expect(
      attributes(
        '0104000004d2' + '020201f4' + '250400000005' + '2b0404b00190' + '300117' + '31010b',
      ),
    ).toMatchObject({
      odometer: 123400,
      fuel: 50,
      input: 5,
      adc1: 12,
      adc2: 4,
      rssi: 23,
      sat: 11,
    });
  });

  it('reads a raw fuel level flagged by bit 15', () => {
    expect(attributes('02028064').fuel).toBe(100);
  });

  it('passes over items nobody knows, and keeps reading after a short vendor item', () => {
    const a = attributes('2a020000' + '990301020' + '3' + 'f10100' + '31010b');
    expect(a.sat).toBe(11);
    expect(a.power).toBeUndefined();
  });

  it('reads the fixed 18-byte tail one family sends instead of items', () => {
    const a = attributes('00000000' + '0000007b' + '0025' + '00000000' + '14' + '000000');
    expect(a).toMatchObject({ odometer: 123000, battery: 3.7, rssi: 20 });
  });
});

describe('jt808 vendor items', () => {
  it('reads battery level, power and the driver card of 0xE1 by its length', () => {
    expect(attributes('e10150').batteryLevel).toBe(80);
    expect(attributes('e101ff').charge).toBe(true);
    expect(attributes('e1020082').power).toBe(13);
    expect(attributes('e10400bc614e').driverUniqueId).toBe('12345678');
  });

  it('reads cells from 0xE1', () => {
    const p = locate(basic({}) + 'e10c' + '02d4' + '0005' + '001234' + '0000abcd' + '1f');
    expect(p.network).toEqual({
      cellTowers: [
        {
          mobileCountryCode: 724,
          mobileNetworkCode: 5,
          locationAreaCode: 0x1234,
          cellId: 0xabcd,
          signalStrength: 31,
        },
      ],
    });
  });

  it('reads power, battery, driver and driving behaviour items', () => {
    expect(
      attributes('f1040000300c' + '0601' + '5a' + 'bd0441424344' + '57080200000000000000'),
    ).toMatchObject({
      power: 12.3,
      batteryLevel: 90,
      driverUniqueId: 'ABCD',
      alarm: 'hardBraking',
    });
  });

  it('reads temperature sensors, negative ones with the sign bit', () => {
    expect(attributes('510200e7').temp1).toBe(23.1);
    // With a satellites item after it: items of exactly 18 bytes read as the fixed tail.
    const a = attributes('511080e7' + '0010' + 'ffff'.repeat(6) + '31010b');
    expect(a).toMatchObject({ temp1: -23.1, temp2: 1.6 });
    expect(a.temp3).toBeUndefined();
  });

  it('reads Wi-Fi access points and the cell list of 0xEB', () => {
    const wifi = locate(basic({}) + 'ec07' + '30de4bf67368ce');
    expect(wifi.network?.wifiAccessPoints).toEqual([
      { macAddress: '30:de:4b:f6:73:68', signalStrength: -50 },
    ]);
    const cells = locate(basic({}) + 'eb08' + '01cc' + '00' + '2535' + '1026' + '01');
    expect(cells.network?.cellTowers).toEqual([
      {
        mobileCountryCode: 460,
        mobileNetworkCode: 0,
        locationAreaCode: 0x2535,
        cellId: 0x1026,
        signalStrength: 1,
      },
    ]);
    expect(attributes('eb095554432b30383a3030').timezone).toBe('UTC+08:00');
  });

  it('reads the engine data extension 0x80 to the end of the report', () => {
    const a = attributes(
      '8001aa' + '81021388' + '820200' + '85' + '8401aa' + 'a00b' + '50353338662c55303239' + '66',
    );
    expect(a).toMatchObject({ rpm: 5000, power: 13.3, coolantTemp: 130, dtcs: 'P538f U029f' });
  });
});

describe('jt808 real frames from Traccar’s tests', () => {
  const cases: [string, string, unknown][] = [
    [
      '7e0200006300000000000008f50000000000000000000000000000000000c7000000cc260615100115010400000001300114310108eb39000c00b20000000000000000000000060089fffffffe000600c5ffffffef0006002d00002db4001100d5303030303030303030303030303030c87e',
      'power',
      11.7,
    ],
    [
      '7e02000048051160004464000d00000000000c00020159885e06cbf34400000000000020080718072201040000000130011c310109e4020063e50100e60100e7080000000000000000ee0a01cc01262c009a6743001e7e',
      'batteryLevel',
      99,
    ],
    [
      '7e020000530095900689830016000000000000000b00a2394803a925f800000000000025112411514701040000003e300115310113eb29000c00b28988228066613427450900060089ffffefff000600c5ffffffef0004002d0fa5000300a85c757e',
      'alarm',
      'removing',
    ],
    [
      '7e020000530095900689830016000000000000000b00a2394803a925f800000000000025112411514701040000003e300115310113eb29000c00b28988228066613427450900060089ffffffff000600c5ffffffaf0004002d0fa5000300a85c257e',
      'alarm',
      'vibration',
    ],
    [
      '7e020000530095900689830016000000000000000b00a2394803a925f800000000000025112411514701040000003e300115310113eb29000c00b28988228066613427450900060089ffffffff000600c5fe7fffef0004002d0fa5000300a85ce47e',
      'motion',
      true,
    ],
    [
      '7e0200009e017721028890061b00000000004c000301d9f2d4073ca28d002b01c2000024011017260501040000023c3001193101162504000000001404000000011504000000041604000000001702000018030000002b0400000000e10400735443e20400001211e30a4e61747572654c696e6be635244f42442d52542c2c35352e3030302c3130332e37382c2c302e302c342c2c2c2c302e3030302c2c31323336302e32382c2c2c0d0aa27e',
      'rpm',
      55,
    ],
    [
      '7e02000070012040000004019c00000000000004030158df9706c9606b002c000000ab250417170023010400000c5305030000003001153101158202008b530b0101cc00262600000ff1137730017e19f100384d08026e73e0003a4d08037e19e800000000047e3b950000000005409017000000000640a69600000000337e',
      'tire1Pressure',
      1.4,
    ],
    [
      '7e020000520198080908740af300000000000c000f016602a302c662f802fc000000cc24051618132401040000020f30011e310109f30100610204b056020acd5d0b0102d40379b8011423033c51108017ffffffffffffffffffffffffffffc87e',
      'temp1',
      -2.3,
    ],
    [
      '7e020000460100503769640002000001000000001a01b9eaf804d8ee86001800000000240507035152010400000000300100310107eb1c00060089fffffffe000400ce0000000c00b28942310221007544309f5f7e',
      'iccid',
      '8942310221007544309',
    ],
    [
      '7E02000079013653183645009E00000000000C0C030158BF0006C926670000004000CE22120904274201040000005DBC3244524956494E47204C4943454E53452454455354244D522E0000000000000000000000000000000000000000000000000000BD0F323431393939393935383030313030E3060000050500007102000C30011F310108987E',
      'driver',
      'DRIVING LICENSE$TEST$MR.',
    ],
    [
      '7E0200008201215233475100030000000000000003015A7F6106CF8CEC003D0000000021071311481901040000005630011931011AE10200755D3D0601CC0024990A7dA0032301CC002499099B2941FC01CC002499099B29430B01CC0024990A7dA0290601CC0024990A7dA015FD01CC0026220994506BFFFE157C010400000001F10C000000000000000000000000997E',
      'alarm',
      'hardAcceleration',
    ],
    [
      '7e0200008e01917159043700b300000000800000030158990606ca0fd7000400000000211129111705010400000000cc14383938363037423831303230393031363239363830010d8001aa81021388820200858301148401aa8502189b8601338702007e8801338901148a0200998b1131323334353637383941424344454647488c04000200a88d0200828e0114a00b50353338662c5530323966037e',
      'dtcs',
      'P538f U029f',
    ],
    [
      '7E020000480123456789010013000000800000000301597BC506CBFF6600EB00000155210726203531010400000000EB24000C00B28986047701207027150200060089FFFFEFFF0004002D0E10000600C5FFFFFFEF697E',
      'alarm',
      'lowBattery,removing',
    ],
  ];

  it.each(cases)('%#: %s', (frame, key, value) => {
    expect(position(wire(frame)).attributes[key as string]).toEqual(value);
  });

  it('reads a standard batch of archived records', () => {
    const result = jt808.decode(
      wire(
        '7E0704014301356777777707F5000801002600000000000000030159741206CBFD5001720000000116052709062401040000001D03020000002600000000000000030159746606CBFD50016B0000000116052709065301040000001D0302000000260000000000000003015975E406CBFE58013F0000000116052709072701040000001D0302000000260000000000000003015976DE06CBFF10012E0000000116052709075601040000001D0302000000260000000000000003015976BC06CBFED0012D0000000116052709083001040000001D0302000000260000000000000003015976FE06CBFEC001080000000116052709090001040000001D0302000000260000000000000003015976FE06CBFE7800FC0000000116052709093301040000001D0302000000260000000000000003015977A606CBFF3001080000000116052709100201040000001D030200001F7E',
      ),
      context(),
    );
    expect(result.positions).toHaveLength(8);
    expect(result.positions?.every((p) => p.attributes.archive === true && !p.outdated)).toBe(true);
    expect(result.positions?.[0].fixTime).toBe(Date.UTC(2016, 4, 27, 1, 6, 24));
    expect(result.reply).toBeDefined();
  });
});

describe('jt808 batches', () => {
  const record = (body: string) => (body.length / 2).toString(16).padStart(4, '0') + body;

  it('keeps the readable records of a batch with a corrupt one, and acknowledges it', () => {
    const good = basic({});
    const bad = basic({ lat: '0ff00000' });
    const result = jt808.decode(
      build(0x0704, '0003' + '00' + record(good) + record(bad) + record(good)),
      context(),
    );
    expect(result.positions).toHaveLength(2);
    expect(result.positions?.[0].attributes.archive).toBeUndefined();
    expect(result.reply).toBeDefined();
  });

  it('refuses a batch whose record length runs past the body', () => {
    expect(() =>
      jt808.decode(build(0x0704, '0001' + '00' + '0040' + basic({})), context()),
    ).toThrow('frame too short');
  });
});
