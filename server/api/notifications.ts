import type { Notification } from '../../model';
import { notifications } from '../entities/resources';
import { crudRoutes } from './crud';

/** CRUD only; types, notificators and tests live in `notificationActions.ts`. */
export const notificationsRoutes = crudRoutes<Notification>('/api/notifications', notifications);
