import type { Theme } from '@mui/material';
import { defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { defaultColors, type ThemeColors } from '../../model/theme';

/**
 * The theme before any brand is known (the maintenance notice, when server info cannot load):
 * react-admin's light theme in the default teal.
 */
export const baseTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    mode: 'light',
    primary: { main: '#00796b', light: '#48a999', dark: '#004c40', contrastText: '#ffffff' },
    secondary: { main: '#1565c0' },
    background: { default: '#f4f6f8' },
  },
  shape: { borderRadius: 8 },
  sidebar: { width: 220, closedWidth: 55 },
  components: {
    ...defaultLightTheme.components,
    // react-admin's form toolbar is grey 300, on which the red delete button and other text
    // buttons fall below WCAG AA contrast; grey 100 keeps the band and the words readable.
    RaToolbar: { styleOverrides: { root: { backgroundColor: '#f5f5f5' } } },
    // A list's empty page writes in the disabled grey, and the refused-access and expired-session
    // screens fade their words to half opacity: all below a readable contrast (WCAG AA).
    RaEmpty: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          '& .RaEmpty-message': { color: theme.palette.text.secondary },
        }),
      },
    },
    RaAccessDenied: { styleOverrides: { root: { '& .RaAccessDenied-message': { opacity: 1 } } } },
    RaAuthenticationError: {
      styleOverrides: { root: { '& .RaAuthenticationError-message': { opacity: 1 } } },
    },
  },
};

/**
 * The published colours (`theme.json`) as the MUI/react-admin theme everyone gets at bootstrap:
 * primary = the general colour (light = variant 3, dark = MUI's own shade), secondary, the four
 * status colours, the page background and the two text colours.
 */
export const buildTheme = (colors: ThemeColors = defaultColors): RaThemeOptions => ({
  ...baseTheme,
  palette: {
    ...baseTheme.palette,
    mode: 'light',
    primary: {
      main: colors['--el-color-primary'],
      light: colors['--el-color-primary-light-3'],
    },
    secondary: { main: colors['--tk-color-secondary'] },
    success: { main: colors['--el-color-success'] },
    warning: { main: colors['--el-color-warning'] },
    error: { main: colors['--el-color-danger'] },
    info: { main: colors['--el-color-info'] },
    background: { default: colors['--el-bg-color'] },
    text: {
      primary: colors['--el-text-color-primary'],
      secondary: colors['--el-text-color-regular'],
    },
  },
});
