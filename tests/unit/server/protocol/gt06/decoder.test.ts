/**
 * GT06 decoding, one message type at a time: frames from the Concox protocol documents, frames
 * recorded from devices (as Traccar's tests and users' logs show them), and frames built here.
 * Every reply is checked byte for byte: a GT06 that is not answered reconnects forever.
 */
import { describe, expect, it } from 'vitest';
import type { DecodedPosition } from '../../../../../server/processing/types';
import { fromHex } from '../../../../../server/protocol/shared/bytes';
import { crc16X25 } from '../../../../../server/protocol/shared/checksum';
import { FrameError } from '../../../../../server/protocol/shared/definition';
import type { DecodeResult } from '../../../../../server/protocol/shared/definition';
import { gt06 } from '../../../../../server/protocol/gt06';
import { buildFrame } from '../../../../../server/protocol/gt06/frame';

const NOW = Date.UTC(2024, 0, 15, 12, 0, 0);

function decode(
  frame: string | Buffer,
  state = new Map<string, unknown>(),
  now = NOW,
): DecodeResult {
  const bytes = typeof frame === 'string' ? fromHex(frame) : frame;
  return gt06.decode(bytes, { uniqueId: '862874040737830', state, now, transport: 'tcp' });
}

function only(result: DecodeResult): DecodedPosition {
  expect(result.positions).toHaveLength(1);
  return result.positions![0];
}

const replyHex = (result: DecodeResult): string | undefined => result.reply?.toString('hex');

/** The acknowledgement a device waits for: its protocol number and serial, with the CRC. */
function ackHex(type: number, serial: number): string {
  const body = Buffer.from([0x05, type, serial >> 8, serial & 0xff]);
  const crc = crc16X25(body);
  return Buffer.concat([
    Buffer.from([0x78, 0x78]),
    body,
    Buffer.from([crc >> 8, crc & 0xff, 0x0d, 0x0a]),
  ]).toString('hex');
}

/** A GPS block: 2024-01-15 10:20:30, 9 satellites, 23.5 S 46.6 W, 60 km/h, course 90, fixed. */
const GPS = '18010f0a141e' + 'c9' + '02857260' + '04ffe840' + '3c' + '185a';
/** Brazilian cell: MCC 724, MNC 5, LAC 0x07a9, cell 0x0074d5. */
const CELL = '02d4' + '05' + '07a9' + '0074d5';

describe('login (0x01)', () => {
  it('names the IMEI without its leading nibble and gets the reply the device logs show', () => {
    // A Brazilian device's login and the answer Traccar sent it.
    const result = decode('78780d01086287404073783004669e6e0d0a');
    expect(result.identify).toEqual(['862874040737830']);
    expect(replyHex(result)).toBe('787805010466a9050d0a');
    expect(result.positions).toBeUndefined();
  });

  it('keeps a west zone from the extended login for the later dates', () => {
    const state = new Map<string, unknown>();
    // Type code 0x100f, zone word 0x190a: 4 h 00 west (bit 3), language 2.
    const login = decode('787811010864717003664467100f190a0002c6d20d0a', state);
    expect(login.identify).toEqual(['864717003664467']);
    expect(replyHex(login)).toBe(ackHex(0x01, 0x0002));
    const position = only(decode(buildFrame(0x12, fromHex(GPS + CELL), 3), state));
    // 10:20:30 at UTC-4 is 14:20:30 UTC.
    expect(position.fixTime).toBe(Date.UTC(2024, 0, 15, 14, 20, 30));
  });

  it('reads an east zone with minutes (GMT+5:30)', () => {
    const state = new Map<string, unknown>();
    const zone = (530 << 4) | 0x02;
    decode(
      buildFrame(
        0x01,
        Buffer.concat([
          fromHex('0123456789012345'),
          fromHex('0000'),
          Buffer.from([zone >> 8, zone & 0xff]),
        ]),
        1,
      ),
      state,
    );
    const position = only(decode(buildFrame(0x12, fromHex(GPS + CELL), 2), state));
    expect(position.fixTime).toBe(Date.UTC(2024, 0, 15, 4, 50, 30));
  });

  it('resets the zone on a login without one', () => {
    const state = new Map<string, unknown>([['gt06.timezone', 3_600_000]]);
    decode('78780d010352887071911998000479d00d0a', state);
    const position = only(decode(buildFrame(0x12, fromHex(GPS + CELL), 2), state));
    expect(position.fixTime).toBe(Date.UTC(2024, 0, 15, 10, 20, 30));
  });

  it('refuses a login too short for its IMEI', () => {
    expect(() => decode(buildFrame(0x01, fromHex('0862874040'), 1))).toThrow(FrameError);
  });
});

