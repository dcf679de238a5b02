import { describe, expect, it } from 'vitest';
import type { DecodedPosition } from '../../../../../server/processing/types';
import { FrameError } from '../../../../../server/protocol/shared/definition';
import { fromHex } from '../../../../../server/protocol/shared/bytes';
import { teltonika } from '../../../../../server/protocol/teltonika';
import { CODEC, MESSAGE_TYPE } from '../../../../../server/protocol/teltonika/codec';
import {
  codec14Imei,
  imeiFrame,
  messageData,
  tcpPacket,
  udpPacket,
} from '../../../../../server/protocol/teltonika/frames';
import {
  type AvlRecord,
  type IoValue,
  avlData,
  avlRecord,
} from '../../../../../server/protocol/teltonika/writer';
import { DEVICE, DOC } from './vectors';
import { decodeContext } from '../../../../support/decodeContext';

const NOW = Date.UTC(2024, 4, 1, 12, 0, 0);

const context = (transport: 'tcp' | 'udp' = 'tcp') => decodeContext(NOW, { transport });

const decode = (frame: Buffer | string, transport: 'tcp' | 'udp' = 'tcp') =>
  teltonika.decode(typeof frame === 'string' ? fromHex(frame) : frame, context(transport));

function positionsOf(frame: Buffer | string, transport: 'tcp' | 'udp' = 'tcp'): DecodedPosition[] {
  const positions = decode(frame, transport).positions;
  if (!positions) throw new Error('no positions');
  return positions;
}

function frameError(fn: () => unknown): FrameError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(FrameError);
    return error as FrameError;
  }
  throw new Error('expected a FrameError');
}

/** One codec 8 packet of one record at a known place, with the given IO elements. */
const FIX: AvlRecord = {
  time: Date.UTC(2024, 3, 30, 8, 15, 0),
  latitude: -23.5505199,
  longitude: -46.6333094,
  altitude: 760,
  course: 275,
  satellites: 11,
  speedKph: 54,
};

function packet(io: IoValue[], record: Partial<AvlRecord> = {}, codec: number = CODEC.CODEC_8) {
  return tcpPacket(avlData(codec, [avlRecord(codec, { ...FIX, ...record, io })]));
}

const one = (frame: Buffer): DecodedPosition => {
  const positions = positionsOf(frame);
  expect(positions).toHaveLength(1);
  return positions[0];
};

describe('Teltonika login', () => {
  it('names the IMEI and answers 0x01, or 0x00 to an unknown device', () => {
    const result = decode('000F313233343536373839303132333435');
    expect(result.identify).toEqual(['123456789012345']);
    expect(result.reply).toEqual(Buffer.from([0x01]));
    expect(result.replyUnknown).toEqual(Buffer.from([0x00]));
    expect(result.positions).toBeUndefined();
  });

  it('refuses a login that is not digits, or shorter than its length says', () => {
    frameError(() => decode(imeiFrame('35209308A403655')));
    frameError(() => decode('000F3132333435'));
  });

  it('ignores the 0xFF keep-alive', () => {
    expect(decode('ff')).toEqual({});
  });
});

