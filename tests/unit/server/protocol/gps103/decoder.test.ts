import { describe, expect, it } from 'vitest';
import { gps103 } from '../../../../../server/protocol/gps103';
import type { DecodeContext, DecodeResult } from '../../../../../server/protocol/shared/definition';
import { FrameError } from '../../../../../server/protocol/shared/definition';

const NOW = Date.UTC(2024, 4, 10, 12, 0, 0);

function context(transport: 'tcp' | 'udp' = 'tcp'): DecodeContext {
  return { uniqueId: null, state: new Map(), now: NOW, transport };
}

const decode = (text: string, transport: 'tcp' | 'udp' = 'tcp'): DecodeResult =>
  gps103.decode(Buffer.from(text, 'latin1'), context(transport));

/** The one position a frame decodes to. */
function position(text: string) {
  const result = decode(text);
  expect(result.positions).toHaveLength(1);
  return result.positions![0]!;
}

const reply = (result: DecodeResult): string | undefined => result.reply?.toString('latin1');

describe('gps103 login and heartbeat', () => {
  it('answers the login with LOAD and names its IMEI', () => {
    const result = decode('##,imei:359586015829802,A;');
    expect(result.identify).toEqual(['359586015829802']);
    expect(reply(result)).toBe('LOAD');
    expect(result.positions).toBeUndefined();
  });

  it('answers the heartbeat (the IMEI alone) with ON', () => {
    const result = decode('359586015829802;');
    expect(result.identify).toEqual(['359586015829802']);
    expect(reply(result)).toBe('ON');
    expect(result.positions).toBeUndefined();
  });

  it('answers ON and decodes a report glued after the heartbeat', () => {
    const result = decode(
      '359769031878322imei:359769031878322,tracker,1602160718,2,F,221811.000,A,1655.2193,S,14546.6722,E,0.00,,',
    );
    expect(reply(result)).toBe('ON');
    expect(result.identify).toEqual(['359769031878322']);
    const p = result.positions![0]!;
    expect(p.latitude).toBeCloseTo(-16.92032, 5);
    expect(p.longitude).toBeCloseTo(145.77787, 5);
    // Local 07:18 on the 16th, UTC 22:18: the device is 9 h ahead, so the fix is the 15th.
    expect(p.fixTime).toBe(Date.UTC(2016, 1, 15, 22, 18, 11));
  });

  it('reads a datagram that still ends with its line break', () => {
    const result = decode('##,imei:359586015829802,A;\r\n', 'udp');
    expect(reply(result)).toBe('LOAD');
  });
});

describe('gps103 regular report', () => {
  it('corrects the local date by the clock difference (device ahead of UTC across midnight)', () => {
    const p = position(
      'imei:359710049092324,tracker,151027025958,,F,235957.000,A,2429.5156,N,04424.5828,E,0.01,27.91,,0,0,,,;',
    );
    expect(p.fixTime).toBe(Date.UTC(2015, 9, 26, 23, 59, 57));
    expect(p.deviceTime).toBe(p.fixTime);
    expect(p.valid).toBe(true);
    expect(p.outdated).toBe(false);
    expect(p.latitude).toBeCloseTo(24.49193, 5);
    expect(p.longitude).toBeCloseTo(44.40971, 5);
    expect(p.speed).toBe(0.01);
    expect(p.course).toBe(27.91);
    expect(p.attributes).toEqual({ ignition: false, door: false });
  });

  it('corrects a device behind UTC', () => {
    const p = position(
      'imei:359710045559474,tracker,151030080103,,F,000101.000,A,5443.3834,N,02512.9071,E,0.00,0;',
    );
    expect(p.fixTime).toBe(Date.UTC(2015, 9, 30, 0, 1, 1));
    expect(p.latitude).toBeCloseTo(54.72306, 5);
    expect(p.longitude).toBeCloseTo(25.21512, 5);
  });

  it('reads the slashed local date some firmwares send', () => {
    const p = position(
      'imei:359710040656622,tracker,13/02/27 23:40,,F,125952.000,A,3450.9430,S,13828.6753,E,0.00,0',
    );
    // Local 23:40 against UTC 12:59 is +10:41 (Adelaide's +10:30 and a minute's drift).
    expect(p.fixTime).toBe(Date.UTC(2013, 1, 27, 12, 59, 52));
    expect(p.latitude).toBeCloseTo(-34.84905, 5);
  });

  it('reads hemispheres written before the coordinates', () => {
    const p = position(
      'imei:353552045403597,tracker,150420050648,53.0,F,0.0,A,N,5306.64155,E,00700.77848,0.0,,1.0,;',
    );
    expect(p.latitude).toBeCloseTo(53.11069, 5);
    expect(p.longitude).toBeCloseTo(7.01297, 5);
    expect(p.altitude).toBe(1);
    // No UTC time in field 5: the local time stands.
    expect(p.fixTime).toBe(Date.UTC(2015, 3, 20, 5, 6, 0));
  });

  it('takes an empty field after the longitude as its missing hemisphere', () => {
    const p = position(
      'imei:012497000208821,tracker,1301072224,,F,142411.077,A,2227.0739,S,06855.2912,,12.5,90,',
    );
    expect(p.longitude).toBeCloseTo(68.92152, 5);
    expect(p.speed).toBe(12.5);
    expect(p.course).toBe(90);
  });

  it('reads ACC, door, both fuel levels and the temperature', () => {
    const p = position(
      'imei:353451044508750,001,0809231929,13554900601,F,055403.000,A,2233.1870,N,11354.3067,E,0.00,30.1,65.43,1,0,10.5%,0.0%,28;',
    );
    expect(p.altitude).toBe(65.43);
    expect(p.attributes).toEqual({
      event: '001',
      ignition: true,
      door: false,
      fuel1: 10.5,
      fuel2: 0,
      temp1: 28,
    });
  });

  it('keeps coordinates of a V fix but marks it invalid', () => {
    const p = position(
      'imei:359586015829802,tracker,0809231429,,F,062947.294,V,2234.4026,N,11354.3277,E,0.00,;',
    );
    expect(p.valid).toBe(false);
    expect(p.outdated).toBe(false);
    expect(p.latitude).toBeCloseTo(22.57338, 5);
  });

  it('uses the UTC time nearest to arrival when the local date is zeros', () => {
    const p = position(
      'imei:359586015829802,tracker,000000000,,F,115900.000,A,2234.4026,N,11354.3277,E,0.00,;',
    );
    expect(p.fixTime).toBe(Date.UTC(2024, 4, 10, 11, 59, 0));
  });
});