describe('GPS and cell packets', () => {
  it('decodes 0x12 from a Brazilian device, with the reply Traccar sent', () => {
    const result = decode(
      '78781f1216091d012209c401b420b0052701c400180002d40507a90074d5046855db0d0a',
    );
    expect(replyHex(result)).toBe('7878051204682a8a0d0a');
    const position = only(result);
    expect(position.outdated).toBe(false);
    expect(position.valid).toBe(true);
    expect(position.fixTime).toBe(Date.UTC(2022, 8, 29, 1, 34, 9));
    expect(position.latitude).toBeCloseTo(-15.87892, 5);
    expect(position.longitude).toBeCloseTo(-48.02358, 5);
    expect(position.speed).toBe(0);
    expect(position.attributes.sat).toBe(4);
    expect(position.network?.cellTowers).toEqual([
      { mobileCountryCode: 724, mobileNetworkCode: 5, locationAreaCode: 0x07a9, cellId: 0x0074d5 },
    ]);
  });

  it('reads every field of the GPS block from a built 0x12', () => {
    const position = only(decode(buildFrame(0x12, fromHex(GPS + CELL), 7)));
    expect(position.fixTime).toBe(Date.UTC(2024, 0, 15, 10, 20, 30));
    expect(position.deviceTime).toBe(position.fixTime);
    expect(position.attributes.sat).toBe(9);
    expect(position.latitude).toBeCloseTo(-23.5, 6);
    expect(position.longitude).toBeCloseTo(-46.6, 6);
    expect(position.speed).toBeCloseTo(60 / 1.852, 6);
    expect(position.course).toBe(90);
    expect(position.valid).toBe(true);
    expect(position.attributes.ignition).toBeUndefined();
  });

  it('takes north, east and an unfixed flag from the course-status word', () => {
    // Bit 10 north, bit 11 clear (east), bit 12 clear (not fixed), course 0x0ff.
    const gps = GPS.slice(0, 32) + '04ff';
    const position = only(decode(buildFrame(0x12, fromHex(gps + CELL), 1)));
    expect(position.latitude).toBeCloseTo(23.5, 6);
    expect(position.longitude).toBeCloseTo(46.6, 6);
    expect(position.valid).toBe(false);
    expect(position.course).toBe(255);
  });

  it('reads ACC from the course-status word when bit 14 says it is there', () => {
    const on = only(decode(buildFrame(0x12, fromHex(GPS.slice(0, 32) + 'd05a' + CELL), 1)));
    expect(on.attributes.ignition).toBe(true);
    const off = only(decode(buildFrame(0x12, fromHex(GPS.slice(0, 32) + '505a' + CELL), 1)));
    expect(off.attributes.ignition).toBe(false);
  });

  it('reads the trailer some 0x12 models add: ACC, upload mode, re-upload, mileage', () => {
    const position = only(decode(buildFrame(0x12, fromHex(GPS + CELL + '010001' + '00012345'), 1)));
    expect(position.attributes.ignition).toBe(true);
    expect(position.attributes.archive).toBe(true);
    expect(position.attributes.odometer).toBe(0x12345);
    const mileageOnly = only(decode(buildFrame(0x12, fromHex(GPS + CELL + '00000400'), 1)));
    expect(mileageOnly.attributes.odometer).toBe(1024);
    expect(mileageOnly.attributes.ignition).toBeUndefined();
  });

  it('keeps a fix of zeros outdated (no GPS yet)', () => {
    const zeros = '000000000000' + '00' + '00000000' + '00000000' + '00' + '0000';
    const position = only(decode(buildFrame(0x12, fromHex(zeros + CELL), 1)));
    expect(position.outdated).toBe(true);
    expect(position.fixTime).toBe(NOW);
    expect(position.network?.cellTowers).toHaveLength(1);
  });

  it('refuses coordinates off the globe', () => {
    const gps = GPS.slice(0, 14) + 'ffffffff' + GPS.slice(22);
    expect(() => decode(buildFrame(0x12, fromHex(gps + CELL), 1))).toThrow(FrameError);
  });

  it('decodes 0x10 (GPS only) and its old CRC-less form', () => {
    const plain = only(decode('787819100e010903230ec803ae32a60653cded00180000020072feb70d0a'));
    expect(plain.latitude).toBeCloseTo(-34.30438, 5);
    expect(plain.longitude).toBeCloseTo(-58.97528, 5);
    expect(plain.network).toBeNull();
    // Length byte counting the content alone, no serial, no CRC: acknowledged with serial 0.
    const bare = decode('7878121011091c0b1e2e98058507f80097a6ac03344a0d0a');
    expect(replyHex(bare)).toBe(ackHex(0x10, 0));
    expect(only(bare).latitude).toBeCloseTo(51.44689, 5);
    expect(only(bare).speed).toBeCloseTo(3 / 1.852, 6);
  });

  it('decodes 0x11 with its two-byte MNC and four-byte cell id', () => {
    const position = only(
      decode('78782111150b0b022c30c804b7af7808810cb0003c00012e02d075df0084890c000679950d0a'),
    );
    expect(position.latitude).toBeCloseTo(43.97048, 5);
    expect(position.network?.cellTowers).toEqual([
      { mobileCountryCode: 302, mobileNetworkCode: 720, locationAreaCode: 30175, cellId: 8685836 },
    ]);
  });

  it('decodes the documented 0x22 with ACC, upload mode and re-upload', () => {
    const result = decode(
      '787822220F0C1D023305C9027AC8180C46586000140001CC00287D001F71000001000820860D0A',
    );
    expect(replyHex(result)).toBe(ackHex(0x22, 0x0008));
    const position = only(result);
    expect(position.fixTime).toBe(Date.UTC(2015, 11, 29, 2, 51, 5));
    expect(position.latitude).toBeCloseTo(23.11169, 5);
    expect(position.longitude).toBeCloseTo(114.4093, 4);
    expect(position.attributes).toMatchObject({
      type: 0x22,
      sat: 9,
      ignition: false,
      event: 0,
      archive: true,
    });
    expect(position.network?.cellTowers).toEqual([
      { mobileCountryCode: 460, mobileNetworkCode: 0, locationAreaCode: 10365, cellId: 8049 },
    ]);
  });

  it('decodes a Brazilian 0x22 with ACC on and its mileage', () => {
    const position = only(decode(buildFrame(0x22, fromHex(GPS + CELL + '010300' + '0001e240'), 9)));
    expect(position.attributes).toMatchObject({
      ignition: true,
      event: 3,
      archive: false,
      odometer: 123456,
    });
  });

  it('decodes 0xA0 (4G cell: LAC 4 bytes, cell id 8) from a Brazilian device', () => {
    const result = decode(
      '787829a01707150f2d0ecd01635100041e96d000087c02d4020000912e000000000718798d000e0006ed3ce50d0a',
    );
    expect(replyHex(result)).toBe(ackHex(0xa0, 0x06ed));
    const position = only(result);
    expect(position.attributes.ignition).toBe(false);
    expect(position.latitude).toBeCloseTo(-12.93668, 5);
    expect(position.network?.cellTowers).toEqual([
      {
        mobileCountryCode: 724,
        mobileNetworkCode: 2,
        locationAreaCode: 0x912e,
        cellId: 0x0718798d,
      },
    ]);
  });

  it('decodes 0xA0 whose MCC bit 15 announces a two-byte MNC', () => {
    const cell = '82d4' + '000b' + '0000912e' + '000000000718798d';
    const position = only(decode(buildFrame(0xa0, fromHex(GPS + cell + '010000'), 1)));
    expect(position.network?.cellTowers?.[0]).toMatchObject({
      mobileCountryCode: 724,
      mobileNetworkCode: 11,
    });
    expect(position.attributes.ignition).toBe(true);
  });

  it('decodes 0x37 with its power module', () => {
    const module = '0027' + '02' + '04b0';
    const position = only(decode(buildFrame(0x37, fromHex(GPS + CELL + '010000' + module), 1)));
    expect(position.attributes.power).toBe(12);
    expect(position.attributes.ignition).toBe(true);
  });

  it('reads the 0x12 clone with a status block (power, GSM)', () => {
    const position = only(
      decode('7878241216040e102c22cf00915ffb04c6016300195a02d402283b00753f400571040001dda4880d0a'),
    );
    expect(position.attributes).toMatchObject({
      ignition: false,
      power: 13.93,
      rssi: 4,
      blocked: false,
    });
  });

  it('reads the 0x12 clone with alert, temperature and mileage', () => {
    const position = only(
      decode(
        '78782b1215050d03041bcf031ff30a0be795bc001c17014e14a065dd95314504b6040000001c00000cd90ab8fb6f0d0a',
      ),
    );
    expect(position.attributes).toMatchObject({
      temp1: 28,
      power: 12.06,
      odometer: 32890,
      armed: true,
    });
  });
});

