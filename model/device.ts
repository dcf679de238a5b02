export type DeviceStatus = 'online' | 'offline' | 'unknown';

/** A device as `GET /api/devices` sends it. `status`, `lastUpdate` and `positionId` are server-managed. */
export interface Device {
  id: number;
  name: string;
  uniqueId: string;
  status: DeviceStatus | null;
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
