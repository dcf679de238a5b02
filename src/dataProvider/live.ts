import type { Device } from '../../model/device';
import type { Position } from '../../model/position';
import { getJson } from './http';

/** Devices and positions as they are now (the live store's loads, the panels' look-ups). */
export const liveMethods = {
  getDevices: (): Promise<Device[]> => getJson<Device[]>('/api/devices'),

  /** One device by id (one the socket mentioned before the list knew it, a linked one). */
  getDevice: async (id: number): Promise<Device | undefined> =>
    (await getJson<Device[]>('/api/devices', { query: { id } }))[0],

  /** The latest position of every device the user sees. */
  getLatestPositions: (): Promise<Position[]> => getJson<Position[]>('/api/positions'),

  /** One device's latest position, or null when it has none. */
  getLatestPosition: async (deviceId: number): Promise<Position | null> =>
    (await getJson<Position[]>('/api/positions', { query: { deviceId } }))[0] ?? null,

  /** Positions by id (`?id=1&id=2…`), e.g. where report events happened. */
  getPositionsById: (ids: readonly number[], signal?: AbortSignal): Promise<Position[]> => {
    const params = new URLSearchParams();
    ids.forEach((id) => params.append('id', String(id)));
    return getJson<Position[]>(`/api/positions?${params}`, { signal });
  },
};
