import type { PositionRecord } from '../../server/processing/types';

/**
 * A stored fix as the tracking core holds it: a valid OsmAnd fix in São Paulo, standing still,
 * with what a test cares about given in `fields`.
 */
export const positionRecord = (fields: Partial<PositionRecord> = {}): PositionRecord => ({
  id: 1,
  deviceId: 1,
  protocol: 'osmand',
  serverTime: 1_700_000_001_000,
  deviceTime: 1_700_000_000_000,
  fixTime: 1_700_000_000_000,
  outdated: false,
  valid: true,
  latitude: -23.5,
  longitude: -46.6,
  altitude: 0,
  speed: 0,
  course: 0,
  address: null,
  accuracy: 0,
  network: null,
  geofenceIds: null,
  attributes: {},
  ...fields,
});
