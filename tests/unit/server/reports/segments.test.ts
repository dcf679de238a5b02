/**
 * Trip and stop detection, report items and day windows on scripted tracks with known answers.
 * Tracks run north from the origin on Traccar's sphere, so metres are exact.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MOTION_CONFIG,
  replayMotion,
  type MotionConfig,
} from '../../../../server/processing/motion';
import {
  stopItem,
  summaryItem,
  tripItem,
  type EdgePosition,
} from '../../../../server/reports/items';
import {
  IgnitionSegmenter,
  MotionSegmenter,
  type Interval,
} from '../../../../server/reports/segments';
import {
  dailyWindows,
  nextLocalMidnight,
  startOfLocalDay,
  toWall,
} from '../../../../server/reports/timezone';

/** Metres per degree of latitude on Traccar's sphere. */
const M = (6378137 * Math.PI) / 180;
const T0 = Date.UTC(2025, 2, 10, 11, 0, 0); // 08:00 in São Paulo

interface P {
  id: number;
  deviceId: number;
  fixTime: number;
  latitude: number;
  longitude: number;
  speed: number;
  ignition: number;
  attributes: Record<string, unknown>;
}

/** Builds a track: `park` and `drive` append positions every `step` seconds. */
class Track {
  readonly points: P[] = [];
  private t = 0;
  private y = 0;
  constructor(private readonly start = T0) {}

  private add(speed: number, ignition: number) {
    this.points.push({
      id: this.points.length + 1,
      deviceId: 1,
      fixTime: this.start + this.t * 1000,
      latitude: this.y / M,
      longitude: 0,
      speed,
      ignition,
      attributes: { motion: speed > 0.01 },
    });
  }

  /** `count` positions `step` s apart without moving (the first at the current time). */
  park(count: number, step = 30, ignition = 0): this {
    for (let i = 0; i < count; i++) {
      this.add(0, ignition);
      this.t += step;
    }
    return this;
  }

  /** `count` positions `step` s apart, each `metres` further north. */
  drive(count: number, metres: number, step = 30, ignition = 1): this {
    for (let i = 0; i < count; i++) {
      this.y += metres;
      this.add((metres / step) * 1.943844, ignition);
      this.t += step;
    }
    return this;
  }

  /** Silence for `seconds`, then jump `metres` (0 = same place). */
  gap(seconds: number, metres = 0): this {
    this.t += seconds - 30;
    this.y += metres;
    return this;
  }

  byId(id: number): P {
    return this.points[id - 1];
  }
}

function motionIntervals(points: P[], config: MotionConfig = DEFAULT_MOTION_CONFIG): Interval[] {
  const segmenter = new MotionSegmenter(points[0].speed > config.speedThreshold, config);
  for (const p of points) segmenter.push(p.id, p.fixTime, p.latitude, p.longitude, p.speed);
  return segmenter.finish();
}

function ignitionIntervals(points: P[]): Interval[] {
  const segmenter = new IgnitionSegmenter({ minDistance: 200, stopGap: 3_600_000 });
  for (const p of points) {
    segmenter.push(p.id, p.fixTime, p.latitude, p.longitude, p.speed, p.ignition);
  }
  return segmenter.finish();
}

const shape = (intervals: Interval[]) =>
  intervals.map((i) => `${i.moving ? 'trip' : 'stop'} ${i.startId}-${i.endId}`);

