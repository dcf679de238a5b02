import type { Geofence } from '../../../model';
import { geofences } from '../../geofences/geofenceDef';
import { crudRoutes } from '../crud';

export const geofenceRoutes = crudRoutes<Geofence>('/api/geofences', geofences);
