import type { Geofence } from '../../model/geofence';
import { getJson, request } from './http';

/** A device's anchor: a geofence of its own, linked to it; failures keep the server's text. */
export const anchorMethods = {
  /** Saves the anchor geofence, then links it to the device with the id the save answered. */
  addAnchor: async (deviceId: number, geofence: Geofence): Promise<Geofence> => {
    const saved = await getJson<Geofence>('/api/geofences', { method: 'POST', json: geofence });
    await request('/api/permissions', { method: 'POST', json: { deviceId, geofenceId: saved.id } });
    return saved;
  },

  removeAnchor: async (geofenceId: number): Promise<void> => {
    await request(`/api/geofences/${geofenceId}`, { method: 'DELETE' });
  },
};
