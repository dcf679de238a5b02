import type { Group } from '../../../model';
import { groups } from '../../entities/resources';
import { crudRoutes } from '../crud';

export const groupRoutes = crudRoutes<Group>('/api/groups', groups);
