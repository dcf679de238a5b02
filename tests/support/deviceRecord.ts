import type { DeviceRecord } from '../../server/processing/types';

/**
 * A device as the tracking core holds it: online, in no group, with what a test cares about
 * given in `fields`.
 */
export const deviceRecord = (id: number, fields: Partial<DeviceRecord> = {}): DeviceRecord => ({
  id,
  name: `Truck ${id}`,
  uniqueId: `truck-${id}`,
  status: 'online',
  disabled: false,
  lastUpdate: 1_700_000_000_000,
  positionId: 0,
  groupId: 0,
  calendarId: 0,
  phone: null,
  model: null,
  contact: null,
  category: null,
  expirationTime: null,
  attributes: {},
  ...fields,
});
