import { defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** A clean light theme in the brand's teal; the theme editor (later) will override these. */
export const theme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    mode: 'light',
    primary: { main: '#00796b', light: '#48a999', dark: '#004c40', contrastText: '#ffffff' },
    secondary: { main: '#1565c0' },
    background: { default: '#f4f6f8' },
  },
  shape: { borderRadius: 8 },
  sidebar: { width: 220, closedWidth: 55 },
};
