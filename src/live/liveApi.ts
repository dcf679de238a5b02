import { getJson } from '../dataProvider/http';
import type { Device } from '../../model/device';
import type { Position } from '../../model/position';

export const fetchDevices = () => getJson<Device[]>('/api/devices');

export const fetchPositions = () => getJson<Position[]>('/api/positions');

/** One device the socket mentioned before the list knew it. */
export const fetchDevice = async (id: number): Promise<Device | undefined> =>
  (await getJson<Device[]>('/api/devices', { query: { id } }))[0];
