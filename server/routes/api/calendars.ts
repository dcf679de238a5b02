import type { Calendar } from '../../../model';
import { calendars } from '../../entities/resources';
import { crudRoutes } from '../crud';

export const calendarRoutes = crudRoutes<Calendar>('/api/calendars', calendars);
