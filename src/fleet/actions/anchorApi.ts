import { getJson, request } from '../../dataProvider/http';
import { circleArea } from '../../map/geofenceArea';
import type { Geofence } from '../../../model/geofence';

/** Anchors are 150 m circles. */
const ANCHOR_RADIUS_M = 150;

/** The geofence an anchor saves: centred on the latest fix, new id -1, calendar 0. */
const anchorGeofence = (
  deviceId: number,
  latitude: number,
  longitude: number,
  name: string,
): Omit<Geofence, 'id'> & { id: number } => ({
  id: -1,
  name,
  description: '',
  area: circleArea(latitude, longitude, ANCHOR_RADIUS_M),
  calendarId: 0,
  attributes: { deviceId, isAnchor: true },
});

/** Creates the circle, then links it to the device with the id from the save response. */
export const enableAnchor = async (
  deviceId: number,
  latitude: number,
  longitude: number,
  name: string,
): Promise<Geofence> => {
  const saved = await getJson<Geofence>('/api/geofences', {
    method: 'POST',
    json: anchorGeofence(deviceId, latitude, longitude, name),
  });
  await request('/api/permissions', { method: 'POST', json: { deviceId, geofenceId: saved.id } });
  return saved;
};

export const disableAnchor = async (geofenceId: number): Promise<void> => {
  await request(`/api/geofences/${geofenceId}`, { method: 'DELETE' });
};
