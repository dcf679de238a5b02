import { type BrandConfig, defaultBrand, normalizeBrand } from '../../model/brand';
import type { Server } from '../../model/server';
import { defaultColors, mergeColors, type ThemeColors } from '../../model/theme';
import { getJson, request } from '../dataProvider/http';

export interface ServerInfo {
  server: Server;
  /** Any `licensemode` header switches the plus-licence features on. */
  licenseMode: string | null;
  /** The `devicelimit` header: devices the licence still allows, when the server says. */
  deviceLimit: number | null;
}

export const loadServerInfo = async (): Promise<ServerInfo> => {
  const { body, headers } = await request<Server>('/api/server');
  if (!body || typeof body !== 'object') throw new Error('Invalid server info');
  const limit = headers.get('devicelimit');
  const parsedLimit = limit === null ? NaN : Number.parseInt(limit, 10);
  return {
    server: body,
    licenseMode: headers.get('licensemode'),
    deviceLimit: Number.isNaN(parsedLimit) ? null : parsedLimit,
  };
};

/** The saved branding, falling back field by field (and entirely on failure) to the defaults. */
export const loadBrand = async (): Promise<BrandConfig> => {
  try {
    return normalizeBrand(await getJson<unknown>('/tarkan/assets/custom/config.json'));
  } catch {
    return defaultBrand;
  }
};

/** The published colours (`theme.json`) over the defaults; the defaults on any failure. */
export const loadThemeColors = async (): Promise<ThemeColors> => {
  try {
    return mergeColors(await getJson<unknown>('/tarkan/assets/custom/theme.json'));
  } catch {
    return defaultColors;
  }
};
