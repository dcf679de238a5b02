import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeOsmAndQuery } from '../../../../server/protocol/osmand/decoder';
import { Fleet } from '../../../../server/simulator/fleet';
import { osmAndQuery, parseCommand } from '../../../../server/simulator/message';
import { OsmAndSender, type SendResult } from '../../../../server/simulator/sender';
import { PROFILES } from '../../../../server/simulator/catalog';
import { UNIFORM_CENTER, UNIFORM_RADIUS_M, uniformRoad } from '../../../../server/simulator/spread';
import { distance } from '../../../../server/processing/geometry';
import { Vehicle } from '../../../../server/simulator/vehicle';

const START = Date.UTC(2025, 4, 12, 11, 0, 0);

describe('osmAndQuery', () => {
  it('is what the OsmAnd decoder reads back: knots, seconds, attributes', () => {
    const vehicle = new Vehicle({
      uniqueId: 'demo-0007',
      profile: PROFILES.truck,
      seed: 7,
      start: START,
    });
    vehicle.advance(START + 30_000);
    const report = vehicle.report();
    const decoded = decodeOsmAndQuery(osmAndQuery(report));
    expect(decoded.uniqueId).toBe('demo-0007');
    expect(decoded.fixTime).toBe(Math.floor(report.time / 1000) * 1000);
    expect(decoded.latitude).toBeCloseTo(report.latitude, 5);
    expect(decoded.longitude).toBeCloseTo(report.longitude, 5);
    expect(decoded.speed).toBeCloseTo(report.speed, 1);
    expect(decoded.attributes).toMatchObject({
      batteryLevel: report.batteryLevel,
      ignition: report.ignition,
      blocked: false,
      sat: report.sat,
      odometer: report.odometer,
      hours: report.hours,
    });
    expect(decoded.attributes.power).toBeCloseTo(report.power, 2);
  });

  it('carries alarms', () => {
    const query = osmAndQuery({
      ...new Vehicle({ uniqueId: 'x', profile: PROFILES.car, seed: 1, start: START }).report(),
      alarm: 'sos',
    });
    expect(decodeOsmAndQuery(query).attributes.alarm).toBe('sos');
  });
});

describe('parseCommand', () => {
  it.each([
    ['engineStop', 'engineStop'],
    [' engineResume\n', 'engineResume'],
    ['{"type":"engineStop"}', 'engineStop'],
    ['{"type":"custom","attributes":{"data":"engineResume"}}', 'engineResume'],
    ['stop engine', 'engineStop'],
    ['', null],
    ['positionSingle', null],
    ['{broken', null],
  ])('%j → %s', (body, expected) => {
    expect(parseCommand(body)).toBe(expected);
  });
});

