import type { User } from '../../model/user';
import { getJson, request } from '../dataProvider/http';

/** Traccar's session endpoints (see docs/foundation-contract.md). */

export const createSession = (email: string, password: string): Promise<User> =>
  getJson<User>('/api/session', { method: 'POST', form: { email, password } });

export const fetchSession = (): Promise<User> => getJson<User>('/api/session');

export const fetchSessionByToken = (token: string): Promise<User> =>
  getJson<User>('/api/session', { query: { token } });

export const deleteSession = async (): Promise<void> => {
  await request('/api/session', { method: 'DELETE' });
};

export const createSessionToken = async (expiration: Date): Promise<string> => {
  const { body } = await request<string>('/api/session/token', {
    method: 'POST',
    form: { expiration: expiration.toISOString() },
  });
  return String(body).trim();
};

export const revokeSessionToken = async (token: string): Promise<void> => {
  await request('/api/session/token/revoke', { method: 'POST', form: { token } });
};
