import type { Driver } from '../../src/model';
import { drivers } from '../entities/resources';
import { crudRoutes } from './crud';

export const driversRoutes = crudRoutes<Driver>('/api/drivers', drivers);