describe('alarm packets (0x16, 0x26, 0x27, 0xA4)', () => {
  it('decodes the documented 0x26: cut relay, tampering alert', () => {
    const result = decode(
      '787825260F0C1D030B26C9027AC8180C4658600004000901CC00287D001F718004041302000C472A0D0A',
    );
    expect(replyHex(result)).toBe(ackHex(0x26, 0x000c));
    const position = only(result);
    expect(position.valid).toBe(false);
    expect(position.attributes).toMatchObject({
      blocked: true,
      ignition: false,
      charge: false,
      armed: false,
      status: 0x80,
      batteryLevel: 66,
      rssi: 4,
      alarm: 'tampering',
    });
    expect(position.network?.cellTowers).toEqual([
      { mobileCountryCode: 460, mobileNetworkCode: 0, locationAreaCode: 10365, cellId: 8049 },
    ]);
  });

  it('raises the SOS of a 0x16 and reads ACC from the status byte', () => {
    const position = only(
      decode('7878241617070a150e24ca01fba0040780e177005c0001720253360027db6204e40400004bf1e90d0a'),
    );
    expect(position.attributes.alarm).toBe('sos');
    expect(position.attributes.ignition).toBe(true);
  });

  it('raises a power cut from a Brazilian 0x16', () => {
    const result = decode(
      '7878251610051b0f1c34c5022515d504b5dcd20738080902d4022bdf009cba5006640201006759680d0a',
    );
    const position = only(result);
    expect(position.latitude).toBeCloseTo(-19.99159, 5);
    expect(position.attributes.alarm).toBe('powerCut');
    expect(replyHex(result)).toBe(ackHex(0x16, 0x0067));
  });

  it('maps the documented alert codes', () => {
    const alarms: [number, string][] = [
      [0x01, 'sos'],
      [0x02, 'powerCut'],
      [0x03, 'vibration'],
      [0x04, 'geofenceEnter'],
      [0x05, 'geofenceExit'],
      [0x06, 'overspeed'],
      [0x09, 'vibration'],
      [0x0e, 'lowBattery'],
      [0x11, 'powerOff'],
      [0x13, 'tampering'],
      [0x14, 'door'],
      [0x18, 'removing'],
      [0x19, 'lowBattery'],
      [0x23, 'fallDown'],
      [0x29, 'hardAcceleration'],
      [0x2c, 'accident'],
      [0x30, 'jamming'],
    ];
    for (const [code, alarm] of alarms) {
      const status = '40' + '06' + '04' + code.toString(16).padStart(2, '0') + '02';
      const position = only(decode(buildFrame(0x16, fromHex(GPS + '09' + CELL + status), 1)));
      expect([code, position.attributes.alarm]).toEqual([code, alarm]);
    }
    // "ACC on" (0xFE) has no alarm key.
    const quiet = only(decode(buildFrame(0x16, fromHex(GPS + '09' + CELL + '4006' + '04fe02'), 1)));
    expect(quiet.attributes.alarm).toBeUndefined();
  });

  it('raises the alarm of the status byte bits 3–5 too', () => {
    // 0x20: bits 3–5 = 100, SOS; alert byte 0.
    const position = only(decode(buildFrame(0x16, fromHex(GPS + '09' + CELL + '2006040002'), 1)));
    expect(position.attributes.alarm).toBe('sos');
  });

  it('reads a cell whose length byte does not count itself', () => {
    const position = only(
      decode(
        '78782526160913063918c002780fab0c44750f00040008027f14084c0038420600030c020007398e0d0a',
      ),
    );
    expect(position.attributes.alarm).toBe('tampering');
    expect(position.network?.cellTowers).toEqual([
      { mobileCountryCode: 639, mobileNetworkCode: 20, locationAreaCode: 0x084c, cellId: 0x003842 },
    ]);
  });

  it('reads the mileage after the alert and language bytes', () => {
    const position = only(
      decode(buildFrame(0x16, fromHex(GPS + '09' + CELL + '4206040002' + '00002710'), 1)),
    );
    expect(position.attributes.odometer).toBe(10000);
  });

  it('decodes 0x27 with its geofence number', () => {
    const result = decode(
      '78782727110c0b0e170f850450059107f461ae001c7e0a81360104cb8a00bef32806030c02ff000316b10d0a',
    );
    const position = only(result);
    expect(position.attributes).toMatchObject({ alarm: 'tampering', geofence: 255 });
    expect(replyHex(result)).toBe(ackHex(0x27, 0x0003));
  });

  it('extends the 0x27 alert with the language byte high nibble', () => {
    // Alert 0x07, language 0x12: code 0x107, jamming.
    const position = only(
      decode(buildFrame(0x27, fromHex(GPS + '09' + CELL + '4006040712' + '01'), 1)),
    );
    expect(position.attributes.alarm).toBe('jamming');
    expect(position.attributes.geofence).toBe(1);
  });

  it('decodes the 4G multi-fence 0xA4 with its long cell', () => {
    const position = only(
      decode(
        '78782da41a0509160203cf05be31f80c306530001c0010012ed000007ef40000000006428b074205041302ff0009389c0d0a',
      ),
    );
    expect(position.attributes.alarm).toBe('tampering');
    expect(position.network?.cellTowers?.[0]).toMatchObject({
      locationAreaCode: 0x7ef4,
      cellId: 0x06428b07,
    });
  });

  it('decodes the 0x16 clone without the cell length byte, ignoring its alert byte', () => {
    const content = GPS + CELL + '8006040102';
    const position = only(decode(buildFrame(0x16, fromHex(content), 1)));
    expect(position.attributes.blocked).toBe(true);
    expect(position.attributes.alarm).toBeUndefined();
    expect(position.network?.cellTowers?.[0]).toMatchObject({ mobileCountryCode: 724 });
  });
});

