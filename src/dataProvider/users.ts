import { request } from './http';

/** What a new account is created with; the server fills in the rest. */
interface NewUser {
  name: string;
  email: string;
  password: string;
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
};