describe('motion-based trips and stops (new logic, 200 m / 180 s / 3600 s)', () => {
  it('parked, one drive, parked: the trip starts at the last parked position and ends 180 s after arrival', () => {
    // p1..p20 parked, p21..p36 drive 16 × 300 m, p37..p56 parked at the destination.
    const track = new Track().park(20).drive(16, 300).park(20);
    const intervals = motionIntervals(track.points);
    expect(shape(intervals)).toEqual(['stop 1-20', 'trip 20-42', 'stop 42-56']);
    const trip = intervals[1];
    // Arrived at p36; the window of 180 s within 200 m is complete at p42 (36 + 6 × 30 s).
    expect(trip.endTime - track.byId(36).fixTime).toBe(180_000);
    expect(trip.maxSpeed).toBeCloseTo((300 / 30) * 1.943844, 6);
  });

  it('a short hop under 200 m is no trip', () => {
    const track = new Track().park(10).drive(3, 50).park(10);
    expect(shape(motionIntervals(track.points))).toEqual(['stop 1-23']);
  });

  it('a red light shorter than 180 s does not split the trip', () => {
    const track = new Track().park(5).drive(10, 300).park(4).drive(10, 300).park(10);
    expect(shape(motionIntervals(track.points))).toEqual(['stop 1-5', 'trip 5-35', 'stop 35-39']);
  });

  it('starting while moving: the first trip starts at the first position', () => {
    const track = new Track().drive(10, 300).park(10);
    expect(shape(motionIntervals(track.points))).toEqual(['trip 1-16', 'stop 16-20']);
  });

  it('a gap of over 3600 s that covered ground ends the trip and is a trip of its own', () => {
    // Driving, then two hours without data, reappearing 50 km away, then parked.
    const track = new Track().park(5).drive(10, 300).gap(7200, 50_000).park(10);
    const intervals = motionIntervals(track.points);
    expect(shape(intervals)).toEqual(['stop 1-5', 'trip 5-15', 'trip 15-16', 'stop 16-25']);
    expect(intervals[2].endTime - intervals[2].startTime).toBe(7200_000);
  });

  it('a long gap in the same place while parked is no trip', () => {
    const track = new Track()
      .park(10)
      .gap(4 * 3600)
      .park(10);
    expect(shape(motionIntervals(track.points))).toEqual(['stop 1-20']);
  });

  it('a trip across midnight is one trip', () => {
    const start = Date.UTC(2025, 2, 11, 2, 50); // 23:50 in São Paulo
    const track = new Track(start).park(5).drive(40, 300).park(10);
    const intervals = motionIntervals(track.points);
    expect(shape(intervals)).toEqual(['stop 1-5', 'trip 5-51', 'stop 51-55']);
    const day = (millis: number) => new Date(toWall(millis, 'America/Sao_Paulo')).getUTCDate();
    expect(day(intervals[1].startTime)).toBe(10);
    expect(day(intervals[1].endTime)).toBe(11);
  });

  it('makes exactly the decisions of the live motion processor on random tracks', () => {
    let seed = 42;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    let trips = 0;
    for (let run = 0; run < 40; run++) {
      const track = new Track();
      for (let part = 0; part < 30; part++) {
        const r = rnd();
        if (r < 0.35) track.park(1 + Math.floor(rnd() * 12), 5 + Math.floor(rnd() * 60));
        else if (r < 0.75)
          track.drive(1 + Math.floor(rnd() * 15), rnd() * 400, 5 + Math.floor(rnd() * 60));
        else if (r < 0.85)
          track.gap(1800 + Math.floor(rnd() * 5400), rnd() < 0.5 ? 0 : rnd() * 20_000);
        else track.drive(1 + Math.floor(rnd() * 6), rnd() * 30, 1 + Math.floor(rnd() * 5));
      }
      const points = track.points;
      const config = DEFAULT_MOTION_CONFIG;
      const replay = replayMotion(
        points.map((p) => ({ ...p, attributes: { motion: p.speed > config.speedThreshold } })),
        config,
      );
      // Intervals from the live processor's transitions, paired as the report pairs them.
      const expected: string[] = [];
      let moving = points[0].speed > config.speedThreshold;
      let startId = points[0].id;
      for (const t of replay.transitions) {
        if (t.point.id !== startId)
          expected.push(`${moving ? 'trip' : 'stop'} ${startId}-${t.point.id}`);
        moving = t.type === 'deviceMoving';
        startId = t.point.id;
      }
      const lastId = points[points.length - 1].id;
      if (lastId !== startId) expected.push(`${moving ? 'trip' : 'stop'} ${startId}-${lastId}`);

      const intervals = motionIntervals(points, config);
      expect(shape(intervals)).toEqual(expected);
      trips += intervals.filter((i) => i.moving).length;
      for (const i of intervals.filter((x) => x.moving)) {
        const inside = points.filter((p) => p.fixTime >= i.startTime && p.fixTime <= i.endTime);
        const first = inside.findIndex((p) => p.id === i.startId);
        const last = inside.findIndex((p) => p.id === i.endId);
        expect(i.maxSpeed).toBe(Math.max(...inside.slice(first, last + 1).map((p) => p.speed)));
      }
    }
    expect(trips).toBeGreaterThan(200);
  });
});

