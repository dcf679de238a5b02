/** Branding published at `/tarkan/assets/custom/config.json`. */
import { isPlainObject } from './json';

export interface BrandConfig {
  title: string;
  whatsapp: string;
  headLogo: { image: boolean; text: string };
  push: Record<string, unknown>;
  /** App-bar logo width in percent set by the theme editor; null: the server attribute or 80. */
  logoWidth: number | null;
  /** An uploaded login logo (`logoWhite.png`) is shown on the public pages. */
  loginLogo: boolean;
  /** An uploaded login background (`bg.jpg`) is shown on the public pages. */
  loginBackground: boolean;
  /** Favicons were uploaded (`favicon-<size>.png`). */
  favicon: boolean;
  /** Changes on every upload: appended to asset URLs so browsers fetch the new file. */
  version: number;
}

/** The product's name, shown only while a brand has set none. */
export const DEFAULT_BRAND_NAME = 'Frota';

export const defaultBrand: BrandConfig = {
  title: DEFAULT_BRAND_NAME,
  whatsapp: '',
  // Empty: the logo text is the brand's name, so renaming the brand renames the logo too.
  headLogo: { image: false, text: '' },
  push: {},
  logoWidth: null,
  loginLogo: false,
  loginBackground: false,
  favicon: false,
  version: 0,
};

/**
 * Saved branding over the defaults: unknown keys pass through, the keys the web app
 * dereferences keep their shape whatever was saved (field by field; all defaults on garbage).
 */
export const normalizeBrand = (saved: unknown): BrandConfig => {
  if (!isPlainObject(saved)) return defaultBrand;
  const brand = { ...defaultBrand, ...saved } as BrandConfig;
  if (typeof brand.title !== 'string' || !brand.title) brand.title = defaultBrand.title;
  if (typeof brand.whatsapp !== 'string') brand.whatsapp = defaultBrand.whatsapp;
  if (!isPlainObject(brand.headLogo)) brand.headLogo = defaultBrand.headLogo;
  else {
    const text = typeof brand.headLogo.text === 'string' ? brand.headLogo.text.trim() : '';
    brand.headLogo = {
      image: brand.headLogo.image === true,
      // Editors used to start the logo text at the product's name and save it along; kept, it
      // would hide every later rename of the brand, so it counts as "not set".
      text: text === DEFAULT_BRAND_NAME ? '' : text,
    };
  }
  if (!isPlainObject(brand.push)) brand.push = defaultBrand.push;
  const width = brand.logoWidth;
  if (typeof width !== 'number' || !Number.isFinite(width) || width <= 0 || width > 100) {
    brand.logoWidth = null;
  }
  brand.loginLogo = brand.loginLogo === true;
  brand.loginBackground = brand.loginBackground === true;
  brand.favicon = brand.favicon === true;
  if (typeof brand.version !== 'number' || !Number.isFinite(brand.version)) brand.version = 0;
  return brand;
};