describe('status and heartbeat', () => {
  it('decodes the 0x13 of a Brazilian device with the reply Traccar sent', () => {
    const result = decode('78780a1340060300020467832e0d0a');
    expect(replyHex(result)).toBe('78780513046788a10d0a');
    const position = only(result);
    expect(position.outdated).toBe(true);
    expect(position.fixTime).toBe(NOW);
    expect(position.attributes).toMatchObject({
      ignition: false,
      blocked: false,
      charge: false,
      armed: false,
      batteryLevel: 100,
      rssi: 3,
    });
    expect(position.attributes.alarm).toBeUndefined();
  });

  it('reports the cut relay, ACC, charge and defence bits', () => {
    // 0x87: cut (bit 7), charging (2), ACC (1), defence (0); voltage level 4, GSM 2.
    const position = only(decode(buildFrame(0x13, fromHex('8704020002'), 0x20)));
    expect(position.attributes).toMatchObject({
      blocked: true,
      charge: true,
      ignition: true,
      armed: true,
      batteryLevel: 66,
      rssi: 2,
      status: 0x87,
    });
  });

  it('reads a blocked device from the documents heartbeat example', () => {
    const position = only(decode('78780a13c40604000201298f5b0d0a'));
    expect(position.attributes.blocked).toBe(true);
  });

  it('decodes the OBD clone 0x13 (power, satellites)', () => {
    const position = only(decode('7878131302801900002e42016f000000003a0177ef180d0a'));
    expect(position.attributes).toMatchObject({ power: 3.67, batteryLevel: 46, ignition: true });
  });

  it('decodes the GK310 heartbeat (0x23)', () => {
    const result = decode('78780B23C00122040001000818720D0A');
    expect(replyHex(result)).toBe(ackHex(0x23, 0x0008));
    expect(only(result).attributes).toMatchObject({
      armed: false,
      ignition: false,
      charge: false,
      battery: 2.9,
      rssi: 4,
    });
  });

  it('decodes the cell and status of 0x19 and answers it', () => {
    const result = decode('78781219028f0a29e10036f12003040102000875dc0d0a');
    const position = only(result);
    expect(position.outdated).toBe(true);
    expect(position.attributes.alarm).toBe('sos');
    expect(position.network?.cellTowers).toEqual([
      { mobileCountryCode: 655, mobileNetworkCode: 10, locationAreaCode: 10721, cellId: 14065 },
    ]);
    expect(replyHex(result)).toBe(ackHex(0x19, 0x0008));
  });

  it('leaves a multi-cell 0x19 unanswered, as Traccar does', () => {
    expect(decode('7878171915061810051a01f90101700d08c8f50c0000065494ae0d0a')).toEqual({});
  });

  it('decodes the 4G cell alarm 0xA5', () => {
    const position = only(decode('787819a501cc0000009191000000000906170304050400010005f44d0d0a'));
    expect(position.network?.cellTowers?.[0]).toEqual({
      mobileCountryCode: 460,
      mobileNetworkCode: 0,
      locationAreaCode: 0x9191,
      cellId: 0x09061703,
    });
    expect(position.attributes.charge).toBe(true);
  });
});