describe('Teltonika codec 8', () => {
  it('decodes the protocol document example without a fix, and acknowledges one record', () => {
    const result = decode(DOC.codec8One);
    expect(result.reply).toEqual(fromHex('00000001'));
    expect(result.identify).toBeUndefined();
    const [position] = result.positions ?? [];
    expect(position.fixTime).toBe(Date.UTC(2019, 5, 10, 10, 4, 46));
    expect(position.deviceTime).toBe(position.fixTime);
    // No coordinates and no satellites: the server keeps the last location.
    expect(position.outdated).toBe(true);
    expect(position.valid).toBe(false);
    expect(position.attributes).toEqual({
      priority: 1,
      sat: 0,
      event: 1,
      rssi: 3,
      in1: true,
      power: 24.079,
      operator: 24602,
    });
  });

  it('keeps the records of a packet in its order and acknowledges them all', () => {
    const result = decode(DOC.codec8Two);
    expect(result.reply).toEqual(fromHex('00000002'));
    const positions = result.positions ?? [];
    expect(positions.map((p) => p.attributes.in1)).toEqual([false, true]);
    expect(positions[0].fixTime).toBeLessThan(positions[1].fixTime);
  });

  it('reads coordinates, speed, course, altitude and the serving cell of a real record', () => {
    const position = one(fromHex(DEVICE.codec8Cell));
    expect(position.fixTime).toBe(Date.UTC(2019, 0, 4, 12, 27, 19));
    expect(position.valid).toBe(true);
    expect(position.outdated).toBe(false);
    expect(position.latitude).toBe(48.1523066);
    expect(position.longitude).toBe(16.3745183);
    expect(position.altitude).toBe(190);
    expect(position.course).toBe(198);
    expect(position.speed).toBeCloseTo(83 / 1.852, 9);
    expect(position.attributes).toMatchObject({
      sat: 15,
      motion: true,
      in1: true,
      power: 14.233,
      battery: 3.976,
      bleTemp1: 30,
      operator: 23201,
      odometer: 2656224,
    });
    expect(position.network).toEqual({
      cellTowers: [
        { locationAreaCode: 17007, cellId: 63501, mobileCountryCode: 232, mobileNetworkCode: 1 },
      ],
    });
    // The cell's IO elements are folded into the tower, not left as attributes.
    expect(position.attributes).not.toHaveProperty('lac');
    expect(position.attributes).not.toHaveProperty('cid2g');
  });

  it('keeps the coordinates of a record without satellites, as not valid', () => {
    const position = one(packet([], { satellites: 0, speedKph: 0 }));
    expect(position.valid).toBe(false);
    expect(position.outdated).toBe(false);
    expect(position.latitude).toBe(FIX.latitude);
    expect(position.longitude).toBe(FIX.longitude);
    expect(position.attributes.sat).toBe(0);
  });

  it('reads signed coordinates and altitude', () => {
    const position = one(
      packet([], { latitude: -0.0000001, longitude: -179.9999999, altitude: -12 }),
    );
    expect(position.latitude).toBe(-0.0000001);
    expect(position.longitude).toBe(-179.9999999);
    expect(position.altitude).toBe(-12);
  });

  it('keeps the IO data of a record whose coordinates are off the globe, without a fix', () => {
    const result = decode(packet([{ id: 239, width: 1, value: 1 }], { latitude: 95 }));
    // The packet is still acknowledged: refusing it would make the device send it forever.
    expect(result.reply).toEqual(fromHex('00000001'));
    const [position] = result.positions ?? [];
    expect(position.outdated).toBe(true);
    expect(position.attributes.ignition).toBe(true);
  });

  it('acknowledges an empty packet with zero', () => {
    const result = decode(tcpPacket(avlData(CODEC.CODEC_8, [])));
    expect(result.reply).toEqual(fromHex('00000000'));
    expect(result.positions).toEqual([]);
  });
});

