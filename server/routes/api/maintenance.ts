import type { Maintenance } from '../../../model';
import { maintenances } from '../../entities/resources';
import { crudRoutes } from '../crud';

export const maintenanceRoutes = crudRoutes<Maintenance>('/api/maintenance', maintenances);