describe('cell and Wi-Fi reports without GPS', () => {
  it('decodes the documented 0x28 with its neighbour cells', () => {
    const result = decode(
      '78783B2810010D02020201CC00287D001F713E287D001F7231287D001E232D287D001F4018000000000000000000000000000000000000FF00020005B14B0D0A',
    );
    expect(replyHex(result)).toBe(ackHex(0x28, 0x0005));
    const position = only(result);
    expect(position.outdated).toBe(true);
    expect(position.deviceTime).toBe(Date.UTC(2016, 0, 13, 2, 2, 2));
    expect(position.network?.cellTowers).toEqual([
      {
        mobileCountryCode: 460,
        mobileNetworkCode: 0,
        locationAreaCode: 10365,
        cellId: 8049,
        signalStrength: -62,
      },
      {
        mobileCountryCode: 460,
        mobileNetworkCode: 0,
        locationAreaCode: 10365,
        cellId: 8050,
        signalStrength: -49,
      },
      {
        mobileCountryCode: 460,
        mobileNetworkCode: 0,
        locationAreaCode: 10365,
        cellId: 7715,
        signalStrength: -45,
      },
      {
        mobileCountryCode: 460,
        mobileNetworkCode: 0,
        locationAreaCode: 10365,
        cellId: 8000,
        signalStrength: -24,
      },
    ]);
  });

  it('decodes 0x2C with its Wi-Fi access points', () => {
    const position = only(
      decode(
        '7878412c11030b011c1f013604cb8a00b17754cb8a00bef357cb8a00b73f5fcb8900b0e25fcb8900b6655fcb8a00b74960cb8a00b178620701001801eb40393800bbbde10d0a',
      ),
    );
    expect(position.network?.cellTowers).toHaveLength(7);
    expect(position.network?.wifiAccessPoints).toEqual([
      { macAddress: '00:18:01:eb:40:39', signalStrength: 56 },
    ]);
  });

  it('decodes the 4G 0xA1 cells', () => {
    const position = only(
      decode(
        '78786CA1110B0413093801CC01000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201000025FC000000000618C10201FF0002000541D70D0A',
      ),
    );
    expect(position.network?.cellTowers?.[0]).toEqual({
      mobileCountryCode: 460,
      mobileNetworkCode: 1,
      locationAreaCode: 0x25fc,
      cellId: 0x0618c102,
      signalStrength: -1,
    });
  });

  it('answers the counted Wi-Fi 0x69 with the bare acknowledgement carrying its time', () => {
    const result = decode(
      '787803691604130318491475905BD30E25001E10BBF7635D14759006E626560501CC0028660F213228660F1F2828660EA81E286610731428660F20140D0A',
    );
    expect(replyHex(result)).toBe('787800691604130318490d0a');
    const position = only(result);
    expect(position.outdated).toBe(true);
    expect(position.deviceTime).toBe(Date.UTC(2016, 3, 13, 3, 18, 49));
    expect(position.network?.wifiAccessPoints).toEqual([
      { macAddress: '14:75:90:5b:d3:0e', signalStrength: 37 },
      { macAddress: '00:1e:10:bb:f7:63', signalStrength: 93 },
      { macAddress: '14:75:90:06:e6:26', signalStrength: 86 },
    ]);
    expect(position.network?.cellTowers).toHaveLength(5);
    expect(position.network?.cellTowers?.[0]).toEqual({
      mobileCountryCode: 460,
      mobileNetworkCode: 0,
      locationAreaCode: 0x2866,
      cellId: 0x0f21,
      signalStrength: 0x32,
    });
  });

  it('answers a counted Wi-Fi 0x17 with a byte of padding, as a user log shows', () => {
    const result = decode(
      '78780017260405214936050106033cc8d8c36e3cc8d8c16e3cc8d9926e3cc8d5676e3cc8d56e6e000d0a',
    );
    expect(replyHex(result)).toBe('787800172604052149360d0a');
    expect(only(result).network?.cellTowers).toHaveLength(5);
  });
});

