import { describe, expect, it } from 'vitest';
import { PROFILES, demoIdentity, type DemoCategory } from '../../../../server/simulator/catalog';
import { createRng, hashSeed } from '../../../../server/simulator/random';
import { ROADS, type Road } from '../../../../server/simulator/roads';
import { Route } from '../../../../server/simulator/route';
import { Vehicle, type VehicleReport } from '../../../../server/simulator/vehicle';
import { distance, distanceToSegment } from '../../../../server/processing/geometry';

const START = Date.UTC(2025, 4, 12, 11, 0, 0);
const KNOTS_IN_KMH = 1.852;

function distanceToRoad(road: Road, latitude: number, longitude: number): number {
  let best = Infinity;
  for (let i = 1; i < road.points.length; i++) {
    const [lat1, lon1] = road.points[i - 1];
    const [lat2, lon2] = road.points[i];
    best = Math.min(best, distanceToSegment(latitude, longitude, lat1, lon1, lat2, lon2));
  }
  return best;
}

/** Reports every `stepMs` for `durationMs`. */
function drive(vehicle: Vehicle, durationMs: number, stepMs = 5_000): VehicleReport[] {
  const reports: VehicleReport[] = [];
  for (let t = START + stepMs; t <= START + durationMs; t += stepMs) {
    vehicle.advance(t);
    reports.push(vehicle.report());
  }
  return reports;
}

function vehicle(category: DemoCategory, seed: number, road?: Road): Vehicle {
  return new Vehicle({
    uniqueId: `t-${category}-${seed}`,
    profile: PROFILES[category],
    road,
    seed,
    start: START,
    parkMs: [30_000, 90_000],
  });
}

const CATEGORIES = Object.keys(PROFILES) as DemoCategory[];

describe('roads', () => {
  it('are real São Paulo streets: inside the city, with vertices every few hundred metres', () => {
    expect(ROADS.length).toBeGreaterThanOrEqual(12);
    for (const road of ROADS) {
      expect(road.points.length).toBeGreaterThanOrEqual(10);
      for (const [lat, lon] of road.points) {
        expect(lat).toBeGreaterThan(-23.75);
        expect(lat).toBeLessThan(-23.45);
        expect(lon).toBeGreaterThan(-46.8);
        expect(lon).toBeLessThan(-46.45);
      }
      for (let i = 1; i < road.points.length; i++) {
        const [a, b] = [road.points[i - 1], road.points[i]];
        expect(distance(a[0], a[1], b[0], b[1])).toBeLessThan(1_200);
      }
    }
  });

  it('maps a distance along the route to a point on the polyline with its heading', () => {
    const route = new Route(ROADS[0]);
    expect(route.length).toBeGreaterThan(1_500);
    const start = route.locate(0);
    expect(start.latitude).toBeCloseTo(ROADS[0].points[0][0], 6);
    const middle = route.locate(route.length / 2);
    expect(distanceToRoad(ROADS[0], middle.latitude, middle.longitude)).toBeLessThan(0.5);
    // Paulista runs north-west from Paraíso: heading ~315°, and ~135° the other way.
    expect(middle.course).toBeGreaterThan(290);
    expect(middle.course).toBeLessThan(340);
    expect(route.locate(route.length / 2, true).course).toBeCloseTo((middle.course + 180) % 360, 6);
    const end = route.locate(route.length * 2);
    expect(end.latitude).toBeCloseTo(ROADS[0].points.at(-1)![0], 6);
  });
});

describe('demo identities', () => {
  it('are stable per index, with plates, tints and varied categories', () => {
    expect(demoIdentity(0)).toEqual(demoIdentity(0));
    const fleet = Array.from({ length: 25 }, (_, i) => demoIdentity(i));
    expect(new Set(fleet.map((d) => d.uniqueId)).size).toBe(25);
    expect(fleet[0].uniqueId).toBe('demo-0001');
    expect(new Set(fleet.map((d) => d.category)).size).toBeGreaterThanOrEqual(4);
    for (const device of fleet) {
      expect(device.attributes.placa).toMatch(/^([A-Z]{3}\d[A-Z]\d{2}|[B-G][A-Z]{2}-\d{4})$/);
      expect(device.attributes['tarkan.color']).toMatch(/^\d{1,3}\|\d\.\d{2}\|\d\.\d{2}$/);
      expect(device.attributes['frota.demo']).toBe(true);
      expect(device.name).toMatch(/\S+ \d{2}$/);
    }
  });
});

