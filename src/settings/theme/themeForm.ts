import type { BrandConfig } from '../../../model/brand';
import {
  COLOR_KEYS,
  isColor,
  LIMITS,
  whatsappDigits,
  type ColorKey,
  type ThemeColors,
  type ThemeConfig,
} from '../../../model/theme';

/** What the editor holds: the settings, the colours, and the upload version for previews. */
export interface ThemeDraft {
  config: ThemeConfig;
  colors: ThemeColors;
  version: number;
  /** Favicons exist (uploads switch it on at once; no setting of its own). */
  favicon: boolean;
}

export const draftFrom = (brand: BrandConfig, colors: ThemeColors): ThemeDraft => ({
  config: {
    title: brand.title,
    whatsapp: brand.whatsapp,
    headLogo: { ...brand.headLogo },
    logoWidth: brand.logoWidth ?? 80,
    loginLogo: brand.loginLogo,
    loginBackground: brand.loginBackground,
  },
  colors: { ...colors },
  version: brand.version,
  favicon: brand.favicon,
});

/** The brand the previews show: the published one with the draft's settings. */
export const previewBrand = (brand: BrandConfig, draft: ThemeDraft): BrandConfig => ({
  ...brand,
  ...draft.config,
  whatsapp: whatsappDigits(draft.config.whatsapp),
  version: draft.version,
  favicon: draft.favicon,
});

type DraftErrors = Partial<
  Record<'title' | 'whatsapp' | 'logoText' | 'logoWidth' | ColorKey, string>
>;

/** Field by field, as translation keys; the server checks the same rules again. */
export const draftErrors = ({ config, colors }: ThemeDraft): DraftErrors => {
  const errors: DraftErrors = {};
  const title = config.title.trim();
  if (!title) errors.title = 'themeEditor.required';
  else if (title.length > LIMITS.title) errors.title = 'themeEditor.tooLong';
  if (!/^[+\d\s().-]*$/.test(config.whatsapp)) errors.whatsapp = 'themeEditor.invalidPhone';
  else if (whatsappDigits(config.whatsapp).length > LIMITS.whatsapp) {
    errors.whatsapp = 'themeEditor.tooLong';
  }
  if (config.headLogo.text.trim().length > LIMITS.logoText) errors.logoText = 'themeEditor.tooLong';
  const width = config.logoWidth;
  if (!Number.isInteger(width) || width < LIMITS.logoWidthMin || width > 100) {
    errors.logoWidth = 'themeEditor.invalidWidth';
  }
  for (const key of COLOR_KEYS) {
    if (!isColor(colors[key])) errors[key] = 'themeEditor.invalidColor';
  }
  return errors;
};

/** The `PUT /tarkan/theme` body (Tarkan's shape plus Frota's own settings). */
export const themeBody = ({ config, colors }: ThemeDraft) => ({
  config: {
    ...config,
    title: config.title.trim(),
    whatsapp: config.whatsapp.trim(),
    headLogo: { image: config.headLogo.image, text: config.headLogo.text.trim() },
  },
  colors,
});