describe('ignition-based trips and stops (report.trip.useIgnition)', () => {
  it('a trip runs from ignition on to the engine-off position', () => {
    // p1..p5 off; p6 on while warming up; p7..p16 drive; p17 still on; p18 off; p19..p24 off.
    const track = new Track().park(5).park(1, 30, 1).drive(10, 300).park(1, 30, 1).park(7);
    const intervals = ignitionIntervals(track.points);
    expect(shape(intervals)).toEqual(['stop 1-6', 'trip 6-18', 'stop 18-24']);
    expect(intervals[1].maxSpeed).toBeCloseTo(10 * 1.943844, 6);
  });

  it('an engine run without moving 200 m is idling, not a trip', () => {
    const track = new Track().park(5).park(10, 30, 1).drive(2, 50).park(5);
    expect(shape(ignitionIntervals(track.points))).toEqual(['stop 1-22']);
  });

  it('a gap of at least 3600 s ends the trip at the last position before it', () => {
    // Driving with ignition on, silence for an hour, then driving on (ignition still on).
    const track = new Track().park(3).drive(10, 300).gap(3600).drive(10, 300).park(3);
    const intervals = ignitionIntervals(track.points);
    expect(shape(intervals)).toEqual([
      'stop 1-4',
      'trip 4-13',
      'stop 13-14',
      'trip 14-24',
      'stop 24-26',
    ]);
    // 59 minutes 30 s of silence does not end it.
    const short = new Track().park(3).drive(10, 300).gap(3570).drive(10, 300).park(3);
    expect(shape(ignitionIntervals(short.points))).toEqual(['stop 1-4', 'trip 4-24', 'stop 24-26']);
  });

  it('a trip across midnight is one trip', () => {
    const start = Date.UTC(2025, 2, 11, 2, 50);
    const track = new Track(start).park(3).drive(40, 300).park(3);
    expect(shape(ignitionIntervals(track.points))).toEqual(['stop 1-4', 'trip 4-44', 'stop 44-46']);
  });

  it('positions without the key keep the state', () => {
    const track = new Track().park(3).drive(5, 300).drive(5, 300, 30, -1).park(1).park(2);
    expect(shape(ignitionIntervals(track.points))).toEqual(['stop 1-4', 'trip 4-14', 'stop 14-16']);
  });
});

const edge = (id: number, fixTime: number, attributes: Record<string, unknown>): EdgePosition => ({
  id,
  fixTime,
  latitude: -23.5,
  longitude: -46.6,
  speed: 0,
  address: id === 1 ? 'Rua A, 1' : null,
  attributes,
});

