import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readBrandConfig } from '../../../../server/branding/brandFiles';
import { renderUpload, sniffImage } from '../../../../server/branding/themeImages';
import {
  buildManifest,
  readThemeColors,
  recordUpload,
  saveTheme,
} from '../../../../server/branding/themeStore';
import { defaultBrand } from '../../../../model/brand';
import {
  defaultColors,
  isColor,
  mergeColors,
  validateTheme,
  whatsappDigits,
} from '../../../../model/theme';

const valid = { config: { title: 'Acme' }, colors: {} };

describe('isColor', () => {
  it('accepts #rrggbb, rgb() and rgba() with channels in range', () => {
    for (const value of ['#00796b', '#ABCDEF', 'rgb(0, 0, 0)', 'rgba(255,255,255,0.5)']) {
      expect(isColor(value), value).toBe(true);
    }
    expect(isColor('rgba(0, 0, 0, 1)')).toBe(true);
    expect(isColor('rgba(0, 0, 0, .25)')).toBe(true);
  });

  it('refuses anything else, including CSS that could smuggle more', () => {
    for (const value of [
      '#fff',
      '#12345g',
      'red',
      'rgba(256, 0, 0, 1)',
      'rgba(0, 0, 0, 2)',
      'rgb(0, 0, 0, 0.5)',
      'rgba(0, 0, 0)',
      '#000000; background: url(x)',
      'url(javascript:alert(1))',
      5,
      null,
    ]) {
      expect(isColor(value), String(value)).toBe(false);
    }
  });
});

describe('validateTheme', () => {
  it('fills defaults and normalises the WhatsApp number to digits', () => {
    const result = validateTheme({
      config: { title: '  Acme  ', whatsapp: '+55 (11) 9999-0000' },
      colors: { '--el-color-primary': '#123456' },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.config).toEqual({
      title: 'Acme',
      whatsapp: '551199990000',
      headLogo: { image: false, text: '' },
      logoWidth: 80,
      loginLogo: false,
      loginBackground: false,
    });
    expect(result.value.colors).toEqual({ ...defaultColors, '--el-color-primary': '#123456' });
  });

  it('lists every problem', () => {
    const result = validateTheme({
      config: {
        title: '',
        whatsapp: 'abc',
        headLogo: { image: 'yes', text: 'x'.repeat(41) },
        logoWidth: 5,
      },
      colors: { '--el-color-primary': 'blue', '--evil': '#000000' },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toHaveLength(7);
  });

  it('refuses bodies that are not objects', () => {
    expect(validateTheme(null).ok).toBe(false);
    expect(validateTheme({ config: [], colors: {} }).ok).toBe(false);
    expect(validateTheme({ ...valid, colors: 'x' }).ok).toBe(false);
    expect(validateTheme(valid).ok).toBe(true);
  });

  it('whatsappDigits keeps digits only', () => {
    expect(whatsappDigits('+1 (555) 010-9999')).toBe('15550109999');
  });

  it('mergeColors drops unknown and malformed values', () => {
    expect(mergeColors({ '--el-color-primary': 'bad', '--x': '#000000' })).toEqual(defaultColors);
    expect(mergeColors('garbage')).toEqual(defaultColors);
  });
});

describe('sniffImage', () => {
  it('recognises PNG, JPEG and WebP by their bytes only', async () => {
    const base = sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } });
    expect(sniffImage(await base.clone().png().toBuffer())).toBe('png');
    expect(sniffImage(await base.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImage(await base.clone().webp().toBuffer())).toBe('webp');
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });
});

describe('theme files', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'frota-theme-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('saves config, colours and manifest, keeping push settings and refusing absent images', async () => {
    const result = validateTheme({
      config: { title: 'Acme', headLogo: { image: true, text: 'A' }, loginLogo: true },
      colors: { '--el-color-primary': '#abcdef' },
    });
    if (!result.ok) throw new Error(result.errors.join());
    const brand = await saveTheme(dir, result.value);
    expect(brand.headLogo.image).toBe(false);
    expect(brand.loginLogo).toBe(false);
    expect(await readBrandConfig(dir)).toMatchObject({ title: 'Acme', push: {} });
    expect((await readThemeColors(dir))['--el-color-primary']).toBe('#abcdef');
    expect((await readdir(path.join(dir, 'custom'))).sort()).toEqual([
      'config.json',
      'manifest.json',
      'theme.json',
    ]);
  });

  it('records uploads and bumps the version', async () => {
    const brand = await recordUpload(dir, 'fav-icon');
    expect(brand.favicon).toBe(true);
    expect(brand.version).toBeGreaterThan(0);
    const manifest = buildManifest(brand, defaultColors) as { icons: { sizes: string }[] };
    expect(manifest.icons.map((icon) => icon.sizes)).toContain('192x192');
  });

  it('manifest has the title and the primary colour', () => {
    expect(buildManifest(defaultBrand, defaultColors)).toMatchObject({
      name: 'Frota',
      short_name: 'Frota',
      theme_color: defaultColors['--el-color-primary'],
      icons: [],
    });
  });
});

describe('renderUpload', () => {
  it('writes fixed names and sizes', async () => {
    const png = await sharp({
      create: { width: 300, height: 100, channels: 4, background: '#ff0000' },
    })
      .png()
      .toBuffer();
    const [bg] = await renderUpload('bg-login', png);
    expect(bg.name).toBe('bg.jpg');
    expect(await sharp(bg.content).metadata()).toMatchObject({ width: 1600, height: 900 });
    const icons = await renderUpload('fav-icon', png);
    expect(icons.map((icon) => icon.name)).toContain('favicon-512.png');
    const [logo] = await renderUpload('logo-login', png);
    expect(logo.name).toBe('logoWhite.png');
    await expect(renderUpload('logo-interno', Buffer.from('nope'))).rejects.toThrow();
  });
});
