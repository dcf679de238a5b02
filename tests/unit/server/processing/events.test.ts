import { describe, expect, it } from 'vitest';
import {
  INITIAL_OVERSPEED_STATE,
  alarmEvents,
  detectEvents,
  driverEvents,
  fuelEvents,
  geofenceEvents,
  ignitionEvents,
  overspeedEvents,
  parseAlarms,
  resolveSpeedLimit,
} from '../../../../server/processing/events';
import type { OverspeedState } from '../../../../server/processing/events';
import type { TrackPosition } from '../../../../server/processing/types';

const T0 = Date.UTC(2024, 5, 1, 10, 0, 0);

function pos(overrides: Partial<TrackPosition> = {}): TrackPosition {
  return {
    id: 100,
    deviceId: 9,
    fixTime: T0,
    valid: true,
    latitude: 0,
    longitude: 0,
    speed: 0,
    geofenceIds: null,
    attributes: {},
    ...overrides,
  };
}

describe('geofenceEvents', () => {
  it('exit for ids only before, enter for ids only now, with geofenceId and position', () => {
    const events = geofenceEvents(pos({ geofenceIds: [1, 2] }), pos({ geofenceIds: [2, 3] }));
    expect(events).toEqual([
      {
        type: 'geofenceExit',
        deviceId: 9,
        eventTime: T0,
        positionId: 100,
        geofenceId: 1,
        maintenanceId: 0,
        attributes: {},
      },
      {
        type: 'geofenceEnter',
        deviceId: 9,
        eventTime: T0,
        positionId: 100,
        geofenceId: 3,
        maintenanceId: 0,
        attributes: {},
      },
    ]);
  });

  it('treats null, [] and no previous position as "in none"', () => {
    expect(geofenceEvents(null, pos({ geofenceIds: [4] })).map((e) => e.type)).toEqual([
      'geofenceEnter',
    ]);
    expect(geofenceEvents(pos({ geofenceIds: [] }), pos({ geofenceIds: null }))).toEqual([]);
    expect(geofenceEvents(pos({ geofenceIds: [5] }), pos())).toHaveLength(1);
  });

  it('emits nothing when the set is unchanged', () => {
    expect(geofenceEvents(pos({ geofenceIds: [1, 2] }), pos({ geofenceIds: [2, 1] }))).toEqual([]);
  });

  it('suppresses geofences whose calendar is inactive at the fix time', () => {
    const seen: [number, number][] = [];
    const events = geofenceEvents(pos({ geofenceIds: [1] }), pos({ geofenceIds: [2] }), {
      isActive: (id, time) => {
        seen.push([id, time]);
        return id !== 2;
      },
    });
    expect(events.map((e) => [e.type, e.geofenceId])).toEqual([['geofenceExit', 1]]);
    expect(seen).toContainEqual([2, T0]);
  });
});

describe('resolveSpeedLimit', () => {
  const geofences = [
    { id: 1, attributes: { speedLimit: 40 } },
    { id: 2, attributes: { speedLimit: '60' } },
    { id: 3, attributes: {} },
    { id: 4, attributes: { speedLimit: 20 } },
  ];

  it('looks up device, then group chain, then server', () => {
    const p = pos();
    expect(
      resolveSpeedLimit({ position: p, sources: [{}, { speedLimit: 50 }], geofences }),
    ).toEqual({ speedLimit: 50, geofenceId: 0 });
    expect(
      resolveSpeedLimit({
        position: p,
        sources: [{ speedLimit: 70 }, { speedLimit: 50 }],
        geofences,
      }),
    ).toEqual({ speedLimit: 70, geofenceId: 0 });
    expect(resolveSpeedLimit({ position: p, sources: [], geofences })).toEqual({
      speedLimit: 0,
      geofenceId: 0,
    });
  });

  it('lets a position speedLimit override the device setting', () => {
    const p = pos({ attributes: { speedLimit: 30 } });
    expect(
      resolveSpeedLimit({ position: p, sources: [{ speedLimit: 70 }], geofences }).speedLimit,
    ).toBe(30);
  });

  it('prefers geofence limits: highest by default, lowest with preferLowest', () => {
    const p = pos({ geofenceIds: [1, 2, 3] });
    expect(resolveSpeedLimit({ position: p, sources: [{ speedLimit: 70 }], geofences })).toEqual({
      speedLimit: 60,
      geofenceId: 2,
    });
    expect(resolveSpeedLimit({ position: p, sources: [], geofences, preferLowest: true })).toEqual({
      speedLimit: 40,
      geofenceId: 1,
    });
  });

  it('ignores geofences the position is not in', () => {
    const p = pos({ geofenceIds: [3] });
    expect(resolveSpeedLimit({ position: p, sources: [{ speedLimit: 70 }], geofences })).toEqual({
      speedLimit: 70,
      geofenceId: 0,
    });
  });
});

