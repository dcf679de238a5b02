import type { User } from '../../model/user';
import { getJson, request } from './http';

/** What a new account is created with; the server fills in the rest. */
interface NewUser {
  name: string;
  email: string;
  password: string;
  /** Required at registration when the server forces two-step verification. */
  totpKey?: string;
  attributes?: Record<string, unknown>;
}

export const userMethods = {
  /**
   * `POST /api/users` with only the given fields: the visitor's registration, a reseller's new
   * user. Failures keep the server's text (the pages translate it themselves).
   */
  createUser: async (user: NewUser): Promise<void> => {
    await request('/api/users', { method: 'POST', json: user });
  },

  /**
   * Sets (or, with null, removes) a user's TOTP key: the stored record read afresh and sent back
   * with the key alone changed, so nothing else a form holds goes with it.
   */
  saveTotpKey: async (userId: number, totpKey: string | null): Promise<User> => {
    const user = await getJson<User>(`/api/users/${userId}`);
    return getJson<User>(`/api/users/${userId}`, { method: 'PUT', json: { ...user, totpKey } });
  },
};