describe('driver identification', () => {
  it('reads the iButton key of 0x61 as its decimal number', () => {
    const result = decode(
      '78782e610869412070143950190a1e0d3806c802b0eb0f0561ecdc00d80002d404000004215f0e000001395581000d1ca60d0a',
    );
    expect(only(result).attributes.driverUniqueId).toBe('20534657');
    expect(replyHex(result)).toBe(ackHex(0x61, 0x000d));
  });

  it('reads the RFID card of the 0x17 location packet as hex', () => {
    const position = only(
      decode(
        '7878281718060e021831c6026e8acc0c361b1000140001cc00286d000f4dbf0000012ca7e001000004b2630d0a',
      ),
    );
    expect(position.attributes.driverUniqueId).toBe('bf0000012ca7e001');
    expect(position.latitude).toBeCloseTo(22.66607, 5);
  });

  it('reads the RFID of the information packet 0x94/0x1B', () => {
    expect(only(decode('7979000e941b02084277efef350303eadaed0d0a')).attributes.driverUniqueId).toBe(
      '4277efef',
    );
  });
});

describe('command answers', () => {
  it('turns the 0x15 answer into a result and acknowledges it', () => {
    const result = decode(
      '78782d152500000000437574206f6666207468652066756' +
        '56c20737570706c793a2053756363657373210002013b898a0d0a',
    );
    expect(only(result).attributes.result).toBe('Cut off the fuel supply: Success!');
    expect(only(result).outdated).toBe(true);
    expect(replyHex(result)).toBe(ackHex(0x15, 0x013b));
  });

  it('reads the answer of a model that sends a zero length and zero padding', () => {
    const result = decode(
      '787866150000000000416c726561647920696e20746865207374617465206f66206675656c20737570706c7920746f20726573756d652c74686520636f6d6d616e64206973206e6f742072756e6e696e672100000000000000000000000000000000000001001981e50d0a',
    );
    expect(only(result).attributes.result).toBe(
      'Already in the state of fuel supply to resume,the command is not running!',
    );
  });

  it('reads an ICCID answer as the iccid attribute', () => {
    const position = only(
      decode(
        '7878281520000000003c49434349443a38393838323339303030303039373330323635303e00020d446f260d0a',
      ),
    );
    expect(position.attributes.iccid).toBe('89882390000097302650');
    expect(position.attributes.result).toBeUndefined();
  });

  it('reads the UTF-16 answer of 0x21 without acknowledging it', () => {
    const result = decode(
      '797900262100000000020043006f006d006d0061006e00640020006500720072006f0072002100236e850d0a',
    );
    expect(only(result).attributes.result).toBe('Command error!');
    expect(result.reply).toBeUndefined();
  });

  it('reads an ASCII 0x21 answer', () => {
    const text = Buffer.from('Restore fuel supply: Success!', 'latin1');
    const frame = buildFrame(0x21, Buffer.concat([fromHex('0000000001'), text]), 4, true);
    expect(only(decode(frame)).attributes.result).toBe('Restore fuel supply: Success!');
  });

  it('turns the position text of a WHERE# answer into a fix', () => {
    const result = decode(
      '7979007121000000000143757272656e7420706f736974696f6e214c61743a4e35342e3733393333322c4c6f6e3a4532352e3237333237302c436f757273653a3132362e35332c53706565643a302e303030302c4461746554696d653a323031372d30352d3236202031303a32373a3437000bbee30d0a',
    );
    const position = only(result);
    expect(position.outdated).toBe(false);
    expect(position.latitude).toBeCloseTo(54.739332, 6);
    expect(position.longitude).toBeCloseTo(25.27327, 6);
    expect(position.course).toBe(126.53);
    expect(position.fixTime).toBe(Date.UTC(2017, 4, 26, 10, 27, 47));
  });

  it('reads a serial accessory answer (0x9B) as text or hex', () => {
    expect(only(decode('797900109b0344373532304136320d0a000f87f00d0a')).attributes.result).toBe(
      'D7520A62',
    );
    expect(only(decode('797900099b0380d600046f91e90d0a')).attributes.result).toBe('80d600');
  });

  it('refuses a 0x15 whose length is shorter than its server flag', () => {
    expect(() => decode(buildFrame(0x15, fromHex('0200000000'), 1))).toThrow(FrameError);
  });

  it('refuses a 0x15 whose length runs past its content', () => {
    expect(() => decode(buildFrame(0x15, fromHex('40000000004142'), 1))).toThrow(FrameError);
  });
});

