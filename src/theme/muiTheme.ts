import type { RaThemeOptions } from 'react-admin';
import { theme as baseTheme } from '../layout/theme';
import { type BrandConfig } from '../../model/brand';
import { ASSETS_PATH, defaultColors, mergeColors, type ThemeColors } from '../../model/theme';

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

/** The URL of a published asset, with the brand's version so a new upload is fetched anew. */
export const assetUrl = (file: string, brand: Pick<BrandConfig, 'version'>): string =>
  `${ASSETS_PATH}${file}${brand.version ? `?v=${brand.version}` : ''}`;

export { mergeColors };
