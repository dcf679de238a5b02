import { access } from 'node:fs/promises';
import path from 'node:path';
import type { BrandConfig } from '../../model/brand';
import {
  ASSET_FILES,
  ASSETS_PATH,
  FAVICON_SIZES,
  mergeColors,
  type ThemeColors,
  type ThemeInput,
  type UploadType,
} from '../../model/theme';
import { customDir, readBrandConfig, readLayeredJson, writeCustomFile } from './brandFiles';

/** The saved colours over the defaults (`theme.json`). */
export async function readThemeColors(dataDir: string, fallbackDir?: string): Promise<ThemeColors> {
  return mergeColors(await readLayeredJson(dataDir, 'theme.json', fallbackDir));
}

/** The web manifest: name, short name, theme colour = primary, icons when favicons exist. */
export function buildManifest(brand: BrandConfig, colors: ThemeColors): Record<string, unknown> {
  const icons = brand.favicon
    ? FAVICON_SIZES.filter((size) => size >= 48).map((size) => ({
        src: `${ASSETS_PATH}${ASSET_FILES.favicon(size)}?v=${brand.version}`,
        sizes: `${size}x${size}`,
        type: 'image/png',
      }))
    : [];
  return {
    name: brand.title,
    short_name: brand.title.slice(0, 12),
    start_url: '/',
    display: 'standalone',
    theme_color: colors['--el-color-primary'],
    background_color: colors['--el-bg-color'],
    icons,
  };
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** Whether an asset file exists in the brand's folder or, failing that, its parent's. */
const hasAsset = async (dataDir: string, name: string, fallbackDir?: string) =>
  (await exists(path.join(customDir(dataDir), name))) ||
  (fallbackDir !== undefined && (await exists(path.join(customDir(fallbackDir), name))));

// Saves and uploads read-modify-write config.json: one at a time per process.
let queue: Promise<unknown> = Promise.resolve();
function serialized<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

async function publish(dataDir: string, brand: BrandConfig, colors: ThemeColors): Promise<void> {
  await writeCustomFile(dataDir, 'theme.json', `${JSON.stringify(colors, null, 2)}\n`);
  await writeCustomFile(dataDir, 'config.json', `${JSON.stringify(brand, null, 2)}\n`);
  await writeCustomFile(
    dataDir,
    'manifest.json',
    `${JSON.stringify(buildManifest(brand, colors), null, 2)}\n`,
  );
}

/**
 * Publishes a validated theme: colours to `theme.json`, settings to `config.json` (keeping what
 * the editor does not own, e.g. push settings), and `manifest.json`. An image flag only stays on
 * when its file was really uploaded.
 */
export function saveTheme(
  dataDir: string,
  input: ThemeInput,
  fallbackDir?: string,
): Promise<BrandConfig> {
  return serialized(async () => {
    const current = await readBrandConfig(dataDir, fallbackDir);
    const has = (name: string) => hasAsset(dataDir, name, fallbackDir);
    const { config } = input;
    const brand: BrandConfig = {
      ...current,
      title: config.title,
      whatsapp: config.whatsapp,
      headLogo: {
        image: config.headLogo.image && (await has(ASSET_FILES.logo)),
        text: config.headLogo.text,
      },
      logoWidth: config.logoWidth,
      loginLogo: config.loginLogo && (await has(ASSET_FILES.logoLogin)),
      loginBackground: config.loginBackground && (await has(ASSET_FILES.background)),
    };
    await publish(dataDir, brand, input.colors);
    return brand;
  });
}

/** After an upload: switch its image on and bump the version that busts browser caches. */
export function recordUpload(
  dataDir: string,
  type: UploadType,
  fallbackDir?: string,
): Promise<BrandConfig> {
  return serialized(async () => {
    const [current, colors] = await Promise.all([
      readBrandConfig(dataDir, fallbackDir),
      readThemeColors(dataDir, fallbackDir),
    ]);
    const brand: BrandConfig = { ...current, version: Math.max(Date.now(), current.version + 1) };
    if (type === 'logo-interno') brand.headLogo = { ...brand.headLogo, image: true };
    if (type === 'logo-login') brand.loginLogo = true;
    if (type === 'bg-login') brand.loginBackground = true;
    if (type === 'fav-icon') brand.favicon = true;
    await publish(dataDir, brand, colors);
    return brand;
  });
}