describe('information (0x94), time and address requests', () => {
  it('reads the external voltage of the short 0x94 as power, unanswered', () => {
    const result = decode('7878079404eb001c705d0d0a');
    expect(only(result).attributes.power).toBe(12.59);
    expect(result.reply).toBeUndefined();
  });

  it('reads the sub-types of the long 0x94', () => {
    expect(only(decode('79790008940000ed0289d6860d0a')).attributes.adc1).toBe(2.37);
    expect(only(decode('79790008940b02e3048614200d0a')).attributes.power).toBe(7.39);
    expect(only(decode('79790007940B010A0B5ACE0D0A')).attributes.networkTechnology).toBe('4G');
    expect(only(decode('7979000d940516090908081c030defbd2d0d0a')).attributes.door).toBe(true);
    expect(
      only(decode('79790020940a035985708236675805200502187214018966051912408052452f000355560d0a'))
        .attributes.iccid,
    ).toBe('8966051912408052452');
    expect(only(decode('7979000e941e000000d5000002ee00f59b850d0a')).attributes).toMatchObject({
      temp1: 21.3,
      humidity: 75,
    });
    const sync = only(
      decode(
        '797900849404414c4d313d43353b414c4d323d43433b414c4d333d35433b535441313d43303b4459443d30313b534f533d303133323838333730302c2c3b43454e5445523d303133323838333730303b46454e43453d46656e63652c4f46462c302c302e3030303030302c302e3030303030302c3330302c494e206f72204f55542c313b00b79d120d0a',
      ),
    );
    expect(sync.attributes).toMatchObject({
      alarm1Status: 0xc5,
      otherStatus: 0xc0,
      engineStatus: 1,
    });
  });

  it('answers the time request with the UTC time and serial 0', () => {
    const now = Date.UTC(2015, 11, 29, 0, 0, 21);
    const result = decode('7878058A000688290D0A', new Map(), now);
    expect(result.positions).toBeUndefined();
    const body = fromHex('0b8a0f0c1d0000150000');
    const crc = crc16X25(body);
    expect(replyHex(result)).toBe(
      '7878' + body.toString('hex') + crc.toString(16).padStart(4, '0') + '0d0a',
    );
  });

  it('answers an address request with the English address packet saying NA', () => {
    const result = decode(
      '78782E2A0F0C1D071139CA027AC8000C4658000014D83132353230313335333231373730373900000000000001002A6ECE0D0A',
    );
    expect(replyHex(result)).toBe('79790015970b000000004e4126264e4126263023230000e61e0d0a');
    expect(result.positions).toBeUndefined();
  });
});