describe('gps103 keywords', () => {
  const report = (keyword: string): string =>
    `imei:359586015829802,${keyword},0809231429,13554900601,F,062947.294,A,2234.4026,N,11354.3277,E,0.00,;`;

  it.each([
    ['help me', 'sos'],
    ['low battery', 'lowBattery'],
    ['stockade', 'geofence'],
    ['move', 'movement'],
    ['speed', 'overspeed'],
    ['door alarm', 'door'],
    ['ac alarm', 'powerCut'],
    ['accident alarm', 'accident'],
    ['sensor alarm', 'vibration'],
    ['bonnet alarm', 'bonnet'],
    ['footbrake alarm', 'footBrake'],
    ['DTC', 'fault'],
    ['oil1', 'fuelLeak'],
  ])('%s raises %s', (keyword, alarm) => {
    const p = position(report(keyword));
    expect(p.attributes.alarm).toBe(alarm);
    expect(p.attributes.event).toBeUndefined();
  });

  it('acknowledges an SOS so the device stops repeating it', () => {
    expect(reply(decode(report('help me')))).toBe('**,imei:359586015829802,E;');
    expect(reply(decode(report('move')))).toBeUndefined();
  });

  it('reads the value of T: and oil alarms', () => {
    expect(position(report('T:+28.0')).attributes).toMatchObject({
      alarm: 'temperature',
      temp1: 28,
    });
    expect(position(report('oil 51.67')).attributes).toMatchObject({
      alarm: 'fuelLeak',
      fuel: 51.67,
    });
  });

  it('reads ACC on and off as ignition', () => {
    expect(position(report('acc on')).attributes).toEqual({ ignition: true });
    expect(position(report('acc off')).attributes).toEqual({ ignition: false });
  });

  it('keeps words without an alarm as the event, and nothing for a periodic report', () => {
    expect(position(report('acc alarm')).attributes).toEqual({ event: 'acc alarm' });
    expect(position(report('service')).attributes).toEqual({ event: 'service' });
    expect(position(report('tracker')).attributes).toEqual({});
  });

  it('reads the RFID card as the driver', () => {
    const p = position(
      'imei:868683020235846,rfid,160202091347,49121185,F,011344.000,A,0447.7273,N,07538.9934,W,0.00,0,,0,0,0.00%,,',
    );
    expect(p.attributes.driverUniqueId).toBe('49121185');
    expect(p.attributes.fuel1).toBe(0);
    expect(p.longitude).toBeCloseTo(-75.64989, 5);
  });

  it('reads the answer to a command as its result, keeping the fix it came with', () => {
    const p = position(
      'imei:868166054696190,jt,231226105556,,F,105556.000,A,3518.59664,N,04658.22381,E,0.00,13.26;',
    );
    expect(p.attributes).toEqual({ result: 'jt' });
    expect(p.outdated).toBe(false);
    expect(p.fixTime).toBe(Date.UTC(2023, 11, 26, 10, 55, 56));
  });

  it('reads SMS-style answers as results', () => {
    for (const text of ['Stop engine Succeed', 'stop ok', 'Resume engine fail!', 'lf']) {
      const p = position(`imei:359586015829802,${text},,,L,;`);
      expect(p.attributes).toEqual({ result: text });
      expect(p.outdated).toBe(true);
    }
  });
});