describe('report items', () => {
  const device = { id: 7, name: 'Van', attributes: { fuelCapacity: 60 } };
  const options = { ignoreOdometer: false };

  it('trip: totalDistance difference, average speed in knots, fuel and driver', () => {
    const start = edge(1, T0, { totalDistance: 1000, fuelUsed: 10, driverUniqueId: 'D1' });
    const end = edge(2, T0 + 1_800_000, { totalDistance: 19_520, fuelUsed: 12.5 });
    const trip = tripItem(device, start, end, 40, options, () => 'Ana');
    expect(trip).toMatchObject({
      deviceId: 7,
      deviceName: 'Van',
      distance: 18_520,
      duration: 1_800_000,
      maxSpeed: 40,
      spentFuel: 2.5,
      startOdometer: 1000,
      endOdometer: 19_520,
      startPositionId: 1,
      endPositionId: 2,
      startAddress: 'Rua A, 1',
      endAddress: null,
      driverUniqueId: 'D1',
      driverName: 'Ana',
      startTime: new Date(T0).toISOString(),
    });
    // 18.52 km in 30 min = 37.04 km/h = 20 kn.
    expect(trip.averageSpeed).toBeCloseTo(20, 9);
  });

  it('odometer wins when both ends have one, unless report.ignoreOdometer', () => {
    const start = edge(1, T0, { totalDistance: 1000, odometer: 50_000 });
    const end = edge(2, T0 + 60_000, { totalDistance: 2000, odometer: 51_500 });
    expect(tripItem(device, start, end, 0, options).distance).toBe(1500);
    expect(tripItem(device, start, end, 0, { ignoreOdometer: true }).distance).toBe(1000);
    const noOdometer = edge(2, T0 + 60_000, { totalDistance: 2000 });
    expect(tripItem(device, start, noOdometer, 0, options).distance).toBe(1000);
  });

  it('stop: duration and engine hours from the hours difference; fuel from fuelLevel × capacity', () => {
    const start = edge(1, T0, { hours: 3_600_000, fuelLevel: 50 });
    const end = edge(2, T0 + 5_400_000, { hours: 4_200_000, fuelLevel: 45 });
    const stop = stopItem(device, start, end, options);
    expect(stop).toMatchObject({
      positionId: 1,
      duration: 5_400_000,
      engineHours: 600_000,
      spentFuel: 3,
      address: 'Rua A, 1',
      maxSpeed: 0,
    });
  });

  it('summary: average speed = distance ÷ engine hours, only with hours', () => {
    const first = edge(1, T0, { totalDistance: 0, hours: 0, fuel: 40 });
    const last = edge(2, T0 + 36_000_000, { totalDistance: 37_040, hours: 3_600_000, fuel: 35 });
    const summary = summaryItem(device, first, last, 33, options);
    expect(summary).toMatchObject({
      distance: 37_040,
      startHours: 0,
      endHours: 3_600_000,
      engineHours: 3_600_000,
      maxSpeed: 33,
      spentFuel: 5,
    });
    expect(summary.averageSpeed).toBeCloseTo(20, 9); // 37.04 km per engine hour
    const noHours = summaryItem(
      device,
      edge(1, T0, { totalDistance: 0 }),
      edge(2, T0 + 1, { totalDistance: 5 }),
      0,
      options,
    );
    expect(noHours.averageSpeed).toBe(0);
    expect(noHours.engineHours).toBe(0);
  });
});

describe('local days', () => {
  const SP = 'America/Sao_Paulo';

  it('splits at midnight in the user time zone (São Paulo is UTC-3)', () => {
    const from = Date.parse('2025-03-10T10:00:00-03:00');
    const to = Date.parse('2025-03-12T05:00:00-03:00');
    expect(
      dailyWindows(from, to, SP).map(([a, b]) => [
        new Date(a).toISOString(),
        new Date(b).toISOString(),
      ]),
    ).toEqual([
      ['2025-03-10T13:00:00.000Z', '2025-03-11T03:00:00.000Z'],
      ['2025-03-11T03:00:00.000Z', '2025-03-12T03:00:00.000Z'],
      ['2025-03-12T03:00:00.000Z', '2025-03-12T08:00:00.000Z'],
    ]);
    expect(dailyWindows(from, from + 3_600_000, SP)).toEqual([[from, from + 3_600_000]]);
  });

  it('handles 23- and 25-hour days and a midnight that does not exist', () => {
    const ny = 'America/New_York';
    const springDay = Date.parse('2025-03-09T12:00:00-04:00');
    expect(new Date(startOfLocalDay(springDay, ny)).toISOString()).toBe('2025-03-09T05:00:00.000Z');
    expect(nextLocalMidnight(springDay, ny) - startOfLocalDay(springDay, ny)).toBe(23 * 3_600_000);
    const fallDay = Date.parse('2025-11-02T12:00:00-05:00');
    expect(nextLocalMidnight(fallDay, ny) - startOfLocalDay(fallDay, ny)).toBe(25 * 3_600_000);
    // Chile moved its clocks from 00:00 to 01:00 on 2024-09-08: that day starts at 01:00 (UTC-3).
    const chile = Date.parse('2024-09-08T12:00:00-03:00');
    expect(new Date(startOfLocalDay(chile, 'America/Santiago')).toISOString()).toBe(
      '2024-09-08T04:00:00.000Z',
    );
  });
});
