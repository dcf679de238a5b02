import type { Group } from '../../src/model';
import { groups } from '../entities/resources';
import { crudRoutes } from './crud';

export const groupsRoutes = crudRoutes<Group>('/api/groups', groups);