describe('gps103 messages without a fix', () => {
  it('reads the cell of an L report, outdated', () => {
    const result = decode('imei:359710049075097,help me,,,L,,,113b,,558f,,,,,0,0,,,');
    const p = result.positions![0]!;
    expect(p.outdated).toBe(true);
    expect(p.fixTime).toBe(NOW);
    expect(p.attributes.alarm).toBe('sos');
    expect(p.network).toEqual({ cellTowers: [{ locationAreaCode: 0x113b, cellId: 0x558f }] });
    expect(reply(result)).toBe('**,imei:359710049075097,E;');
  });

  it('reads an L report without a cell', () => {
    const p = position('imei:865456055519122,sensor alarm,2208011920,,L,;');
    expect(p.outdated).toBe(true);
    expect(p.network).toBeNull();
    expect(p.attributes).toEqual({ alarm: 'vibration' });
  });

  it('reads the OBD report', () => {
    const p = position(
      'imei:359710049090138,OBD,160629022949,51442,0.00,15.88,5632,122,40.39%,95,0.00%,2101,13.80,P0137,P0430,,;',
    );
    expect(p.outdated).toBe(true);
    expect(p.deviceTime).toBe(Date.UTC(2016, 5, 29, 2, 29, 49));
    expect(p.attributes).toEqual({
      odometer: 51442,
      fuelConsumption: 15.88,
      hours: 5632 * 3_600_000,
      obdSpeed: 122,
      engineLoad: 40.39,
      coolantTemp: 95,
      throttle: 0,
      rpm: 2101,
      battery: 13.8,
      dtcs: 'P0137 P0430',
    });
  });

  it('skips the blank and sign-only OBD fields', () => {
    const p = position(
      'imei:862106025092216,OBD,170612165656,196043,,145803.9,,000,0.0%,+,0.0%,00000,12.6,,,,;',
    );
    expect(p.attributes).toEqual({
      odometer: 196043,
      fuelConsumption: 145803.9,
      obdSpeed: 0,
      engineLoad: 0,
      throttle: 0,
      rpm: 0,
      battery: 12.6,
    });
  });

  it('names the device of a photo chunk but stores nothing', () => {
    const result = decode('imei:864180034124375,vr,0c00fa011ea05a03d726977103ad0034c98e;');
    expect(result).toEqual({
      identify: ['864180034124375'],
      positions: undefined,
      reply: undefined,
    });
  });
});

describe('gps103 alternative report (ends with *)', () => {
  it('reads signed degrees, km/h and the status fields', () => {
    const p = position(
      'imei:861359038609986,Equipo 1,---,------,----,214734,241018,26,1,-33.42317,-70.61930,067,229,0674,1.00,08,0,1,---,*',
    );
    expect(p.fixTime).toBe(Date.UTC(2018, 9, 24, 21, 47, 34));
    expect(p.valid).toBe(true);
    expect(p.latitude).toBe(-33.42317);
    expect(p.longitude).toBe(-70.6193);
    expect(p.speed).toBeCloseTo(67 / 1.852, 5);
    expect(p.course).toBe(229);
    expect(p.altitude).toBe(674);
    expect(p.attributes).toEqual({ rssi: 26, hdop: 1, sat: 8, ignition: false, charge: true });
  });
});

describe('gps103 frames it cannot read', () => {
  it.each([
    ['no imei', 'hello world;'],
    [
      'a non-numeric IMEI',
      'imei:35958601582980x,tracker,0809231429,,F,062947.294,A,2234.4026,N,11354.3277,E,0.00,;',
    ],
    ['a truncated report', 'imei:359710049092324,tracker,151027025958,,F,235957.000,A,2429.51'],
    ['neither F nor L', 'imei:359710049092324,tracker,151027025958,,X,;'],
    [
      'a fix without validity',
      'imei:359710049092324,tracker,151027025958,,F,235957.000,Q,2429.5156,N,04424.5828,E;',
    ],
    [
      'a latitude off the globe',
      'imei:359710049092324,tracker,151027025958,,F,235957.000,A,9529.5156,N,04424.5828,E;',
    ],
    ['a short OBD report', 'imei:359710049090138,OBD,160629022949,51442;'],
    [
      'an alternative report without a fix',
      'imei:861359038609986,Equipo 1,---,------,----,214734,241018,26,1,x,y,067,229,0674,1.00,08,0,1,---,*',
    ],
  ])('refuses %s', (_name, text) => {
    expect(() => decode(text)).toThrow(FrameError);
  });

  it('never throws anything but FrameError on a cut or garbled frame', () => {
    const frames = [
      'imei:353451044508750,001,0809231929,13554900601,F,055403.000,A,2233.1870,N,11354.3067,E,0.00,30.1,65.43,1,0,10.5%,0.0%,28;',
      'imei:359710049090138,OBD,160629022949,51442,0.00,15.88,5632,122,40.39%,95,0.00%,2101,13.80,P0137,P0430,,;',
      'imei:861359038609986,Equipo 1,---,------,----,214734,241018,26,1,-33.42317,-70.61930,067,229,0674,1.00,08,0,1,---,*',
      'imei:359710049075097,help me,,,L,,,113b,,558f,,,,,0,0,,,',
    ];
    for (const frame of frames) {
      for (let cut = 0; cut <= frame.length; cut++) {
        for (const text of [frame.slice(0, cut), frame.slice(0, cut) + '\u00ff,,;']) {
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
