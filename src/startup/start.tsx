import { type ReactNode, StrictMode, startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { getCurrentUser } from '../authProvider/currentUser';
import { ensureUser } from '../authProvider/session';
import { LOGIN_PATH, loginRedirect, returnPathFromSearch } from '../authProvider/loginRedirect';
import type { ServerInfoValue } from '../bootstrap/ServerInfoContext';
import { appStore } from '../bootstrap/store';
import { loadServerInfo } from '../bootstrap/useServerInfoLoader';
import { createI18nProvider, loadCatalog, loadPublicCatalog } from '../i18n';
import { type AppLocale, isAppLocale } from '../i18n/locales';
import { detectStartLocale } from '../i18n/startLocale';
import { withTimeout } from '../loading/chunkTimeout';
import { formatNumber } from '../../model/numberFormat';
import { whenPageSettled } from '../loading/pageSettled';
import { SignInShell } from './SignInShell';
import { StartFailed, StartProgress } from './StartScreens';

/**
 * The first script: the sign-in page, or the app. A visitor without a session gets the sign-in
 * page alone (the smallest download, for a phone on a slow network); the app's code, the
 * language's whole catalogue and the map arrive once they are in, or at once for a visitor who
 * already has a session. The budget and how it is measured: docs/web-app-loading.md.
 */

/** Pages of the app that need no session and do their own sign-in or none. */
const SESSIONLESS_PATH =
  /^\/(register|login\/recover|reset-password|maintenance|share|motorista|qr-driver)(\/|$)/;

const render = (root: Root, node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>);

/** The language the visitor has now: the one chosen on the sign-in page, else the start one. */
const currentLocale = (fallback: AppLocale): AppLocale => {
  const chosen = appStore.getItem<unknown>('locale');
  return isAppLocale(chosen) ? chosen : fallback;
};

/**
 * The app's code, the language's catalogue and the screens `path` opens (the frame, the map), all
 * at once rather than one after another as each renders.
 */
const fetchApp = (locale: AppLocale, path: string) =>
  Promise.all([
    withTimeout(() => import('../App')),
    loadCatalog(locale),
    // Only started here: the app's own lazy loading picks the same requests up.
    import('../screens').then((screens) => screens.preloadForPath(path)),
  ]);

const openApp = async (root: Root, locale: AppLocale): Promise<void> => {
  // A signed-in visitor's fleet loads alongside the app's code (live/earlySocket.ts).
  if (getCurrentUser() && !SESSIONLESS_PATH.test(window.location.pathname)) {
    void import('../live/earlySocket').then(({ openSocketEarly }) => openSocketEarly());
  }
  // The first number formatter of a language loads the engine's data for it (15–40 ms on a
  // 2-core machine): built in a task of its own while the app's code downloads, not inside the
  // first render of the map's counters, which is long enough already.
  setTimeout(() => formatNumber(0, locale, { digits: 0 }));
  try {
    const [{ App }, catalog] = await fetchApp(locale, window.location.pathname);
    // As a transition React builds the app's first screen in slices that give way to input and
    // to the socket's messages, instead of in one long task while the start screen stays up.
    startTransition(() => render(root, <App locale={locale} catalog={catalog} />));
  } catch {
    render(root, <StartFailed locale={locale} />);
  }
};

const openSignIn = async (root: Root, startLocale: AppLocale): Promise<void> => {
  const locale = currentLocale(startLocale);
  let info: ServerInfoValue;
  let catalog;
  try {
    [info, catalog] = await Promise.all([loadServerInfo(), loadPublicCatalog(locale)]);
  } catch {
    // The app's own start shows the maintenance notice and keeps trying.
    await openApp(root, locale);
    return;
  }
  const i18nProvider = createI18nProvider(locale, catalog, { load: loadPublicCatalog });

  // Fetched while the server checks the password, so the map follows the sign-in quickly.
  let fetching: Promise<unknown> = Promise.resolve();
  const prefetch = () => {
    const path = returnPathFromSearch(window.location.search);
    fetching = fetchApp(currentLocale(locale), path).catch(() => undefined);
  };
  const enter = async (path: string) => {
    await fetching;
    window.history.replaceState(null, '', path);
    await openApp(root, currentLocale(locale));
  };
  const open = (path: string) => {
    window.history.pushState(null, '', path);
    void openApp(root, currentLocale(locale));
  };
  render(
    root,
    <SignInShell
      i18nProvider={i18nProvider}
      info={info}
      onSubmit={prefetch}
      onEnter={enter}
      onOpen={open}
    />,
  );
};

/**
 * The service worker and the new-version offer, once the opened page works: the worker's first
 * download of the app's files must not compete with the page for the network.
 */
const offerUpdates = (locale: AppLocale) =>
  void whenPageSettled()
    .then(() => import('../pwa/UpdatePrompt'))
    .then(({ mountUpdatePrompt }) => mountUpdatePrompt(currentLocale(locale)))
    .catch(() => undefined);

/** Starts the web app in `root`. */
export const start = async (root: Root): Promise<void> => {
  const locale = detectStartLocale();
  // react-admin's store would otherwise bring back the language of an earlier visit, above
  // `?locale=`; from here on it holds the one the selectors change.
  appStore.setItem('locale', locale);
  offerUpdates(locale);
  const { pathname } = window.location;
  render(root, <StartProgress locale={locale} />);
  if (pathname === LOGIN_PATH) return openSignIn(root, locale);
  if (SESSIONLESS_PATH.test(pathname) || (await ensureUser())) return openApp(root, locale);
  // Everything else needs a session: without one, the sign-in page comes back here afterwards.
  window.history.replaceState(null, '', loginRedirect(window.location));
  return openSignIn(root, locale);
};
