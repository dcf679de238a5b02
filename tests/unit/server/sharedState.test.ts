/**
 * The state instances sharing a database write with every batch: the pipeline state and the
 * device's latest position, read back whole, or without the position when it is not the row's.
 */
import { describe, expect, it } from 'vitest';
import { readSharedState, writeSharedState } from '../../../server/ingest/sharedState';
import { initialDeviceState } from '../../../server/processing/deviceState';
import type { PositionRecord } from '../../../server/processing/types';
import { positionRecord } from '../../support/positionRecord';

const last: PositionRecord = positionRecord({
  id: 41,
  deviceId: 3,
  altitude: 760,
  speed: 12.5,
  course: 90,
  accuracy: 5,
  network: {
    cellTowers: [{ cellId: 1, locationAreaCode: 2, mobileCountryCode: 724, mobileNetworkCode: 5 }],
  },
  geofenceIds: [7],
  attributes: { ignition: true, totalDistance: 1234.5 },
});

const state = {
  ...initialDeviceState(),
  motion: {
    moving: true,
    eventPoint: {
      id: 40,
      deviceId: 3,
      fixTime: 1_699_999_990_000,
      latitude: -23.4,
      longitude: -46.6,
    },
    history: [
      { id: 41, deviceId: 3, fixTime: 1_700_000_000_000, latitude: -23.5, longitude: -46.6 },
    ],
  },
};

describe('shared pipeline state', () => {
  it('reads back the state and the latest position it was written with', () => {
    expect(readSharedState(writeSharedState(state, last), 3, 41)).toEqual({ state, last });
    expect(readSharedState(writeSharedState(state, null), 3, 0)).toEqual({ state, last: null });
  });

  it('leaves the position to be looked up when it is not the row’s latest, or is damaged', () => {
    const text = writeSharedState(state, last);
    // The API stored another latest (odometer set, latest deleted): the row names another id.
    expect(readSharedState(text, 3, 42)).toEqual({ state, last: null });
    expect(readSharedState(text, 4, 41).last).toBeNull();
    const damaged = JSON.stringify({ ...JSON.parse(text), last: { ...last, latitude: 'x' } });
    expect(readSharedState(damaged, 3, 41)).toEqual({ state, last: null });
    // A lone instance's state (no position) and unreadable text.
    expect(readSharedState('{"overspeed":{"overspeed":false}}', 3, 41).last).toBeNull();
    expect(readSharedState('not json', 3, 41)).toEqual({ state: initialDeviceState(), last: null });
  });
});
