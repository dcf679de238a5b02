export type DeviceStatus = 'online' | 'offline' | 'unknown';

/** A device as `GET /api/devices` sends it. `status`, `lastUpdate` and `positionId` are server-managed. */
export interface Device {
  id: number;
  name: string;
  uniqueId: string;
  /** Never null: a device that never reported is `offline`, as Traccar sends it. */
  status: DeviceStatus;
  disabled: boolean;
  lastUpdate: string | null;
  positionId: number;
  groupId: number;
  calendarId: number;
  phone: string | null;
  model: string | null;
  contact: string | null;
  category: string | null;
  expirationTime: string | null;
  attributes: Record<string, unknown>;
}

/**
 * Lazy deletion ("safe mode") keeps a deleted device, renamed to `deleted-{uniqueId}-{time}`: three
 * dash-separated parts starting with `deleted`, as the original product's client reads it. Every
 * list, the live map included, hides such devices.
 */
export const deletedUniqueId = (uniqueId: string, time: number): string =>
  `deleted-${uniqueId}-${time}`;

export function isDeletedUniqueId(uniqueId: unknown): boolean {
  // Asked of every device of a fleet at once (the map's first load): most fail on the prefix
  // without the split's allocations.
  if (typeof uniqueId !== 'string' || !uniqueId.startsWith('deleted-')) return false;
  const parts = uniqueId.split('-');
  return parts.length === 3 && parts[0] === 'deleted';
}