describe('Fleet', () => {
  it('spreads reports over the interval, and obeys engineStop from the reply', async () => {
    let now = START;
    const sent: string[] = [];
    let reply = '';
    const fleet = new Fleet({
      vehicles: Fleet.vehiclesFor(
        Array.from({ length: 4 }, (_, i) => ({ uniqueId: `d${i}`, category: 'car' })),
        START,
      ),
      intervalMs: 4_000,
      now: () => now,
      send: async (report) => {
        sent.push(osmAndQuery(report));
        return { ok: true, status: 200, body: reply };
      },
    });
    fleet.tick();
    expect(sent).toHaveLength(1); // only the first vehicle's turn has come
    now += 1_000;
    fleet.tick();
    expect(sent).toHaveLength(2);
    now += 3_000;
    reply = 'engineStop';
    const from = sent.length;
    fleet.tick();
    await Promise.resolve();
    expect(sent.length).toBeGreaterThanOrEqual(4);
    expect(fleet.vehicles.some((v) => v.blocked)).toBe(true);

    // From its second report after the reply carried engineStop, every vehicle says blocked.
    for (let i = 0; i < 8; i++) {
      now += 1_000;
      fleet.tick();
      await Promise.resolve();
    }
    const byDevice = new Map<string, string[]>();
    for (const query of sent.slice(from)) {
      const params = new URLSearchParams(query);
      byDevice.set(params.get('id')!, [
        ...(byDevice.get(params.get('id')!) ?? []),
        params.get('blocked')!,
      ]);
    }
    expect(byDevice.size).toBe(4);
    for (const flags of byDevice.values()) {
      expect(flags.length).toBeGreaterThanOrEqual(2);
      expect(flags.slice(1).every((flag) => flag === 'true')).toBe(true);
    }
  });

  it('brings every vehicle on once within the warm-up, then reports at the steady rate', async () => {
    let now = START;
    const sent: number[] = [];
    const count = 100;
    const fleet = new Fleet({
      vehicles: Fleet.vehiclesFor(
        Array.from({ length: count }, (_, i) => ({ uniqueId: `w${i}`, category: 'car' })),
        START,
      ),
      intervalMs: 100_000,
      firstRoundMs: 10_000,
      now: () => now,
      send: async () => {
        sent.push(now);
        return { ok: true, status: 200, body: '' };
      },
    });
    for (; now < START + 210_000; now += 100) {
      fleet.tick();
      await Promise.resolve();
    }
    const within = (from: number, to: number) =>
      sent.filter((at) => at >= START + from && at < START + to).length;
    // All 100 in the first 10 s, instead of one per second.
    expect(within(0, 10_000)).toBe(count);
    // Then one per second, evenly, from the end of the warm-up on.
    expect(within(10_000, 110_000)).toBe(count);
    expect(within(60_000, 70_000)).toBe(10);
    expect(within(110_000, 210_000)).toBe(count);
  });

  it('sends a first report again when the sender dropped it, later ones never', async () => {
    let now = START;
    const sent: number[] = [];
    let drop = true;
    const fleet = new Fleet({
      vehicles: Fleet.vehiclesFor([{ uniqueId: 'busy', category: 'car' }], START),
      intervalMs: 100_000,
      now: () => now,
      send: async () => {
        sent.push(now);
        return drop
          ? { ok: false, status: 0, body: '', dropped: true }
          : { ok: true, status: 200, body: '' };
      },
    });
    const run = async (until: number) => {
      for (; now < START + until; now += 100) {
        fleet.tick();
        await Promise.resolve();
      }
    };
    await run(2_500);
    // Dropped at 0, 1 and 2 s: still trying to get on the map.
    expect(sent).toEqual([START, START + 1_000, START + 2_000]);
    drop = false;
    await run(3_500);
    expect(sent).toHaveLength(4);
    // On the map now: the next report waits for the steady rhythm, dropped or not.
    drop = true;
    await run(99_000);
    expect(sent).toHaveLength(4);
    await run(101_000);
    await run(103_000);
    expect(sent).toHaveLength(5);
  });

  it('holds first reports back while the sender is full, instead of having them dropped', async () => {
    let now = START;
    const sent: number[] = [];
    let full = true;
    const fleet = new Fleet({
      vehicles: Fleet.vehiclesFor([{ uniqueId: 'patient', category: 'car' }], START),
      intervalMs: 100_000,
      now: () => now,
      full: () => full,
      send: async () => {
        sent.push(now);
        return { ok: true, status: 200, body: '' };
      },
    });
    for (; now < START + 2_500; now += 100) fleet.tick();
    expect(sent).toEqual([]);
    full = false;
    for (; now < START + 4_000; now += 100) {
      fleet.tick();
      await Promise.resolve();
    }
    expect(sent).toEqual([START + 3_000]);
  });

  it('without a warm-up keeps the even spread over one interval', async () => {
    let now = START;
    const sent: number[] = [];
    const fleet = new Fleet({
      vehicles: Fleet.vehiclesFor(
        Array.from({ length: 10 }, (_, i) => ({ uniqueId: `s${i}`, category: 'car' })),
        START,
      ),
      intervalMs: 10_000,
      now: () => now,
      send: async () => {
        sent.push(now);
        return { ok: true, status: 200, body: '' };
      },
    });
    for (; now < START + 30_000; now += 1_000) {
      fleet.tick();
      await Promise.resolve();
    }
    expect(sent).toHaveLength(30);
    for (let second = 0; second < 30; second++) {
      expect(sent.filter((at) => at === START + second * 1_000)).toHaveLength(1);
    }
  });

  it('spreads a uniform fleet evenly over the disc, each on a street of its own', async () => {
    const count = 4_000;
    const vehicles = Fleet.vehiclesFor(
      Array.from({ length: count }, (_, i) => ({ uniqueId: `u${i}`, category: 'car' })),
      START,
      0,
      'uniform',
    );
    const reports = vehicles.map((vehicle) => {
      vehicle.advance(START + 5_000);
      return vehicle.report();
    });
    const fromCentre = reports.map((r) =>
      distance(UNIFORM_CENTER.latitude, UNIFORM_CENTER.longitude, r.latitude, r.longitude),
    );
    // Inside the disc (a street may reach a kilometre past its edge).
    expect(Math.max(...fromCentre)).toBeLessThan(UNIFORM_RADIUS_M + 1_100);
    // Even density: the inner disc of half the radius holds a quarter of the fleet, and each
    // quadrant about a quarter.
    const inner = fromCentre.filter((d) => d < UNIFORM_RADIUS_M / 2).length / count;
    expect(inner).toBeGreaterThan(0.21);
    expect(inner).toBeLessThan(0.29);
    const north = reports.filter((r) => r.latitude > UNIFORM_CENTER.latitude).length / count;
    const east = reports.filter((r) => r.longitude > UNIFORM_CENTER.longitude).length / count;
    expect(Math.abs(north - 0.5)).toBeLessThan(0.04);
    expect(Math.abs(east - 0.5)).toBeLessThan(0.04);
    // Not along a few shared roads: streets are the vehicle's own.
    expect(new Set(vehicles.map((v) => v.road.points[0].join())).size).toBe(count);
    expect(uniformRoad(7)).toEqual(uniformRoad(7));

    // Each moves a little per fix, along its street.
    const later = vehicles.slice(0, 200).map((vehicle, i) => {
      vehicle.advance(START + 10_000);
      const next = vehicle.report();
      return distance(reports[i].latitude, reports[i].longitude, next.latitude, next.longitude);
    });
    expect(Math.max(...later)).toBeLessThan(200);
    expect(later.filter((d) => d > 5).length).toBeGreaterThan(50);
  });

  it('skips a vehicle whose previous report is still unanswered', () => {
    let now = START;
    const pending: ((r: SendResult) => void)[] = [];
    const fleet = new Fleet({
      vehicles: Fleet.vehiclesFor([{ uniqueId: 'slow', category: 'van' }], START),
      intervalMs: 1_000,
      now: () => now,
      send: () => new Promise((resolve) => pending.push(resolve)),
    });
    for (let i = 0; i < 5; i++) {
      fleet.tick();
      now += 1_000;
    }
    expect(pending).toHaveLength(1);
    expect(fleet.skipped).toBe(4);
  });
});