describe('Teltonika IO elements', () => {
  const io = (id: number, width: IoValue['width'], value: IoValue['value']) => ({
    id,
    width,
    value,
  });
  const attributesOf = (...elements: IoValue[]) => one(packet(elements)).attributes;

  it('maps the usual FMB elements to Traccar keys and units', () => {
    const attributes = attributesOf(
      io(239, 1, 1),
      io(240, 1, 0),
      io(1, 1, 1),
      io(2, 1, 0),
      io(3, 1, 1),
      io(4, 1, 0),
      io(179, 1, 1),
      io(180, 1, 0),
      io(21, 1, 4),
      io(80, 1, 2),
      io(200, 1, 1),
      io(113, 1, 87),
      io(66, 2, 12_874),
      io(67, 2, 4_015),
      io(9, 2, 1_250),
      io(181, 2, 12),
      io(182, 2, 7),
      io(16, 4, 1_234_567),
      io(199, 4, 4_321),
      io(241, 4, 72_410),
    );
    expect(attributes).toMatchObject({
      ignition: true,
      motion: false,
      in1: true,
      in2: false,
      in3: true,
      in4: false,
      out1: true,
      blocked: true,
      out2: false,
      rssi: 4,
      dataMode: 2,
      sleepMode: 1,
      batteryLevel: 87,
      power: 12.874,
      battery: 4.015,
      adc1: 1.25,
      pdop: 1.2,
      hdop: 0.7,
      odometer: 1_234_567,
      tripOdometer: 4_321,
      operator: 72_410,
    });
  });

  it('reads the iButton least significant byte first, as 16 hex digits', () => {
    const id = Buffer.from('01abcdef23010000', 'hex');
    expect(attributesOf(io(78, 8, id)).driverUniqueId).toBe('00000123EFCDAB01');
    expect(attributesOf(io(78, 8, 0n))).not.toHaveProperty('driverUniqueId');
  });

  it('reads Dallas temperatures in tenths of a degree, signed', () => {
    const attributes = attributesOf(io(72, 4, 215), io(73, 4, -55));
    expect(attributes.temp1).toBe(21.5);
    expect(attributes.temp2).toBe(-5.5);
  });

  it('takes the GNSS speed element over the record speed', () => {
    const position = one(packet([io(24, 2, 100)], { speedKph: 20 }));
    expect(position.speed).toBeCloseTo(100 / 1.852, 9);
  });

  it('raises the event alarms', () => {
    const alarm = (...elements: IoValue[]) => attributesOf(...elements).alarm;
    expect(alarm(io(246, 1, 1))).toBe('tow');
    expect(alarm(io(247, 1, 1))).toBe('accident');
    expect(alarm(io(249, 1, 1))).toBe('jamming');
    expect(alarm(io(251, 1, 1))).toBe('idle');
    expect(alarm(io(252, 1, 1))).toBe('powerCut');
    expect(alarm(io(236, 1, 1))).toBe('general');
    expect(alarm(io(253, 1, 1))).toBe('hardAcceleration');
    expect(alarm(io(253, 1, 2))).toBe('hardBraking');
    expect(alarm(io(253, 1, 3))).toBe('hardCornering');
    expect(alarm(io(175, 1, 1))).toBe('geofenceEnter');
    expect(alarm(io(175, 1, 0))).toBe('geofenceExit');
    expect(alarm(io(246, 1, 1), io(252, 1, 1))).toBe('tow,powerCut');
    // An event flag back at zero raises nothing.
    expect(alarm(io(247, 1, 0), io(252, 1, 0), io(253, 1, 0))).toBeUndefined();
  });

  it('keeps the elements it has no name for as io<id> with their raw value', () => {
    const attributes = attributesOf(
      io(69, 1, 1),
      io(250, 1, 2),
      io(255, 1, 90),
      io(155, 1, 1),
      io(70, 2, 65_535),
      io(230, 4, 0xfffffffe),
      io(14, 8, 500_686_954n),
      io(15, 8, 0xffffffffffffffffn),
      io(201, 8, 0x7fffffffffffffffn),
    );
    expect(attributes).toMatchObject({
      io69: 1,
      io250: 2,
      io255: 90,
      io155: 1,
      io70: 65_535,
      io230: 0xfffffffe,
      io14: 500_686_954,
      // 8-byte values are signed; beyond a number's exact range they stay digits.
      io15: -1,
      io201: '9223372036854775807',
    });
  });

  it('keeps a known element sent narrower than it reads as io<id>', () => {
    const attributes = attributesOf(io(78, 2, 0x1234), io(66, 1, 12));
    expect(attributes.io78).toBe(0x1234);
    expect(attributes.io66).toBe(12);
    expect(attributes).not.toHaveProperty('power');
  });

  it('builds a 2G cell from its LAC, cell id and operator, and an LTE one from its 4-byte id', () => {
    const gsm = one(packet([io(205, 2, 4_321), io(206, 2, 1_200), io(241, 4, 72_410)]));
    expect(gsm.network).toEqual({
      cellTowers: [
        { locationAreaCode: 1_200, cellId: 4_321, mobileCountryCode: 724, mobileNetworkCode: 10 },
      ],
    });
    const lte = one(packet([io(636, 4, 123_456_789), io(206, 2, 55)], {}, CODEC.CODEC_8_EXT));
    expect(lte.network).toEqual({
      radioType: 'lte',
      cellTowers: [{ locationAreaCode: 55, cellId: 123_456_789 }],
    });
    expect(one(packet([io(206, 2, 55)])).network).toBeNull();
  });
});

