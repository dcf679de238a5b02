import type { Calendar } from '../../src/model';
import { calendars } from '../entities/resources';
import { crudRoutes } from './crud';

export const calendarsRoutes = crudRoutes<Calendar>('/api/calendars', calendars);