describe('OsmAndSender', () => {
  let server: http.Server | null = null;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve) ?? resolve(null));
    server = null;
  });

  async function listen(handler: http.RequestListener): Promise<string> {
    server = http.createServer(handler);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  }

  it('posts the query, returns the reply body, and keeps connections alive', async () => {
    const sockets = new Set<unknown>();
    let concurrent = 0;
    let peak = 0;
    const url = await listen((req, res) => {
      sockets.add(req.socket);
      concurrent++;
      peak = Math.max(peak, concurrent);
      setTimeout(() => {
        concurrent--;
        res.end(req.url?.includes('id=cmd') ? 'engineStop' : '');
      }, 5);
    });
    const sender = new OsmAndSender({ url, concurrency: 3 });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => sender.send(`id=${i === 5 ? 'cmd' : i}&lat=1&lon=2`)),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results[5].body).toBe('engineStop');
    expect(peak).toBeLessThanOrEqual(3);
    expect(sockets.size).toBeLessThanOrEqual(3);
    expect(sender.stats).toMatchObject({ sent: 12, acknowledged: 12, failed: 0, dropped: 0 });
    await sender.close();
  });

  it('times each answer from its request, not from the wait for a free connection', async () => {
    const url = await listen((_req, res) => setTimeout(() => res.end(''), 40));
    const sender = new OsmAndSender({ url, concurrency: 1 });
    const sentAt = performance.now();
    const results = await Promise.all([1, 2, 3].map((i) => sender.send(`id=${i}&lat=1&lon=2`)));
    const waited = performance.now() - sentAt;
    for (const result of results) expect(result.replyMs).toBeGreaterThanOrEqual(38);
    // The third waited for the two before it; its answer alone took a third of that.
    expect(waited).toBeGreaterThanOrEqual(3 * 38);
    expect(results[2].replyMs!).toBeLessThan(waited - 2 * 38);
    await sender.close();
  });

  it('retries a 5xx a bounded number of times, never a 4xx', async () => {
    let hits = 0;
    const url = await listen((req, res) => {
      hits++;
      res.statusCode = req.url?.includes('id=unknown') ? 400 : 503;
      res.end();
    });
    const sender = new OsmAndSender({ url, retries: 2, backoffMs: 1 });
    expect((await sender.send('id=x')).status).toBe(503);
    expect(hits).toBe(3);
    expect((await sender.send('id=unknown')).status).toBe(400);
    expect(hits).toBe(4);
    expect(sender.stats).toMatchObject({ sent: 2, failed: 2, retried: 2 });
    await sender.close();
  });

  it('pauses after repeated failures instead of hammering a dead server', async () => {
    const url = await listen((_req, res) => {
      res.statusCode = 500;
      res.end();
    });
    const sender = new OsmAndSender({ url, retries: 0, breakerThreshold: 3 });
    for (let i = 0; i < 3; i++) await sender.send('id=x');
    expect(sender.paused).toBe(true);
    const dropped = await sender.send('id=x');
    expect(dropped.dropped).toBe(true);
    expect(sender.stats).toMatchObject({ sent: 3, dropped: 1 });
    await sender.close();
  });

  it('drops what does not fit the queue', async () => {
    const url = await listen((_req, res) => setTimeout(() => res.end(), 20));
    const sender = new OsmAndSender({ url, concurrency: 1, maxQueue: 2 });
    const results = await Promise.all(Array.from({ length: 6 }, () => sender.send('id=x')));
    expect(results.filter((r) => r.dropped)).toHaveLength(3);
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    await sender.close();
  });
});
