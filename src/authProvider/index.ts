import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { AuthProvider } from 'react-admin';
import type { User } from '../../model/user';
import { getServerInfo } from '../bootstrap/serverInfoStore';
import { dataProvider } from '../dataProvider';
import { isShownByCaller } from '../dataProvider/shownByCaller';
import { closeSocket } from './socketRegistry';
import { canAccess, isAccessResource } from './canAccess';
import { getCurrentUser, setCurrentUser } from './currentUser';
import { LOGIN_PATH, loginRedirect } from './loginRedirect';
import { clearRememberToken, readRememberToken } from './rememberToken';
import { ensureUser, signIn, type SignInParams, statusOf } from './session';

const signOut = async (): Promise<void> => {
  closeSocket();
  const token = readRememberToken();
  clearRememberToken();
  setCurrentUser(null);
  await Promise.allSettled([
    dataProvider.deleteSession(),
    token ? dataProvider.revokeSessionToken(token) : undefined,
  ]);
};

const identityOf = (user: User) => ({ id: user.id, fullName: user.name, email: user.email });

/**
 * What react-admin's session queries answer for the user signed in at start (keys as ra-core
 * builds them), for its query cache to hold before the first render. Without them the frame
 * first renders a loading screen, and the answers, a promise later, render the whole frame and
 * the map again in one synchronous task (react-query's updates are not transitions): a fifth of
 * a second of frozen page as the map opens. The answers come from the user held in memory, so
 * asking again on every mount would only flip the queries' fetching state and render the frame
 * again: they stay fresh until invalidated, as the app does when the account or the server's
 * settings change (LiveConnection). A key that no longer matches only costs the renders again.
 */
export const seedSessionQueries = (client: QueryClient): void => {
  const user = getCurrentUser();
  if (!user) return;
  const answers: [QueryKey, unknown][] = [
    [['auth', 'checkAuth', {}], true],
    [['auth', 'getPermissions', {}], user],
    [['auth', 'getIdentity'], identityOf(user)],
  ];
  for (const [key, answer] of answers) {
    client.setQueryDefaults(key, { staleTime: Infinity });
    client.setQueryData(key, answer);
  }
};

export const authProvider: AuthProvider = {
  login: (params: SignInParams) => signIn(params),

  checkAuth: async () => {
    if (await ensureUser()) return;
    throw { redirectTo: loginRedirect(window.location), message: false };
  },

  /**
   * A signed-in user gets a full reload to the login page (absolute URL: react-admin then sets
   * window.location) so no state of the old session survives. A visitor who never signed in is
   * only being sent to the login page, with the way back in `?to=`.
   */
  logout: async () => {
    if (!getCurrentUser()) {
      const { pathname } = window.location;
      return pathname.startsWith(LOGIN_PATH) ? LOGIN_PATH : loginRedirect(window.location);
    }
    await signOut();
    return `${window.location.origin}${LOGIN_PATH}`;
  },

  /** A 401 of a CRUD call signs out; a feature screen shows its own failures. */
  checkError: async (error: unknown) => {
    if (statusOf(error) === 401 && !isShownByCaller(error)) {
      throw { message: 'errors.USER_NOT_AUTHED' };
    }
  },

  getIdentity: async () => {
    const user = await ensureUser();
    if (!user) throw new Error('errors.USER_NOT_AUTHED');
    return identityOf(user);
  },

  // Awaits the session check, so a page opened directly (reload) never caches "no user".
  getPermissions: async () => ensureUser(),

  /**
   * The role × resource × action table of `canAccess.ts`. Screens outside that table (the map,
   * the live device panel) only need a session; they gate their own actions.
   */
  canAccess: async ({ action, resource, record }) => {
    const user = getCurrentUser();
    const info = getServerInfo();
    if (!user || !info) return false;
    if (!isAccessResource(resource)) return true;
    return canAccess(user, info, { action, resource, record });
  },
};
