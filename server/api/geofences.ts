import type { Geofence } from '../../model';
import { geofences } from '../entities/resources';
import { crudRoutes } from './crud';

export const geofencesRoutes = crudRoutes<Geofence>('/api/geofences', geofences);
