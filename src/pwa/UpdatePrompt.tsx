import { createTheme, ThemeProvider } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { I18nContextProvider, type I18nProvider, type Store, StoreContext } from 'react-admin';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { createRoot } from 'react-dom/client';
import { appStore } from '../bootstrap/store';
import { baseTheme } from '../branding/muiTheme';
import { createI18nProvider, loadPublicCatalog } from '../i18n';
import type { AppLocale } from '../i18n/locales';
import { lazyPage } from '../loading/lazyPage';
import { isRunningLatestBuild } from './latestBuild';
import { watchForUpdates } from './updateChecks';

const theme = createTheme(baseTheme);

// The offer's bar comes only with a deploy to offer.
const UpdateOfferBar = lazyPage(() => import('./UpdateOfferBar').then((m) => m.UpdateOfferBar), {
  quiet: true,
  early: true,
});

/**
 * Offers a new deploy of the app: the new service worker waits until the user accepts, then takes
 * over and the page reloads into the new version. Dismissing keeps the current version; the offer
 * comes back on the next page load. The contract is in docs/web-app-updates.md.
 */
const UpdateOffer = () => {
  const [offered, setOffered] = useState(false);
  const stopChecks = useRef<(() => void) | null>(null);
  // A tab that runs an older build than the worker now in charge must reload (its files may be
  // gone from the server); one that already runs the new build keeps its state.
  const runningLatest = useRef(false);
  const { updateServiceWorker } = useRegisterSW({
    onRegisteredSW: (_url, registration) => {
      if (registration) stopChecks.current = watchForUpdates(registration);
    },
    onNeedRefresh: () => {
      void isRunningLatestBuild().then((latest) => {
        runningLatest.current = latest;
        setOffered(!latest);
      });
    },
    onNeedReload: () => {
      if (!runningLatest.current) window.location.reload();
    },
  });
  useEffect(() => () => stopChecks.current?.(), []);

  return offered ? (
    <UpdateOfferBar
      onDismiss={() => setOffered(false)}
      onReload={() => void updateServiceWorker()}
    />
  ) : null;
};

interface UpdatePromptProps {
  i18nProvider: I18nProvider;
  store: Store;
}

/** The offer in the language chosen in the app, which it follows through the shared store. */
export const UpdatePrompt = ({ i18nProvider, store }: UpdatePromptProps) => (
  <StoreContext.Provider value={store}>
    <I18nContextProvider value={i18nProvider}>
      <ThemeProvider theme={theme}>
        <UpdateOffer />
      </ThemeProvider>
    </I18nContextProvider>
  </StoreContext.Provider>
);

/**
 * Registers the service worker and mounts the offer in a root of its own, beside whichever the
 * page shows (the sign-in page or the app), so it shows on every page: sign-in, map, management,
 * driver screens and the maintenance notice alike. Its messages are the sign-in page's.
 */
export const mountUpdatePrompt = async (locale: AppLocale): Promise<void> => {
  const catalog = await loadPublicCatalog(locale);
  const container = document.createElement('div');
  document.body.append(container);
  createRoot(container).render(
    <UpdatePrompt
      i18nProvider={createI18nProvider(locale, catalog, { load: loadPublicCatalog })}
      store={appStore}
    />,
  );
};
