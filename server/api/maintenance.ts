import type { Maintenance } from '../../src/model';
import { maintenances } from '../entities/resources';
import { crudRoutes } from './crud';

export const maintenanceRoutes = crudRoutes<Maintenance>('/api/maintenance', maintenances);
