import type { User } from '../../model/user';

/** The signed-in user, kept in memory only: a reload asks the server again. */
let current: User | null = null;

export const getCurrentUser = (): User | null => current;

export const setCurrentUser = (user: User | null): void => {
  current = user;
};