describe('Vehicle', () => {
  it('stays on its road, within GPS noise', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const car = vehicle(CATEGORIES[seed % CATEGORIES.length], seed);
      for (const report of drive(car, 40 * 60_000)) {
        expect(distanceToRoad(car.road, report.latitude, report.longitude)).toBeLessThan(5);
      }
    }
  });

  it('drives at plausible speeds with plausible acceleration, and does stop', () => {
    for (const category of CATEGORIES) {
      for (let seed = 1; seed <= 4; seed++) {
        const road = ROADS[(seed * 3) % ROADS.length];
        const reports = drive(vehicle(category, seed, road), 30 * 60_000, 1_000);
        const kmh = reports.map((r) => r.speed * KNOTS_IN_KMH);
        expect(Math.max(...kmh)).toBeLessThanOrEqual(PROFILES[category].maxKmh * 1.07);
        expect(Math.min(...kmh)).toBeGreaterThanOrEqual(0);
        // Moves at times, stands still at times.
        expect(kmh.filter((v) => v > 15).length).toBeGreaterThan(30);
        expect(kmh.filter((v) => v === 0).length).toBeGreaterThan(10);
        for (let i = 1; i < kmh.length; i++) {
          const change = (kmh[i] - kmh[i - 1]) / 3.6; // m/s over 1 s
          expect(change).toBeLessThanOrEqual(PROFILES[category].accel + 1e-9);
          // Plus the last half metre per second when it settles at the stop line.
          expect(-change).toBeLessThanOrEqual(PROFILES[category].decel * 2 + 0.5);
        }
      }
    }
  });

  it('moves as far as its speed says', () => {
    const reports = drive(vehicle('car', 7, ROADS[1]), 20 * 60_000, 1_000);
    for (let i = 1; i < reports.length; i++) {
      const [a, b] = [reports[i - 1], reports[i]];
      const moved = distance(a.latitude, a.longitude, b.latitude, b.longitude);
      const maxMps = (Math.max(a.speed, b.speed) * KNOTS_IN_KMH) / 3.6;
      expect(moved).toBeLessThanOrEqual(maxMps + 5);
      expect(b.odometer).toBeGreaterThanOrEqual(a.odometer);
    }
  });

  it('switches the ignition off only when stopped, and parks at the end of its road', () => {
    let parkedSeen = 0;
    for (let seed = 1; seed <= 10; seed++) {
      // A short road so each vehicle reaches its end within the hour.
      const car = vehicle(
        'car',
        seed,
        ROADS.find((r) => r.name === 'Rua da Consolação'),
      );
      let previous: VehicleReport | null = null;
      for (const report of drive(car, 60 * 60_000, 1_000)) {
        if (!report.ignition) {
          parkedSeen++;
          expect(report.speed).toBe(0);
          expect(report.power).toBeLessThan(13);
          if (previous && !previous.ignition) {
            expect(
              distance(report.latitude, report.longitude, previous.latitude, previous.longitude),
            ).toBeLessThan(5);
          }
        } else {
          expect(report.power).toBeGreaterThan(13);
        }
        previous = report;
      }
    }
    expect(parkedSeen).toBeGreaterThan(0);
  });

  it('engineStop halts it and reports blocked until engineResume', () => {
    const truck = vehicle('truck', 3, ROADS[2]);
    // Find a moment it is driving.
    let t = START;
    do {
      t += 1_000;
      truck.advance(t);
    } while (truck.speed < 10 && t < START + 3_600_000);
    expect(truck.speed).toBeGreaterThanOrEqual(10);

    expect(truck.command('engineStop')).toBe(true);
    t += 60_000;
    truck.advance(t);
    const stopped = truck.report();
    expect(stopped.blocked).toBe(true);
    expect(stopped.speed).toBe(0);
    for (let i = 0; i < 30; i++) {
      t += 20_000;
      truck.advance(t);
      const report = truck.report();
      expect(report.speed).toBe(0);
      expect(report.blocked).toBe(true);
      expect(
        distance(report.latitude, report.longitude, stopped.latitude, stopped.longitude),
      ).toBeLessThan(5);
    }

    truck.command('engineResume');
    let moved = false;
    for (let i = 0; i < 60 && !moved; i++) {
      t += 5_000;
      truck.advance(t);
      const report = truck.report();
      expect(report.blocked).toBe(false);
      moved = report.speed > 0;
    }
    expect(moved).toBe(true);
  });

  it('raises alarms now and then, once each', () => {
    const alarms: string[] = [];
    for (let seed = 1; seed <= 10; seed++) {
      const car = new Vehicle({
        uniqueId: `a${seed}`,
        profile: PROFILES.car,
        seed,
        start: START,
        alarmMeanMs: 10 * 60_000,
      });
      for (const report of drive(car, 60 * 60_000)) if (report.alarm) alarms.push(report.alarm);
    }
    // About 60 expected from the schedule alone (10 vehicles × 6 per hour).
    expect(alarms.length).toBeGreaterThan(20);
    expect(alarms.length).toBeLessThan(200);
    const kinds = new Set(alarms.flatMap((a) => a.split(',')));
    for (const kind of kinds) {
      expect(['sos', 'vibration', 'hardBraking', 'hardAcceleration', 'overspeed']).toContain(kind);
    }
  });

  it('is deterministic for a seed and differs across seeds', () => {
    const a = drive(vehicle('van', 42), 10 * 60_000);
    const b = drive(vehicle('van', 42), 10 * 60_000);
    const c = drive(vehicle('van', 43), 10 * 60_000);
    expect(a).toEqual(b);
    expect(c).not.toEqual(a);
  });

  it('reports sensible electrics and fix quality', () => {
    const bus = vehicle('bus', 5);
    for (const report of drive(bus, 10 * 60_000)) {
      expect(report.power).toBeGreaterThan(report.ignition ? 26 : 24);
      expect(report.batteryLevel).toBeGreaterThanOrEqual(60);
      expect(report.batteryLevel).toBeLessThanOrEqual(100);
      expect(report.sat).toBeGreaterThanOrEqual(4);
      expect(report.accuracy).toBeGreaterThanOrEqual(3);
      expect(report.altitude).toBeGreaterThan(700);
      expect(report.altitude).toBeLessThan(830);
      expect(report.course).toBeGreaterThanOrEqual(0);
      expect(report.course).toBeLessThan(360);
    }
  });
});

describe('random', () => {
  it('replays from a seed', () => {
    const a = createRng(hashSeed('x'));
    const b = createRng(hashSeed('x'));
    const values = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(values);
    for (const v of values) expect(v >= 0 && v < 1).toBe(true);
  });
});