describe('Teltonika codec 8 Extended', () => {
  it('decodes the protocol document example (2-byte ids and counts)', () => {
    const result = decode(DOC.codec8Ext);
    expect(result.reply).toEqual(fromHex('00000001'));
    const [position] = result.positions ?? [];
    expect(position.fixTime).toBe(Date.UTC(2019, 5, 10, 11, 36, 32));
    expect(position.attributes).toEqual({
      priority: 1,
      sat: 0,
      event: 1,
      in1: true,
      axisX: 29,
      odometer: 22_949_000,
      iccid: '893700218',
      io14: 500_686_954,
    });
  });

  it('reads a 2-byte event id and IO ids above 255', () => {
    const frame = packet(
      [
        { id: 10800, width: 2, value: -1187 },
        { id: 662, width: 1, value: 1 },
      ],
      { event: 10800 },
      CODEC.CODEC_8_EXT,
    );
    const position = one(frame);
    expect(position.attributes).toMatchObject({ event: 10800, eyeTemp1: -11.87, door: true });
  });

  it('keeps the records of a real packet in its order, with their alarms', () => {
    const result = decode(DEVICE.codec8ExtAccident);
    expect(result.reply).toEqual(fromHex('00000004'));
    const positions = result.positions ?? [];
    expect(positions.map((p) => p.attributes.event)).toEqual([247, 240, 252, 247]);
    expect(positions.map((p) => p.attributes.alarm)).toEqual([
      'accident',
      undefined,
      'powerCut',
      'accident',
    ]);
    // The last record is older than the first: order is the packet's, sorting is the server's.
    expect(positions[3].fixTime).toBeLessThan(positions[0].fixTime);
    expect(positions[0].attributes).toMatchObject({
      batteryLevel: 87,
      power: 12.352,
      iccid: '898830300000',
    });
  });

  it('reads the VIN and trouble codes', () => {
    const position = one(fromHex(DEVICE.codec8ExtVin));
    expect(position.attributes.vin).toBe('WV1ZZZ2EZ86015388');
    expect(position.attributes.dtcs).toBe('P0299 P0675 P0674 P0672 P0671 P0471 P2BAC');
  });

  it('reads iBeacons', () => {
    const [position] = positionsOf(DEVICE.codec8ExtBeacon);
    expect(position.attributes).toMatchObject({
      event: 385,
      beacon1Uuid: '0102030405060708090a0b0c0d0e0f10',
      beacon1Major: 523,
      beacon1Minor: 266,
      beacon1Rssi: -48,
    });
  });

  it('reads BLE sensor tags', () => {
    const position = one(fromHex(DEVICE.codec8ExtTags));
    expect(position.attributes).toMatchObject({
      tag1Rssi: -58,
      tag1Id: 'babbf3630055',
      tag1Voltage: 3090,
      tag5Id: 'cabbf3630055',
    });
    expect(one(fromHex(DEVICE.codec8ExtTagBattery)).attributes.tag1Battery).toBe(3030);
    const [, named] = positionsOf(DEVICE.codec8ExtTwoRecords);
    // The tag's name is padded with NUL bytes, which are not kept.
    expect(named.attributes).toMatchObject({
      tag1Name: 'Nevera_3',
      tag1Temp: 3215,
      tag1Humidity: 52,
    });
  });

  it('reads an EYE sensor temperature', () => {
    expect(one(fromHex(DEVICE.codec8ExtEyeTemp)).attributes.eyeTemp1).toBe(-11.87);
  });

  it('keeps other variable-length elements as hex', () => {
    const record = avlRecord(CODEC.CODEC_8_EXT, {
      ...FIX,
      variable: [{ id: 387, value: Buffer.from('2d33', 'hex') }],
    });
    const position = one(tcpPacket(avlData(CODEC.CODEC_8_EXT, [record])));
    expect(position.attributes.io387).toBe('2d33');
  });
});

describe('Teltonika codec 16', () => {
  it('decodes the protocol document example (generation type, 2-byte ids)', () => {
    const result = decode(DOC.codec16);
    expect(result.reply).toEqual(fromHex('00000002'));
    const positions = result.positions ?? [];
    expect(positions.map((p) => p.fixTime)).toEqual([
      Date.UTC(2019, 6, 10, 12, 6, 54),
      Date.UTC(2019, 6, 10, 12, 6, 55),
    ]);
    // IO 11 sent as 2 bytes cannot be the 8-byte ICCID: it stays raw.
    expect(positions[0].attributes).toEqual({
      priority: 0,
      sat: 0,
      event: 11,
      in1: false,
      in3: false,
      io11: 39,
      power: 22.074,
    });
  });

  it('decodes real green driving records', () => {
    const positions = positionsOf(DEVICE.codec16GreenDriving);
    expect(positions.map((p) => p.attributes.alarm)).toEqual([
      'hardBraking',
      'hardBraking',
      'hardBraking',
      'hardCornering',
    ]);
    expect(positions[0].latitude).toBe(47.7225616);
    expect(positions[0].speed).toBeCloseTo(84 / 1.852, 9);
  });
});

