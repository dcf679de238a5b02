import type { Geofence } from '../../../model';
import { geofences } from '../../entities/resources';
import { crudRoutes } from '../crud';

export const geofenceRoutes = crudRoutes<Geofence>('/api/geofences', geofences);
