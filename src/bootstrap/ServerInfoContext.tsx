import { createContext, useContext } from 'react';
import { type BrandConfig, defaultBrand } from '../../model/brand';
import { defaultColors, type ThemeColors } from '../../model/theme';
import type { ServerInfo } from '../dataProvider/server';

export interface ServerInfoValue extends ServerInfo {
  brand: BrandConfig;
  /** The published theme colours (`theme.json`). */
  colors: ThemeColors;
  isPlus: boolean;
}

export const ServerInfoContext = createContext<ServerInfoValue | null>(null);

export const useServerInfo = (): ServerInfoValue => {
  const value = useContext(ServerInfoContext);
  if (!value) throw new Error('useServerInfo must be used below <Bootstrap>');
  return value;
};

/** The brand, or the built-in one where no server info exists (the maintenance page). */
export const useBrand = (): BrandConfig => useContext(ServerInfoContext)?.brand ?? defaultBrand;

/** The theme colours, or the built-in ones where no server info exists. */
export const useThemeColors = (): ThemeColors =>
  useContext(ServerInfoContext)?.colors ?? defaultColors;
