import type { AuthProvider } from 'react-admin';
import type { User } from '../../model/user';
import { getServerInfo } from '../bootstrap/serverInfoStore';
import { dataProvider } from '../dataProvider';
import { isShownByCaller } from '../dataProvider/shownByCaller';
import { closeSocket } from '../live/socketRegistry';
import { canAccess, isAccessResource } from './canAccess';
import { getCurrentUser, setCurrentUser } from './currentUser';
import { takeLinkToken } from './linkToken';
import { LOGIN_PATH, loginRedirect } from './loginRedirect';
import {
  clearRememberToken,
  readRememberToken,
  REMEMBER_DAYS,
  storeRememberToken,
} from './rememberToken';

interface LoginParams {
  username: string;
  password: string;
  remember?: boolean;
  /** The one-time code, once the server asked for it (`isCodeRequired`). */
  code?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && 'status' in error
    ? Number((error as { status: unknown }).status)
    : undefined;

const isNoSession = (error: unknown) => [401, 404].includes(statusOf(error) ?? -1);

const rememberSession = async (): Promise<void> => {
  try {
    const token = await dataProvider.createSessionToken(
      new Date(Date.now() + REMEMBER_DAYS * DAY_MS),
    );
    if (token) storeRememberToken(token);
  } catch {
    // Sign-in already succeeded; failing to remember it must not undo that.
  }
};

/**
 * A link's token first (it signs in as whoever the link was made for, as in Traccar), then the
 * cookie session, else one re-created from the remember-me token, else null.
 */
const resumeSession = async (): Promise<User | null> => {
  const linkToken = takeLinkToken();
  if (linkToken) {
    try {
      return await dataProvider.getSessionByToken(linkToken);
    } catch {
      // An expired or revoked link falls back to whatever session the browser already has.
    }
  }
  try {
    return await dataProvider.getSession();
  } catch (error) {
    const token = readRememberToken();
    if (!isNoSession(error) || !token) return null;
    try {
      return await dataProvider.getSessionByToken(token);
    } catch (tokenError) {
      if (statusOf(tokenError) !== 0) clearRememberToken();
      return null;
    }
  }
};

let pendingCheck: Promise<User | null> | null = null;

const ensureUser = async (): Promise<User | null> => {
  const cached = getCurrentUser();
  if (cached) return cached;
  // react-admin checks auth from several places at once on the first render.
  pendingCheck ??= resumeSession().finally(() => {
    pendingCheck = null;
  });
  const user = await pendingCheck;
  setCurrentUser(user);
  return user;
};

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

export const authProvider: AuthProvider = {
  login: async ({ username, password, remember, code }: LoginParams) => {
    const user = await dataProvider.createSession(username, password, code);
    setCurrentUser(user);
    if (remember) await rememberSession();
    else clearRememberToken();
  },

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
    return { id: user.id, fullName: user.name, email: user.email };
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
