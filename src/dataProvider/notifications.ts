import { getJson, request } from './http';

interface NotificatorStatus {
  type: string;
  configured: boolean;
}

/** The notification channels beyond the rules' CRUD (`traccar.ts` has the plain test). */
export const notificationMethods = {
  /** Every channel and whether the server can use it. */
  getNotificatorStatus: (): Promise<NotificatorStatus[]> =>
    getJson<NotificatorStatus[]>('/api/notifications/notificators'),

  /** A test message through one channel; failures keep the server's text. */
  testNotificator: async (channel: string): Promise<void> => {
    await request(`/api/notifications/test/${encodeURIComponent(channel)}`, { method: 'POST' });
  },
};
