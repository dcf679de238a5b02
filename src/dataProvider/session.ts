import type { ImpersonationState } from '../../model/session';
import type { User } from '../../model/user';
import { errorHeaders, getJson, request } from './http';

/**
 * Traccar's session endpoints (`docs/traccar-api.md`): sign-in with its one-time code, signing in
 * as another user and back, remember-me tokens, password recovery, TOTP keys.
 */
export const sessionMethods = {
  /**
   * Sign-in with the typed credentials (form-encoded, as Traccar expects), and the one-time code
   * when the account asks for one (`isCodeRequired` tells from the refusal).
   */
  createSession: (email: string, password: string, code?: string): Promise<User> =>
    getJson<User>('/api/session', {
      method: 'POST',
      form: code ? { email, password, code } : { email, password },
    }),

  /** Signs this session in as another user (an administrator, or a manager over them). */
  impersonate: (userId: number): Promise<User> => getJson<User>(`/api/session/${userId}`),

  /** Who signed in, while this session acts as another user (`docs/extension-api.md`). */
  getImpersonation: (): Promise<ImpersonationState> =>
    getJson<ImpersonationState>('/tarkan/session/impersonation'),

  /** Back to the user who signed in; answers that user. */
  endImpersonation: (): Promise<User> =>
    getJson<User>('/tarkan/session/impersonation', { method: 'DELETE' }),

  /** A fresh TOTP key from the server (`totpEnable` must be on). */
  createTotpKey: async (): Promise<string> => {
    const { body } = await request<string>('/api/users/totp', { method: 'POST' });
    return String(body).trim();
  },

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
    await request('/api/password/reset', { method: 'POST', form: { email } });
  },

  /** The new password, with the token from the recovery mail. */
  resetPassword: async (token: string, password: string): Promise<void> => {
    await request('/api/password/update', { method: 'POST', form: { token, password } });
  },
};

/** Whether a sign-in was refused for want of the one-time code (401 + `WWW-Authenticate: TOTP`). */
export const isCodeRequired = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { status?: unknown }).status === 401 &&
  errorHeaders(error)?.get('www-authenticate') === 'TOTP';
