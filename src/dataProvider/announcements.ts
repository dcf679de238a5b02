import { getJson, request } from './http';

export interface AnnouncementMessage {
  subject: string;
  body: string;
  digest?: string;
  priority?: boolean;
}

export const announcementMethods = {
  /** The channels that can carry an announcement and that the server can use now. */
  getAnnouncementChannels: (): Promise<{ type: string }[]> =>
    getJson('/api/notifications/notificators', { query: { announcement: true } }),

  /**
   * Sends an announcement through one channel to the users named (none: every user the caller
   * manages, everyone for an administrator).
   */
  sendAnnouncement: async (
    channel: string,
    userIds: readonly number[],
    message: AnnouncementMessage,
  ): Promise<void> => {
    const query = userIds.map((id) => `userId=${id}`).join('&');
    await request(
      `/api/notifications/send/${encodeURIComponent(channel)}${query ? `?${query}` : ''}`,
      { method: 'POST', json: message },
    );
  },
};
