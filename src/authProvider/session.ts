import type { User } from '../../model/user';
import { sessionMethods } from '../dataProvider/session';
import { openNextPage } from '../loading/pageSettled';
import { getCurrentUser, setCurrentUser } from './currentUser';
import { takeLinkToken } from './linkToken';
import {
  clearRememberToken,
  readRememberToken,
  REMEMBER_DAYS,
  storeRememberToken,
} from './rememberToken';

/**
 * Signing in and finding the session a page load starts with. The first script uses these alone
 * (the sign-in page, and the choice between it and the app) and the auth provider builds on them,
 * so they reach the server through the session methods only, not the whole data provider.
 */

export interface SignInParams {
  username: string;
  password: string;
  remember?: boolean;
  /** The one-time code, once the server asked for it (`isCodeRequired`). */
  code?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && 'status' in error
    ? Number((error as { status: unknown }).status)
    : undefined;

const isNoSession = (error: unknown) => [401, 404].includes(statusOf(error) ?? -1);

const rememberSession = async (): Promise<void> => {
  try {
    const token = await sessionMethods.createSessionToken(
      new Date(Date.now() + REMEMBER_DAYS * DAY_MS),
    );
    if (token) storeRememberToken(token);
  } catch {
    // Sign-in already succeeded; failing to remember it must not undo that.
  }
};

/** Signs in with the typed credentials; remember-me keeps a revocable token, never the password. */
export const signIn = async ({ username, password, remember, code }: SignInParams) => {
  const user = await sessionMethods.createSession(username, password, code);
  openNextPage();
  setCurrentUser(user);
  if (remember) await rememberSession();
  else clearRememberToken();
};

/**
 * A link's token first (it signs in as whoever the link was made for, as in Traccar), then the
 * cookie session, else one re-created from the remember-me token, else null.
 */
const resumeSession = async (): Promise<User | null> => {
  const linkToken = takeLinkToken();
  if (linkToken) {
    try {
      return await sessionMethods.getSessionByToken(linkToken);
    } catch {
      // An expired or revoked link falls back to whatever session the browser already has.
    }
  }
  try {
    return await sessionMethods.getSession();
  } catch (error) {
    const token = readRememberToken();
    if (!isNoSession(error) || !token) return null;
    try {
      return await sessionMethods.getSessionByToken(token);
    } catch (tokenError) {
      if (statusOf(tokenError) !== 0) clearRememberToken();
      return null;
    }
  }
};

let pendingCheck: Promise<User | null> | null = null;

/** The signed-in user, asking the server once per page load (and after a sign-out). */
export const ensureUser = async (): Promise<User | null> => {
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

/**
 * Reads the signed-in user again, after their account was saved (by an administrator, say).
 * Resolves whether a user was read; a failure keeps the one held, and a session that ended is
 * dealt with by the next call that meets it.
 */
export const refreshUser = async (): Promise<boolean> => {
  if (!getCurrentUser()) return false;
  try {
    setCurrentUser(await sessionMethods.getSession());
    return true;
  } catch {
    return false;
  }
};
