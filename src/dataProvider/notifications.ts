import { getJson, request } from './http';

/** The notification channels beyond the rules' CRUD (`traccar.ts` has the plain test). */
export const notificationMethods = {
  /** The channels the server can deliver through now (Traccar lists no other). */
  getNotificators: (): Promise<{ type: string }[]> =>
    getJson<{ type: string }[]>('/api/notifications/notificators'),

  /** A test message through one channel; failures keep the server's text. */
  testNotificator: async (channel: string): Promise<void> => {
    await request(`/api/notifications/test/${encodeURIComponent(channel)}`, { method: 'POST' });
  },
};
