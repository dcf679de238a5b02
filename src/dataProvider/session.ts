import type { User } from '../../model/user';
import { getJson, request } from './http';

/** Traccar's session endpoints (`docs/traccar-api.md`): sign-in, remember-me tokens, recovery. */
export const sessionMethods = {
  /** Sign-in with the typed credentials (form-encoded, as Traccar expects). */
  createSession: (email: string, password: string): Promise<User> =>
    getJson<User>('/api/session', { method: 'POST', form: { email, password } }),

  getSession: (): Promise<User> => getJson<User>('/api/session'),

  getSessionByToken: (token: string): Promise<User> =>
    getJson<User>('/api/session', { query: { token } }),

  deleteSession: async (): Promise<void> => {
    await request('/api/session', { method: 'DELETE' });
  },

  /** A remember-me token valid until `expiration`. */
  createSessionToken: async (expiration: Date): Promise<string> => {
    const { body } = await request<string>('/api/session/token', {
      method: 'POST',
      form: { expiration: expiration.toISOString() },
    });
    return String(body).trim();
  },

  revokeSessionToken: async (token: string): Promise<void> => {
    await request('/api/session/token/revoke', { method: 'POST', form: { token } });
  },

  /**
   * Mails a recovery link. The server builds it from its configured address (PUBLIC_URL, or the
   * reseller domain this page was served from), never from anything the request says.
   */
  requestPasswordReset: async (email: string): Promise<void> => {
    await request('/api/session/password', { method: 'POST', form: { email } });
  },

  /** The new password, with the token from the recovery mail. */
  resetPassword: async (token: string, password: string): Promise<void> => {
    await request('/api/session/password', { method: 'POST', form: { token, password } });
  },
};