describe('Teltonika codec 7 (GH3000)', () => {
  it('reads float coordinates, altitude, satellites and the cell', () => {
    const result = decode(DEVICE.gh3000TwoRecords);
    expect(result.reply).toEqual(fromHex('00000002'));
    const [position] = result.positions ?? [];
    expect(position.fixTime).toBe(Date.UTC(2013, 6, 31, 22, 30, 35));
    expect(position.latitude).toBeCloseTo(44.4401894, 6);
    expect(position.longitude).toBeCloseTo(26.0931263, 6);
    expect(position.altitude).toBe(61);
    expect(position.attributes.sat).toBe(5);
    expect(position.network?.cellTowers).toEqual([{ locationAreaCode: 100, cellId: 33791 }]);
  });

  it('keeps a record without location outdated, and reads its own IO ids', () => {
    const positions = positionsOf(DEVICE.gh3000NoFix);
    expect(positions).toHaveLength(4);
    expect(positions[0].outdated).toBe(true);
    expect(positions[0].attributes.motion).toBe(true);
    expect(positions[3].attributes).toMatchObject({
      batteryLevel: 100,
      battery: 4.108,
      roaming: false,
    });
  });
});

describe('Teltonika codec 12, 13 and 14 messages', () => {
  it('turns a command response into a result without a fix, and sends nothing back', () => {
    const result = decode(DOC.codec12Response);
    expect(result.reply).toBeUndefined();
    const [position] = result.positions ?? [];
    expect(position.outdated).toBe(true);
    expect(position.fixTime).toBe(NOW);
    expect(position.attributes.type).toBe(MESSAGE_TYPE.RESPONSE);
    expect(position.attributes.result).toMatch(/^INI:2019\/7\/22 7:22 RTC:.* MD:0$/);
  });

  it('shows a binary response as hex', () => {
    expect(one(fromHex(DEVICE.codec12Binary)).attributes.result).toBe('010300010015d5c5');
  });

  it('trims the line ending of a response', () => {
    const frame = tcpPacket(
      messageData(CODEC.CODEC_12, 6, Buffer.from('DOUT1:1 Timeout:INFINITY\r\n')),
    );
    expect(one(frame).attributes.result).toBe('DOUT1:1 Timeout:INFINITY');
  });

  it('reads an axle-load report as numbers', () => {
    const position = one(fromHex(DEVICE.codec12AxleLoads));
    expect(position.attributes).toMatchObject({
      axle1: 6.4,
      axle2: 4.2,
      loadTruck: 1.3,
      totalTruck: 10.7,
    });
    expect(position.attributes).not.toHaveProperty('result');
  });

  it('skips a camera message', () => {
    const frame = tcpPacket(messageData(CODEC.CODEC_12, MESSAGE_TYPE.CAMERA, fromHex('01000100')));
    expect(decode(frame).positions).toEqual([]);
  });

  it('dates a codec 13 message by its own timestamp', () => {
    const time = Buffer.alloc(4);
    time.writeUInt32BE(Date.UTC(2024, 0, 2, 3, 4, 5) / 1000);
    const frame = tcpPacket(messageData(CODEC.CODEC_13, 5, Buffer.from('Hello\n'), time));
    const position = one(frame);
    expect(position.fixTime).toBe(Date.UTC(2024, 0, 2, 3, 4, 5));
    expect(position.attributes.result).toBe('Hello');
    expect(decode(frame).reply).toBeUndefined();
  });

  it('reads a driver login sent over codec 13', () => {
    const position = one(fromHex(DEVICE.codec13DriverLogin));
    expect(position.attributes.driverUniqueId).toBe('12749884');
    expect(position.outdated).toBe(true);
  });

  it('reads a codec 14 response after its IMEI, and ignores a "not mine" answer', () => {
    const frame = tcpPacket(
      messageData(
        CODEC.CODEC_14,
        6,
        Buffer.from('Ver:03.18.14_04'),
        codec14Imei('352093081452251'),
      ),
    );
    expect(one(frame).attributes.result).toBe('Ver:03.18.14_04');
    const notMine = decode(DOC.codec14NotMine);
    expect(notMine.positions).toEqual([]);
    expect(notMine.reply).toBeUndefined();
  });

  it('refuses codec 15, which it does not read', () => {
    frameError(() => decode(tcpPacket(messageData(CODEC.CODEC_15, 0x0b, Buffer.from('x')))));
  });
});