describe('other packets', () => {
  it('acknowledges an unknown short packet as Traccar does, without a position', () => {
    const result = decode('78780d1f000000000000000200b196a20d0a');
    expect(replyHex(result)).toBe(ackHex(0x1f, 0x00b1));
    expect(result.positions).toBeUndefined();
  });

  it('answers nothing to an unknown long packet or a command echoed by the device', () => {
    expect(decode(buildFrame(0x66, fromHex('0102'), 1, true))).toEqual({});
    expect(decode(buildFrame(0x80, fromHex('0c000000005265'), 1))).toEqual({});
  });

  it('acknowledges the long modular packet short, as Traccar does', () => {
    expect(replyHex(decode(buildFrame(0x70, fromHex('0001000100'), 0x33, true)))).toBe(
      ackHex(0x70, 0x33),
    );
  });

  it('refuses a frame whose CRC fails', () => {
    expect(() => decode('78780a1340060300020467832f0d0a')).toThrow(FrameError);
  });

  it('refuses truncated content with a FrameError, never a RangeError', () => {
    for (const type of [
      0x10, 0x11, 0x12, 0x13, 0x16, 0x17, 0x19, 0x22, 0x23, 0x27, 0x28, 0x2c, 0x61, 0x94, 0xa0,
      0xa1, 0xa5,
    ]) {
      for (const length of [1, 5, 17, 20]) {
        const frame = buildFrame(type, Buffer.alloc(length, 0x01), 1, type === 0x94);
        try {
          decode(frame);
        } catch (error) {
          expect([type, length, error]).toEqual([type, length, expect.any(FrameError)]);
        }
      }
    }
  });

  it('reads a clone frame whose length byte miscounts, by its CRC', () => {
    // Length 0x08 where 0x0a was due; the CRC holds over the bytes sent.
    const result = decode('787808134606020002044dc5050d0a');
    expect(replyHex(result)).toBe(ackHex(0x13, 0x044d));
    expect(only(result).attributes.ignition).toBe(true);
  });
});
