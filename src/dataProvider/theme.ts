import { type BrandConfig, defaultBrand, normalizeBrand } from '../../model/brand';
import {
  defaultColors,
  mergeColors,
  type ThemeColors,
  type ThemeInput,
  type UploadType,
} from '../../model/theme';
import { getJson, request, upload } from './http';

export const themeMethods = {
  /** The saved branding, falling back field by field (and entirely on failure) to the defaults. */
  getBrand: async (): Promise<BrandConfig> => {
    try {
      return normalizeBrand(await getJson<unknown>('/tarkan/assets/custom/config.json'));
    } catch {
      return defaultBrand;
    }
  },

  /** The published colours (`theme.json`) over the defaults; the defaults on any failure. */
  getThemeColors: async (): Promise<ThemeColors> => {
    try {
      return mergeColors(await getJson<unknown>('/tarkan/assets/custom/theme.json'));
    } catch {
      return defaultColors;
    }
  },

  /** `PUT /tarkan/theme`: the brand and colours, published for everyone. */
  saveTheme: async (theme: ThemeInput): Promise<void> => {
    await request('/tarkan/theme', { method: 'PUT', json: theme });
  },

  /** One image to `POST /tarkan/theme/upload?type=…`; the server checks and re-encodes it. */
  uploadThemeImage: async (type: UploadType, file: File): Promise<BrandConfig> => {
    const form = new FormData();
    form.append('file', file);
    const answer = await upload<{ config: BrandConfig }>(
      `/tarkan/theme/upload?type=${encodeURIComponent(type)}`,
      form,
    );
    return answer.config;
  },
};
