import { circleArea } from '../../map/geofenceArea';
import type { Geofence } from '../../../model/geofence';

/** Anchors are 150 m circles. */
const ANCHOR_RADIUS_M = 150;

/** The geofence an anchor saves: centred on the latest fix, new id -1, calendar 0. */
export const anchorGeofence = (
  deviceId: number,
  latitude: number,
  longitude: number,
  name: string,
): Geofence => ({
  id: -1,
  name,
  description: '',
  area: circleArea(latitude, longitude, ANCHOR_RADIUS_M),
  calendarId: 0,
  attributes: { deviceId, isAnchor: true },
});