describe('overspeedEvents', () => {
  const limit = { speedLimit: 50, geofenceId: 0 };

  function run(speeds: number[], options = {}, step = 10_000) {
    let state: OverspeedState = INITIAL_OVERSPEED_STATE;
    const fired: number[] = [];
    speeds.forEach((speed, i) => {
      const result = overspeedEvents(
        state,
        pos({ id: i, speed, fixTime: T0 + i * step }),
        limit,
        options,
      );
      state = result.state;
      if (result.events.length > 0) fired.push(i);
    });
    return fired;
  }

  it('fires once when crossing above, and again only after going back below', () => {
    expect(run([40, 55, 60, 70, 50, 45, 51, 52])).toEqual([1, 6]);
  });

  it('treats exactly the limit as not over', () => {
    expect(run([50, 50])).toEqual([]);
  });

  it('carries speed, speedLimit and the geofence on the event', () => {
    const { events, state } = overspeedEvents(INITIAL_OVERSPEED_STATE, pos({ speed: 61.5 }), {
      speedLimit: 60,
      geofenceId: 7,
    });
    expect(events).toEqual([
      {
        type: 'deviceOverspeed',
        deviceId: 9,
        eventTime: T0,
        positionId: 100,
        geofenceId: 7,
        maintenanceId: 0,
        attributes: { speed: 61.5, speedLimit: 60 },
      },
    ]);
    expect(state.overspeed).toBe(true);
  });

  it('waits minimalDuration over the limit before firing', () => {
    expect(run([60, 60, 60, 60], { minimalDuration: 25_000 })).toEqual([3]);
    // Dropping below before the duration cancels the excursion.
    expect(run([60, 60, 40, 60, 60], { minimalDuration: 15_000 })).toEqual([]);
  });

  it('applies thresholdMultiplier', () => {
    expect(run([54, 56], { thresholdMultiplier: 1.1 })).toEqual([1]);
  });

  it('does nothing without a limit', () => {
    const result = overspeedEvents(INITIAL_OVERSPEED_STATE, pos({ speed: 999 }), {
      speedLimit: 0,
      geofenceId: 0,
    });
    expect(result.events).toEqual([]);
  });
});

describe('ignitionEvents', () => {
  const on = pos({ attributes: { ignition: true } });
  const off = pos({ attributes: { ignition: false } });

  it('fires on a change of the boolean', () => {
    expect(ignitionEvents(off, on).map((e) => e.type)).toEqual(['ignitionOn']);
    expect(ignitionEvents(on, off).map((e) => e.type)).toEqual(['ignitionOff']);
  });

  it('is silent without a change or without both values', () => {
    expect(ignitionEvents(on, on)).toEqual([]);
    expect(ignitionEvents(null, on)).toEqual([]);
    expect(ignitionEvents(pos(), on)).toEqual([]);
    expect(ignitionEvents(on, pos())).toEqual([]);
    expect(
      ignitionEvents(off, pos({ attributes: { ignition: 'true' as unknown as boolean } })),
    ).toEqual([]);
  });
});

