import { CssBaseline } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { useEffect, useMemo } from 'react';
import { I18nContextProvider, type I18nProvider, StoreContextProvider } from 'react-admin';
import { returnPathFromSearch } from '../authProvider/loginRedirect';
import { signIn, type SignInParams } from '../authProvider/session';
import { ServerInfoContext, type ServerInfoValue } from '../bootstrap/ServerInfoContext';
import { appStore } from '../bootstrap/store';
import { buildTheme } from '../branding/muiTheme';
import { useDocumentBranding } from '../branding/useDocumentBranding';
import { markPageReady } from '../loading/pageSettled';
import { LoginPage } from '../pages/login/LoginPage';

interface SignInShellProps {
  i18nProvider: I18nProvider;
  info: ServerInfoValue;
  /** The credentials are on their way to the server (time to fetch what comes next). */
  onSubmit?: () => void;
  /** Signed in: opens the app at `path` (the safe `?to=`, else the map). */
  onEnter: (path: string) => Promise<void>;
  /** Opens another page of the app (password recovery, registration). */
  onOpen: (path: string) => void;
}

/**
 * The sign-in page on its own: the brand's theme, its messages and the server info, without the
 * router, react-admin's admin or any screen of the app, which load once the user is in.
 */
export const SignInShell = ({
  i18nProvider,
  info,
  onSubmit,
  onEnter,
  onOpen,
}: SignInShellProps) => {
  const theme = useMemo(() => createTheme(buildTheme(info.colors)), [info.colors]);
  useDocumentBranding(info.brand, info.colors);
  const submit = async (params: SignInParams) => {
    onSubmit?.();
    await signIn(params);
    await onEnter(returnPathFromSearch(window.location.search));
  };
  useEffect(() => {
    document.title = info.brand.title;
  }, [info.brand.title]);
  useEffect(() => markPageReady(), []);
  return (
    <StoreContextProvider value={appStore}>
      <I18nContextProvider value={i18nProvider}>
        <ThemeProvider theme={theme}>
          <CssBaseline enableColorScheme />
          <ServerInfoContext.Provider value={info}>
            <LoginPage search={window.location.search} signIn={submit} onOpen={onOpen} />
          </ServerInfoContext.Provider>
        </ThemeProvider>
      </I18nContextProvider>
    </StoreContextProvider>
  );
};
