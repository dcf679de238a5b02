import type { Device } from '../../../model/device';
import type { Position } from '../../../model/position';

export const device = (id: number, patch: Partial<Device> = {}): Device => ({
  id,
  name: `Device ${id}`,
  uniqueId: `uid-${id}`,
  status: 'online',
  disabled: false,
  lastUpdate: '2026-01-01T10:00:00.000Z',
  positionId: 0,
  groupId: 0,
  calendarId: 0,
  phone: null,
  model: null,
  contact: null,
  category: 'car',
  expirationTime: null,
  attributes: {},
  ...patch,
});

export const position = (deviceId: number, patch: Partial<Position> = {}): Position => ({
  id: deviceId * 1000,
  deviceId,
  protocol: 'osmand',
  serverTime: '2026-01-01T10:00:00.000Z',
  deviceTime: '2026-01-01T10:00:00.000Z',
  fixTime: '2026-01-01T10:00:00.000Z',
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
  ...patch,
});
