import { describe, expect, it } from 'vitest';
import type { Db } from '../../../../server/db/database';
import { DeviceEntry, type TrackingCache } from '../../../../server/ingest/cache';
import { GREETING_PART, Greeting } from '../../../../server/live/greeting';
import { LatestPositionsJson } from '../../../../server/positions/latestJson';
import { parseDeviceState } from '../../../../server/processing/deviceState';
import { deviceRecord } from '../../../support/deviceRecord';
import { positionRecord } from '../../../support/positionRecord';

/** A fleet of `count` devices held in memory, each with a latest position whose id is 1000 + its id. */
function fleet(
  count: number,
  attributes: Record<string, unknown> = {},
): Pick<TrackingCache, 'devices'> {
  const devices = new Map<number, DeviceEntry>();
  for (let id = 1; id <= count; id++) {
    const last = positionRecord({ id: 1000 + id, deviceId: id, attributes });
    devices.set(
      id,
      new DeviceEntry(deviceRecord(id, { positionId: last.id }), parseDeviceState(null, id), last),
    );
  }
  return { devices };
}

interface Part {
  positions: { id: number; deviceId: number }[];
  more?: boolean;
}

/** An administrator's greeting (every device held), as sent. */
async function greetingBytes(count: number, attributes?: Record<string, unknown>) {
  // An administrator's devices are read from memory: the database is never asked.
  const cache = fleet(count, attributes) as TrackingCache;
  const greeting = new Greeting({} as Db, cache, new LatestPositionsJson());
  return greeting.messages({ id: 1, administrator: true });
}

/** An administrator's greeting (every device held), parsed. */
async function greetingOf(count: number): Promise<Part[]> {
  return (await greetingBytes(count)).map((part) => JSON.parse(part.toString()) as Part);
}

/** What a vehicle tracker usually reports beside its fix (ignition, power, counters, radio). */
const TRACKER_ATTRIBUTES = {
  ignition: true,
  motion: true,
  batteryLevel: 87,
  power: 12.62,
  battery: 4.05,
  odometer: 128_456_300,
  totalDistance: 128_456_312.45,
  distance: 118.27,
  hours: 5_123_400_000,
  sat: 11,
  rssi: 4,
  hdop: 0.9,
  io1: 0,
  io2: 1,
  fuel: 43.5,
  temp1: 21.5,
  alarm: null,
  driverUniqueId: '00A1B2C3D4',
};

describe("the socket's opening positions", () => {
  it('come in one Traccar message when they fit one part', async () => {
    const parts = await greetingOf(3);
    expect(parts).toHaveLength(1);
    expect(parts[0].more).toBeUndefined();
    expect(parts[0].positions.map((p) => p.deviceId).sort()).toEqual([1, 2, 3]);
  });

  it('are one empty message for a user who sees no position', async () => {
    expect(await greetingOf(0)).toEqual([{ positions: [] }]);
  });

  it('come in parts of at most GREETING_PART, all but the last saying more follow', async () => {
    const count = GREETING_PART * 2 + 1;
    const parts = await greetingOf(count);
    expect(parts.map((part) => part.positions.length)).toEqual([GREETING_PART, GREETING_PART, 1]);
    expect(parts.map((part) => part.more)).toEqual([true, true, undefined]);
    const ids = parts.flatMap((part) => part.positions.map((p) => p.id));
    expect(new Set(ids).size).toBe(count);
    expect(Math.min(...ids)).toBe(1001);
    expect(Math.max(...ids)).toBe(1000 + count);
  });

  it('end in a last part without the mark when the fleet fills whole parts', async () => {
    const parts = await greetingOf(GREETING_PART * 2);
    expect(parts.map((part) => [part.positions.length, part.more])).toEqual([
      [GREETING_PART, true],
      [GREETING_PART, undefined],
    ]);
  });

  it('keep each message of a big fleet to what a browser parses in one short task', async () => {
    // Chromium took 50–65 ms on a 2-core machine for a part of about a megabyte: over a long
    // task's 50 ms while the map opens.
    const parts = await greetingBytes(GREETING_PART * 3, TRACKER_ATTRIBUTES);
    expect(parts).toHaveLength(3);
    for (const part of parts) expect(part.byteLength).toBeLessThan(640 * 1024);
  });
});