describe('alarmEvents', () => {
  it('parses the comma-separated attribute without blanks or duplicates', () => {
    expect(parseAlarms('sos, door,,sos')).toEqual(['sos', 'door']);
    expect(parseAlarms(undefined)).toEqual([]);
    expect(parseAlarms(5)).toEqual([]);
  });

  it('emits one alarm event per key, each with attributes.alarm', () => {
    const events = alarmEvents(null, pos({ attributes: { alarm: 'sos,powerCut' } }));
    expect(events.map((e) => [e.type, e.attributes])).toEqual([
      ['alarm', { alarm: 'sos' }],
      ['alarm', { alarm: 'powerCut' }],
    ]);
  });

  it('only new keys by default; all keys with ignoreDuplicates off', () => {
    const before = pos({ attributes: { alarm: 'sos' } });
    const now = pos({ attributes: { alarm: 'sos,door' } });
    expect(alarmEvents(before, now).map((e) => e.attributes.alarm)).toEqual(['door']);
    expect(alarmEvents(before, now, { ignoreDuplicates: false })).toHaveLength(2);
  });

  it('is silent for an empty attributes map', () => {
    expect(alarmEvents(pos(), pos())).toEqual([]);
  });
});

describe('driverEvents', () => {
  it('fires when the driver changes, including the first driver seen', () => {
    const a = pos({ attributes: { driverUniqueId: 'A' } });
    const b = pos({ attributes: { driverUniqueId: 'B' } });
    expect(driverEvents(a, b)).toMatchObject([
      { type: 'driverChanged', attributes: { driverUniqueId: 'B' } },
    ]);
    expect(driverEvents(null, a)).toHaveLength(1);
    expect(driverEvents(pos(), a)).toHaveLength(1);
  });

  it('is silent for the same driver or no driver', () => {
    const a = pos({ attributes: { driverUniqueId: 'A' } });
    expect(driverEvents(a, a)).toEqual([]);
    expect(driverEvents(a, pos())).toEqual([]);
    expect(driverEvents(a, pos({ attributes: { driverUniqueId: '' } }))).toEqual([]);
  });
});

describe('fuelEvents', () => {
  it('fires deviceFuelDrop when the drop reaches the threshold', () => {
    const before = pos({ attributes: { fuel: 50 } });
    expect(
      fuelEvents(before, pos({ attributes: { fuel: 40 } }), { dropThreshold: 10 }),
    ).toMatchObject([{ type: 'deviceFuelDrop', attributes: { fuelDropThreshold: 10 } }]);
    expect(fuelEvents(before, pos({ attributes: { fuel: 41 } }), { dropThreshold: 10 })).toEqual(
      [],
    );
  });

  it('fires deviceFuelIncrease, falls back to fuelLevel, and is off by default', () => {
    const before = pos({ attributes: { fuelLevel: 20 } });
    const after = pos({ attributes: { fuelLevel: 80 } });
    expect(fuelEvents(before, after, { increaseThreshold: 30 }).map((e) => e.type)).toEqual([
      'deviceFuelIncrease',
    ]);
    expect(fuelEvents(before, after)).toEqual([]);
    expect(fuelEvents(null, after, { increaseThreshold: 1 })).toEqual([]);
  });
});

describe('detectEvents', () => {
  it('combines the detectors and returns the new overspeed state', () => {
    const previous = pos({ geofenceIds: [1], attributes: { ignition: false } });
    const position = pos({
      speed: 80,
      geofenceIds: [2],
      attributes: { ignition: true, alarm: 'sos', driverUniqueId: 'D1' },
    });
    const result = detectEvents({
      previous,
      position,
      overspeed: INITIAL_OVERSPEED_STATE,
      speedLimit: { speedLimit: 60, geofenceId: 0 },
    });
    expect(result.events.map((e) => e.type)).toEqual([
      'geofenceExit',
      'geofenceEnter',
      'deviceOverspeed',
      'alarm',
      'ignitionOn',
      'driverChanged',
    ]);
    expect(result.overspeed.overspeed).toBe(true);
    expect(result.events.every((e) => e.positionId === 100 && e.deviceId === 9)).toBe(true);
  });
});
