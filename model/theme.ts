/**
 * The theme editor's data (`PUT /tarkan/theme`, `docs/extension-api.md`): shared by the server,
 * which validates and publishes it, and the web app, which applies it to the MUI theme.
 * Colour keys keep Tarkan's CSS variable names so a Tarkan-shaped `PUT /tarkan/theme` fits.
 */
import { isPlainObject } from './json';

export const COLOR_KEYS = [
  '--el-color-primary',
  '--el-color-primary-light-1',
  '--el-color-primary-light-2',
  '--el-color-primary-light-3',
  '--el-color-primary-light-4',
  '--el-color-primary-light-5',
  '--el-color-primary-light-6',
  '--el-color-primary-light-7',
  '--el-color-primary-light-8',
  '--el-color-primary-light-9',
  '--tk-color-secondary',
  '--el-color-success',
  '--el-color-warning',
  '--el-color-danger',
  '--el-color-info',
  '--el-bg-color',
  '--el-text-color-primary',
  '--el-text-color-regular',
  '--tk-login-bg',
  '--tk-login-filter',
] as const;

export type ColorKey = (typeof COLOR_KEYS)[number];
export type ThemeColors = Record<ColorKey, string>;

export const defaultColors: ThemeColors = {
  '--el-color-primary': '#00796b',
  '--el-color-primary-light-1': '#1a8679',
  '--el-color-primary-light-2': '#339489',
  '--el-color-primary-light-3': '#4da197',
  '--el-color-primary-light-4': '#66afa6',
  '--el-color-primary-light-5': '#80bcb5',
  '--el-color-primary-light-6': '#99c9c4',
  '--el-color-primary-light-7': '#b3d7d3',
  '--el-color-primary-light-8': '#cce4e1',
  '--el-color-primary-light-9': '#e6f2f0',
  '--tk-color-secondary': '#1565c0',
  '--el-color-success': '#2e7d32',
  '--el-color-warning': '#ed6c02',
  '--el-color-danger': '#d32f2f',
  '--el-color-info': '#0288d1',
  '--el-bg-color': '#f4f6f8',
  '--el-text-color-primary': '#1f2933',
  '--el-text-color-regular': '#52606d',
  '--tk-login-bg': '#004c40',
  '--tk-login-filter': 'rgba(0, 0, 0, 0.25)',
};

/** The editable part of config.json. */
export interface ThemeConfig {
  title: string;
  whatsapp: string;
  headLogo: { image: boolean; text: string };
  /** Width of the internal logo in the app bar, percent (80 by default). */
  logoWidth: number;
  /** Show the uploaded login logo (`logoWhite.png`) instead of the internal one. */
  loginLogo: boolean;
  /** Show the uploaded login background (`bg.jpg`) under the filter colour. */
  loginBackground: boolean;
}

export interface ThemeInput {
  config: ThemeConfig;
  colors: ThemeColors;
}

export const LIMITS = { title: 60, whatsapp: 20, logoText: 40, logoWidthMin: 10 } as const;

const HEX = /^#[0-9a-f]{6}$/i;
const RGBA =
  /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(0|1|0?\.\d{1,3}|1\.0{1,3}))?\s*\)$/i;

/** `#rrggbb`, `rgb(r, g, b)` or `rgba(r, g, b, a)` with channels 0–255 and alpha 0–1. */
export const isColor = (value: unknown): value is string => {
  if (typeof value !== 'string' || value.length > 40) return false;
  if (HEX.test(value)) return true;
  const match = RGBA.exec(value);
  if (!match) return false;
  const hasAlpha = match[4] !== undefined;
  if (hasAlpha !== value.toLowerCase().startsWith('rgba')) return false;
  return [match[1], match[2], match[3]].every((channel) => Number(channel) <= 255);
};

/** The digits of a WhatsApp number (`+55 (11) 9…` → `5511…`), as wa.me wants them. */
export const whatsappDigits = (value: string): string => value.replace(/\D/g, '');

const PHONE = /^[+\d\s().-]*$/;

export type ValidationResult = { ok: true; value: ThemeInput } | { ok: false; errors: string[] };