describe('Teltonika over UDP', () => {
  it('names the IMEI of each datagram and echoes its ids in the acknowledgement', () => {
    const result = decode(DOC.udpCodec8, 'udp');
    expect(result.identify).toEqual(['352093086403655']);
    expect(result.reply).toEqual(fromHex('0005cafe010501'));
    expect(result.replyUnknown).toBeUndefined();
    const [position] = result.positions ?? [];
    expect(position.attributes).toMatchObject({ rssi: 3, in1: true, power: 23.996 });
  });

  it('decodes a real datagram with a fix', () => {
    const result = decode(DEVICE.udpCodec8, 'udp');
    expect(result.identify).toEqual(['357454072713975']);
    expect(result.reply).toEqual(fromHex('0005cafe012201'));
    const [position] = result.positions ?? [];
    expect(position.latitude).toBe(51.630115);
    expect(position.longitude).toBe(0.4124566);
    expect(position.valid).toBe(true);
  });

  it('acknowledges each record count of a built datagram', () => {
    const records = [
      avlRecord(CODEC.CODEC_8, FIX),
      avlRecord(CODEC.CODEC_8, { ...FIX, time: FIX.time + 1000 }),
    ];
    const datagram = udpPacket(0x0102, 0x7f, '356307042441013', avlData(CODEC.CODEC_8, records));
    const result = decode(datagram, 'udp');
    expect(result.reply).toEqual(fromHex('00050102017f02'));
    expect(result.positions).toHaveLength(2);
  });

  it('refuses a datagram shorter than its length says, or naming no IMEI', () => {
    const datagram = fromHex(DOC.udpCodec8);
    frameError(() => decode(datagram.subarray(0, datagram.length - 5), 'udp'));
    const noImei = udpPacket(1, 1, 'ABC', avlData(CODEC.CODEC_8, []));
    frameError(() => decode(noImei, 'udp'));
  });
});

describe('Teltonika malformed packets', () => {
  it('refuses a packet whose counts differ or whose records run past them', () => {
    const data = avlData(CODEC.CODEC_8, [avlRecord(CODEC.CODEC_8, FIX)]);
    const counts = Buffer.from(data);
    counts[counts.length - 1] = 2;
    expect(frameError(() => decode(tcpPacket(counts))).message).toMatch(/counts/);
    const short = Buffer.concat([
      data.subarray(0, 1),
      Buffer.from([2]),
      data.subarray(2, -1),
      Buffer.from([2]),
    ]);
    frameError(() => decode(tcpPacket(short)));
  });

  it('refuses a packet whose CRC or length is wrong', () => {
    const frame = fromHex(DOC.codec8One);
    const crc = Buffer.from(frame);
    crc[crc.length - 1] ^= 0x01;
    expect(frameError(() => decode(crc)).message).toMatch(/CRC/);
    frameError(() => decode(frame.subarray(0, frame.length - 1)));
    frameError(() => decode(Buffer.concat([frame, Buffer.from([0])])));
  });

  it('refuses the 16-byte IO layout it does not read', () => {
    frameError(() => decode(DEVICE.extendedIo16));
  });

  it('throws only FrameError for every truncation of real data', () => {
    for (const hex of [
      DOC.codec8Ext,
      DEVICE.codec8ExtAccident,
      DEVICE.codec8ExtTags,
      DEVICE.gh3000NoFix,
    ]) {
      const frame = fromHex(hex);
      const data = frame.subarray(8, frame.length - 4);
      for (let cut = 0; cut < data.length - 1; cut++) {
        // Re-closed with the original count so the records themselves run short.
        const truncated = Buffer.concat([data.subarray(0, cut), data.subarray(data.length - 1)]);
        frameError(() => decode(tcpPacket(truncated)));
      }
    }
  });

  it('throws only FrameError, never another error, for corrupted data', () => {
    let seed = 12345;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    const sources = [DOC.codec8Ext, DOC.codec16, DEVICE.codec8ExtAccident, DEVICE.codec8ExtTags];
    const sourceData = sources.map((hex) => fromHex(hex).subarray(8, -4));
    let decoded = 0;
    for (let round = 0; round < 3000; round++) {
      const data = Buffer.from(sourceData[round % sourceData.length]);
      for (let flips = 1 + (random() % 4); flips > 0; flips--) {
        data[random() % (data.length - 1)] = random() & 0xff;
      }
      try {
        decode(tcpPacket(data));
        decoded++;
      } catch (error) {
        expect(error).toBeInstanceOf(FrameError);
      }
    }
    expect(decoded).toBeGreaterThan(0);
  });
});
