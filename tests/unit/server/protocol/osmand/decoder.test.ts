import { describe, expect, it } from 'vitest';
import {
  OsmAndDecodeError,
  decodeOsmAndJson,
  decodeOsmAndQuery,
  isOsmAndJson,
  parseTimestamp,
} from '../../../../../server/protocol/osmand/decoder';

const NOW = Date.UTC(2024, 0, 1, 12, 0, 0);

function decodeError(fn: () => unknown): OsmAndDecodeError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(OsmAndDecodeError);
    return error as OsmAndDecodeError;
  }
  throw new Error('expected a decode error');
}

describe('OsmAnd query form: samples from Traccar OsmAndProtocolDecoderTest', () => {
  it('rejects a message without id', () => {
    const error = decodeError(() => decodeOsmAndQuery('/?timestamp=1377177267&lat=60.0&lon=30.0'));
    expect(error.code).toBe('MISSING_ID');
  });

  it('decodes an ISO timestamp with hdop, altitude and speed', () => {
    const p = decodeOsmAndQuery(
      '/?id=902064&lat=42.06288&lon=-79.24300&timestamp=2016-01-27T18%3A55%3A47Z&hdop=6.0&altitude=1024.0&speed=0.0',
    );
    expect(p.uniqueId).toBe('902064');
    expect(p.latitude).toBe(42.06288);
    expect(p.longitude).toBe(-79.243);
    expect(p.fixTime).toBe(Date.UTC(2016, 0, 27, 18, 55, 47));
    expect(p.deviceTime).toBe(p.fixTime);
    expect(p.altitude).toBe(1024);
    expect(p.speed).toBe(0);
    expect(p.attributes).toEqual({ hdop: 6 });
    expect(p.valid).toBe(true);
    expect(p.outdated).toBe(false);
    expect(p.protocol).toBe('osmand');
  });

  it('decodes an epoch-seconds timestamp', () => {
    const p = decodeOsmAndQuery(
      '/?id=902064&lat=42.06288&lon=-79.24300&timestamp=1360263900&hdop=6.0&altitude=1024.0&speed=0.0',
    );
    expect(p.fixTime).toBe(1360263900 * 1000);
  });

  it('decodes "yyyy-MM-dd HH:mm:ss" (with + for space) in the server time zone', () => {
    const p = decodeOsmAndQuery(
      '/?lat=49.60688&lon=6.15788&timestamp=2014-06-04+09%3A10%3A11&hdop=6.0&altitude=375.7&speed=0.0&id=123456',
    );
    expect(p.fixTime).toBe(new Date(2014, 5, 4, 9, 10, 11).getTime());
    expect(p.uniqueId).toBe('123456');
    expect(p.altitude).toBe(375.7);
  });

  it('maps batt to batteryLevel and bearing to course', () => {
    const p = decodeOsmAndQuery(
      '/?id=123456&timestamp=1377177267&lat=60.0&lon=30.0&speed=0.0&bearing=90.5&altitude=0&batt=100.0',
    );
    expect(p.course).toBe(90.5);
    expect(p.attributes.batteryLevel).toBe(100);
    expect(p.attributes).not.toHaveProperty('batt');
  });

  it('accepts deviceid and heading, keeps unknown keys (vacc, hacc) as numeric attributes', () => {
    const p = decodeOsmAndQuery(
      '/?lat=60.0&lon=30.0&speed=0.0&heading=45&vacc=0&hacc=1.5&altitude=0&deviceid=123456',
      { now: NOW },
    );
    expect(p.uniqueId).toBe('123456');
    expect(p.course).toBe(45);
    expect(p.attributes).toEqual({ vacc: 0, hacc: 1.5 });
    expect(p.fixTime).toBe(NOW);
  });

  it('accepts location=lat,lon', () => {
    const p = decodeOsmAndQuery('/?id=123456&timestamp=1377177267&location=60.0,30.0');
    expect([p.latitude, p.longitude]).toEqual([60, 30]);
    expect(p.outdated).toBe(false);
  });

  it('collects repeated cell and wifi into network, with "-" in MACs turned to ":"', () => {
    const p = decodeOsmAndQuery(
      '/?id=123456&timestamp=1377177267&lat=60.0&lon=30.0&cell=257,02,16,2224&cell=257,02,16,2223,-90&wifi=00-14-22-01-23-45,-80&wifi=00-1C-B3-09-85-15,-70',
    );
    expect(p.network).toEqual({
      cellTowers: [
        { mobileCountryCode: 257, mobileNetworkCode: 2, locationAreaCode: 16, cellId: 2224 },
        {
          mobileCountryCode: 257,
          mobileNetworkCode: 2,
          locationAreaCode: 16,
          cellId: 2223,
          signalStrength: -90,
        },
      ],
      wifiAccessPoints: [
        { macAddress: '00:14:22:01:23:45', signalStrength: -80 },
        { macAddress: '00:1C:B3:09:85:15', signalStrength: -70 },
      ],
    });
  });

  it('keeps driverUniqueId as a string even when numeric', () => {
    const p = decodeOsmAndQuery('/?id=1&timestamp=1377177267&lat=60&lon=30&driverUniqueId=007');
    expect(p.attributes.driverUniqueId).toBe('007');
  });
});