/**
 * Checks a whole `{config, colors}` body. Colours may be partial (missing ones take the
 * defaults) but every given key must be known and every value a colour. Text is trimmed and
 * bounded; nothing else is accepted.
 */
export const validateTheme = (input: unknown): ValidationResult => {
  const errors: string[] = [];
  if (!isPlainObject(input)) return { ok: false, errors: ['body must be an object'] };
  const config = isPlainObject(input.config) ? input.config : null;
  if (!config) errors.push('config must be an object');
  const colorsIn = input.colors === undefined ? {} : input.colors;
  if (!isPlainObject(colorsIn)) errors.push('colors must be an object');

  const text = (name: string, value: unknown, max: number, required: boolean): string => {
    if (value === undefined || value === null) {
      if (required) errors.push(`${name} is required`);
      return '';
    }
    if (typeof value !== 'string') {
      errors.push(`${name} must be text`);
      return '';
    }
    const trimmed = value.trim();
    if (required && !trimmed) errors.push(`${name} is required`);
    if (trimmed.length > max) errors.push(`${name} is longer than ${max}`);
    return trimmed;
  };
  const flag = (name: string, value: unknown): boolean => {
    if (value === undefined) return false;
    if (typeof value !== 'boolean') errors.push(`${name} must be true or false`);
    return value === true;
  };

  const c = config ?? {};
  const title = text('title', c.title, LIMITS.title, true);
  const rawPhone = text('whatsapp', c.whatsapp, 30, false);
  if (!PHONE.test(rawPhone)) errors.push('whatsapp must be a phone number');
  const whatsapp = whatsappDigits(rawPhone);
  if (whatsapp.length > LIMITS.whatsapp) errors.push('whatsapp is too long');
  const headLogoIn = c.headLogo === undefined ? {} : c.headLogo;
  if (!isPlainObject(headLogoIn)) errors.push('headLogo must be an object');
  const headLogo = isPlainObject(headLogoIn) ? headLogoIn : {};
  let logoWidth = 80;
  if (c.logoWidth !== undefined) {
    if (
      typeof c.logoWidth !== 'number' ||
      !Number.isInteger(c.logoWidth) ||
      c.logoWidth < LIMITS.logoWidthMin ||
      c.logoWidth > 100
    ) {
      errors.push(`logoWidth must be a whole number from ${LIMITS.logoWidthMin} to 100`);
    } else logoWidth = c.logoWidth;
  }
  const value: ThemeInput = {
    config: {
      title,
      whatsapp,
      headLogo: {
        image: flag('headLogo.image', headLogo.image),
        text: text('headLogo.text', headLogo.text, LIMITS.logoText, false),
      },
      logoWidth,
      loginLogo: flag('loginLogo', c.loginLogo),
      loginBackground: flag('loginBackground', c.loginBackground),
    },
    colors: { ...defaultColors },
  };
  if (isPlainObject(colorsIn)) {
    for (const [key, color] of Object.entries(colorsIn)) {
      if (!(COLOR_KEYS as readonly string[]).includes(key)) {
        errors.push(`unknown colour ${key.slice(0, 40)}`);
      } else if (!isColor(color)) {
        errors.push(`${key} is not a colour`);
      } else {
        value.colors[key as ColorKey] = color;
      }
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value };
};

/** Saved colours over the defaults, dropping anything unknown or malformed (for reading back). */
export const mergeColors = (saved: unknown): ThemeColors => {
  const colors = { ...defaultColors };
  if (!isPlainObject(saved)) return colors;
  for (const key of COLOR_KEYS) {
    if (isColor(saved[key])) colors[key] = saved[key];
  }
  return colors;
};

/** Fixed upload kinds (Tarkan's `?type=`) and the files each produces. */
export const UPLOAD_TYPES = ['fav-icon', 'bg-login', 'logo-login', 'logo-interno'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

export const FAVICON_SIZES = [16, 32, 48, 180, 192, 512] as const;

export const ASSET_FILES = {
  logo: 'logo.png',
  logoLogin: 'logoWhite.png',
  background: 'bg.jpg',
  favicon: (size: number) => `favicon-${size}.png`,
} as const;

export const ASSETS_PATH = '/tarkan/assets/custom/';
