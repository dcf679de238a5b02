import type { User } from '../../model/user';
import { getJson, request } from './http';

export interface Share {
  id: number;
  name: string;
  deviceId: number;
  deviceIds?: number[];
  expirationTime: string;
  limitCommands: boolean;
  token: string;
  userId?: number;
}

export interface NewShare {
  name: string;
  deviceId: number;
  expirationTime: Date;
  limitCommands: boolean;
}

export const shareMethods = {
  /** Whether this server has shares: `/tarkan/shares` answers a list (proxy mode has none). */
  sharesAvailable: (): Promise<boolean> =>
    request('/tarkan/shares')
      .then((response) => Array.isArray(response.body))
      .catch(() => false),

  /** Active links, of one device when `deviceId` is given. */
  getShares: (deviceId?: number): Promise<Share[]> =>
    getJson<Share[]>('/tarkan/shares', deviceId ? { query: { deviceId: String(deviceId) } } : {}),

  createShare: (input: NewShare): Promise<Share> =>
    getJson<Share>('/tarkan/shares', {
      method: 'POST',
      json: {
        id: 0,
        name: input.name,
        deviceId: input.deviceId,
        expirationTime: input.expirationTime.toISOString(),
        token: null,
        limitCommands: input.limitCommands,
      },
    }),

  revokeShare: async (id: number): Promise<void> => {
    await request(`/tarkan/shares/${id}`, { method: 'DELETE' });
  },

  /** Signs in as the link's viewer; the token travels in the body, never in an API URL. */
  openShareSession: (token: string): Promise<User> =>
    getJson<User>('/tarkan/shares/session', { method: 'POST', json: { token } }),
};