describe('OsmAnd query form: fields and conversions', () => {
  it('takes speed as knots by default', () => {
    expect(decodeOsmAndQuery('id=1&lat=1&lon=1&speed=10').speed).toBe(10);
  });

  it.each([
    ['kmh', 18.52, 10],
    ['mps', 5.144444444444445, 10],
    ['mph', 11.5078, 10],
  ] as const)('converts speed from %s when configured', (unit, sent, knots) => {
    const p = decodeOsmAndQuery(`id=1&lat=1&lon=1&speed=${sent}`, { speedUnit: unit });
    expect(p.speed).toBeCloseTo(knots, 6);
  });

  it('treats a timestamp of 2^31 or more as milliseconds', () => {
    expect(decodeOsmAndQuery('id=1&lat=1&lon=1&timestamp=1700000000123').fixTime).toBe(
      1700000000123,
    );
    expect(decodeOsmAndQuery('id=1&lat=1&lon=1&timestamp=2147483647').fixTime).toBe(2147483647000);
    expect(decodeOsmAndQuery('id=1&lat=1&lon=1&timestamp=2147483648').fixTime).toBe(2147483648);
  });

  it('reads ISO timestamps with an offset', () => {
    const p = decodeOsmAndQuery('id=1&lat=1&lon=1&timestamp=2024-03-01T10:00:00.250%2B02:00');
    expect(p.fixTime).toBe(Date.UTC(2024, 2, 1, 8, 0, 0, 250));
  });

  it('maps charge, ignition, alarm and other values to typed attributes', () => {
    const p = decodeOsmAndQuery(
      'id=1&lat=1&lon=1&charge=true&ignition=false&alarm=sos&io1=12.5&note=hello&flag=true',
    );
    expect(p.attributes).toEqual({
      charge: true,
      ignition: false,
      alarm: 'sos',
      io1: 12.5,
      note: 'hello',
      flag: true,
    });
  });

  it('reads valid as true/1 and anything else as false', () => {
    expect(decodeOsmAndQuery('id=1&lat=1&lon=1&valid=1').valid).toBe(true);
    expect(decodeOsmAndQuery('id=1&lat=1&lon=1&valid=true').valid).toBe(true);
    expect(decodeOsmAndQuery('id=1&lat=1&lon=1&valid=false').valid).toBe(false);
    expect(decodeOsmAndQuery('id=1&lat=1&lon=1&valid=0').valid).toBe(false);
  });

  it('marks a message without coordinates as outdated (caller reuses last location)', () => {
    const p = decodeOsmAndQuery('id=1&batt=50', { now: NOW });
    expect(p.outdated).toBe(true);
    expect([p.latitude, p.longitude]).toEqual([0, 0]);
    expect(p.attributes.batteryLevel).toBe(50);
    expect(p.fixTime).toBe(NOW);
  });

  it('treats 0,0 as no fix, like Traccar', () => {
    expect(decodeOsmAndQuery('id=1&lat=0&lon=0').outdated).toBe(true);
    expect(decodeOsmAndQuery('id=1&lat=0&lon=0.0001').outdated).toBe(false);
  });

  it('accepts the boundary coordinates', () => {
    const p = decodeOsmAndQuery('id=1&lat=-90&lon=180');
    expect([p.latitude, p.longitude]).toEqual([-90, 180]);
  });

  it('accepts URLSearchParams (form body) as input', () => {
    const p = decodeOsmAndQuery(new URLSearchParams({ id: 'abc', lat: '1.5', lon: '2.5' }));
    expect(p).toMatchObject({ uniqueId: 'abc', latitude: 1.5, longitude: 2.5 });
  });

  it('ignores keys that would pollute prototypes and does not pollute', () => {
    const p = decodeOsmAndQuery('id=1&lat=1&lon=1&__proto__=x&constructor=y');
    expect(Object.keys(p.attributes)).toEqual([]);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('OsmAnd query form: malformed input is rejected whole', () => {
  it.each([
    ['id=1&lat=abc&lon=1', 'INVALID_LATITUDE'],
    ['id=1&lat=&lon=1', 'INVALID_LATITUDE'],
    ['id=1&lat=NaN&lon=1', 'INVALID_LATITUDE'],
    ['id=1&lat=Infinity&lon=1', 'INVALID_LATITUDE'],
    ['id=1&lat=90.0001&lon=1', 'INVALID_LATITUDE'],
    ['id=1&lat=-91&lon=1', 'INVALID_LATITUDE'],
    ['id=1&lat=1&lon=180.5', 'INVALID_LONGITUDE'],
    ['id=1&lat=1&lon=-181', 'INVALID_LONGITUDE'],
    ['id=1&lat=1&lon=0x10', 'INVALID_LONGITUDE'],
    ['id=1&lat=1', 'INVALID_LONGITUDE'],
    ['id=1&lon=1', 'INVALID_LATITUDE'],
    ['id=1&location=60.0', 'INVALID_LOCATION'],
    ['id=1&location=60,30,1', 'INVALID_LOCATION'],
    ['id=1&location=x,30', 'INVALID_LATITUDE'],
    ['id=1&lat=1&lon=1&timestamp=yesterday', 'INVALID_TIMESTAMP'],
    ['id=1&lat=1&lon=1&timestamp=', 'INVALID_TIMESTAMP'],
    ['id=1&lat=1&lon=1&timestamp=-5', 'INVALID_TIMESTAMP'],
    ['id=1&lat=1&lon=1&timestamp=1377177267.5', 'INVALID_TIMESTAMP'],
    ['id=1&lat=1&lon=1&timestamp=2016-01-27T18:55:47', 'INVALID_TIMESTAMP'],
    ['id=1&lat=1&lon=1&timestamp=2016-02-31T18:55:47Z', 'INVALID_TIMESTAMP'],
    ['id=1&lat=1&lon=1&timestamp=2016-13-01+10:00:00', 'INVALID_TIMESTAMP'],
    ['id=1&lat=1&lon=1&speed=fast', 'INVALID_NUMBER'],
    ['id=1&lat=1&lon=1&altitude=1m', 'INVALID_NUMBER'],
    ['id=1&lat=1&lon=1&batt=full', 'INVALID_NUMBER'],
    ['id=1&lat=1&lon=1&cell=1,2,3', 'INVALID_CELL'],
    ['id=1&lat=1&lon=1&cell=1,2,3,x', 'INVALID_CELL'],
    ['id=1&lat=1&lon=1&wifi=00-11-22-33-44-55', 'INVALID_WIFI'],
    ['id=1&lat=1&lon=1&wifi=00-11,loud', 'INVALID_WIFI'],
    ['id=&lat=1&lon=1', 'MISSING_ID'],
    ['id=%20&lat=1&lon=1', 'MISSING_ID'],
    ['', 'MISSING_ID'],
    ['id=a%00b&lat=1&lon=1', 'INVALID_ID'],
  ])('%s → %s', (query, code) => {
    expect(decodeError(() => decodeOsmAndQuery(query)).code).toBe(code);
  });
});

describe('parseTimestamp', () => {
  it('rejects garbage and accepts the three forms', () => {
    expect(parseTimestamp('0')).toBe(0);
    expect(parseTimestamp('2016-01-27T18:55:47+0000')).toBe(Date.UTC(2016, 0, 27, 18, 55, 47));
    expect(() => parseTimestamp('2016-01-27 25:00:00')).toThrow(OsmAndDecodeError);
    expect(() => parseTimestamp('12abc')).toThrow(OsmAndDecodeError);
  });
});

describe('OsmAnd JSON form (Traccar Client 9+)', () => {
  // The body from Traccar's OsmAndProtocolDecoderTest (JSON variant).
  const sample = {
    location: {
      timestamp: '2022-11-03T20:06:48.640Z',
      coords: {
        latitude: -6.3211617,
        longitude: 106.7094325,
        accuracy: 14.5,
        speed: 10,
        heading: -1,
        altitude: 45.5,
      },
      is_moving: false,
      event: 'motionchange',
      odometer: 1250.5,
      activity: { type: 'still' },
      battery: { level: 0.28, is_charging: false },
      extras: { custom: 'x', level: 3 },
    },
    device_id: '12345',
  };

  it('recognises the JSON shape', () => {
    expect(isOsmAndJson(sample)).toBe(true);
    expect(isOsmAndJson({ id: 1 })).toBe(false);
    expect(isOsmAndJson(null)).toBe(false);
  });

  it('maps every field with the contract units', () => {
    const p = decodeOsmAndJson(sample);
    expect(p.uniqueId).toBe('12345');
    expect(p.fixTime).toBe(Date.parse('2022-11-03T20:06:48.640Z'));
    expect(p.latitude).toBe(-6.3211617);
    expect(p.longitude).toBe(106.7094325);
    // 10 m/s = 19.438 kn
    expect(p.speed).toBeCloseTo(19.43844, 4);
    // A negative heading means unknown.
    expect(p.course).toBe(0);
    expect(p.altitude).toBe(45.5);
    expect(p.accuracy).toBe(14.5);
    expect(p.attributes).toEqual({
      motion: false,
      event: 'motionchange',
      odometer: 1250.5,
      activity: 'still',
      batteryLevel: 28,
      charge: false,
      custom: 'x',
      level: 3,
    });
  });

  it('treats a negative speed as unknown and keeps a real heading', () => {
    const body = structuredClone(sample);
    body.location.coords.speed = -1;
    body.location.coords.heading = 270;
    const p = decodeOsmAndJson(body);
    expect(p.speed).toBe(0);
    expect(p.course).toBe(270);
  });

  it('drops an accuracy below osmand.minAccuracy (10 by default)', () => {
    const body = structuredClone(sample);
    body.location.coords.accuracy = 5;
    expect(decodeOsmAndJson(body).accuracy).toBe(0);
    expect(decodeOsmAndJson(body, { minAccuracy: 3 }).accuracy).toBe(5);
  });

  it('marks a body without coords as outdated', () => {
    const p = decodeOsmAndJson({ device_id: 'a', location: { timestamp: '2022-11-03T20:06:48Z' } });
    expect(p.outdated).toBe(true);
  });

  it('does not copy prototype keys from extras', () => {
    const body = JSON.parse(
      '{"device_id":"a","location":{"coords":{"latitude":1,"longitude":2},"extras":{"__proto__":{"polluted":1},"ok":1}}}',
    );
    const p = decodeOsmAndJson(body, { now: NOW });
    expect(p.attributes).toEqual({ ok: 1 });
    expect(Object.getPrototypeOf(p.attributes)).toBe(Object.prototype);
    expect(p.fixTime).toBe(NOW);
  });

  it.each([
    [{ location: sample.location }, 'MISSING_ID'],
    [{ device_id: '', location: sample.location }, 'MISSING_ID'],
    [{ device_id: 'a\u0000b', location: sample.location }, 'INVALID_ID'],
    [{ device_id: '1' }, 'INVALID_JSON'],
    [{ device_id: '1', location: { coords: { latitude: '1', longitude: 2 } } }, 'INVALID_LATITUDE'],
    [{ device_id: '1', location: { coords: { latitude: 95, longitude: 2 } } }, 'INVALID_LATITUDE'],
    [{ device_id: '1', location: { coords: { longitude: 2 } } }, 'INVALID_LATITUDE'],
    [
      { device_id: '1', location: { coords: { latitude: 1, longitude: 200 } } },
      'INVALID_LONGITUDE',
    ],
    [{ device_id: '1', location: { coords: { latitude: 1 } } }, 'INVALID_LONGITUDE'],
    [
      { device_id: '1', location: { timestamp: 'soon', coords: { latitude: 1, longitude: 2 } } },
      'INVALID_TIMESTAMP',
    ],
    [
      { device_id: '1', location: { timestamp: true, coords: { latitude: 1, longitude: 2 } } },
      'INVALID_TIMESTAMP',
    ],
    [
      {
        device_id: '1',
        location: { coords: { latitude: 1, longitude: 2, speed: 'fast' } },
      },
      'INVALID_JSON',
    ],
    [{ device_id: '1', location: { is_moving: 'yes' } }, 'INVALID_JSON'],
    ['not an object', 'INVALID_JSON'],
  ])('rejects %j with %s', (body, code) => {
    expect(decodeError(() => decodeOsmAndJson(body)).code).toBe(code);
  });
});
