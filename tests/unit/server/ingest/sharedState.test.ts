/**
 * The state instances sharing a database write with every batch: the pipeline state and the
 * device's latest position, read back whole, or without the position when it is not the row's.
 */
import { describe, expect, it } from 'vitest';
import { readSharedState, writeSharedState } from '../../../../server/ingest/sharedState';
import { initialDeviceState } from '../../../../server/processing/deviceState';
import type { PositionRecord } from '../../../../server/processing/types';
import { positionJson, positionText } from '../../../../server/serialize';
import { positionRecord } from '../../../support/positionRecord';

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

  it('writes the position as its Traccar JSON, the text the sockets and the relay send', () => {
    const written = JSON.parse(writeSharedState(state, last)) as { last: unknown };
    expect(written.last).toEqual(positionJson(last));
    expect(writeSharedState(state, last)).toContain(`"last":${positionText(last)}`);
    // An empty geofence list reads back as none, as a position read from its row does.
    const outside = { ...last, geofenceIds: [] };
    expect(readSharedState(writeSharedState(state, outside), 3, 41).last).toEqual({
      ...last,
      geofenceIds: null,
    });
  });

  it('still reads a state an earlier version wrote, with the position as its record', () => {
    const earlier = JSON.stringify({ ...JSON.parse(writeSharedState(state, null)), last });
    expect(readSharedState(earlier, 3, 41)).toEqual({ state, last });
  });

  it('leaves the position to be looked up when it is not the row’s latest, or is damaged', () => {
    const text = writeSharedState(state, last);
    // The API stored another latest (odometer set, latest deleted): the row names another id.
    expect(readSharedState(text, 3, 42)).toEqual({ state, last: null });
    expect(readSharedState(text, 4, 41).last).toBeNull();
    const damaged = JSON.stringify({ ...JSON.parse(text), last: { ...last, latitude: 'x' } });
    expect(readSharedState(damaged, 3, 41)).toEqual({ state, last: null });
    const badTime = JSON.stringify({
      ...JSON.parse(text),
      last: { ...positionJson(last), fixTime: 'yesterday' },
    });
    expect(readSharedState(badTime, 3, 41)).toEqual({ state, last: null });
    // A lone instance's state (no position) and unreadable text.
    expect(readSharedState('{"overspeed":{"overspeed":false}}', 3, 41).last).toBeNull();
    expect(readSharedState('not json', 3, 41)).toEqual({ state: initialDeviceState(), last: null });
  });
});
