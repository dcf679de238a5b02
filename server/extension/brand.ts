import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { defaultBrand, type BrandConfig } from '../../src/model';
import { isPlainObject } from '../db/json';

export function customDir(dataDir: string): string {
  return path.join(dataDir, 'custom');
}

/** The saved branding merged over the defaults; the defaults when none is saved or it is damaged. */
export async function readBrandConfig(dataDir: string): Promise<BrandConfig> {
  let saved: unknown;
  try {
    saved = JSON.parse(await readFile(path.join(customDir(dataDir), 'config.json'), 'utf8'));
  } catch {
    return defaultBrand;
  }
  if (!isPlainObject(saved)) return defaultBrand;
  const brand = { ...defaultBrand, ...saved };
  // Keys the web app dereferences must keep their shape, whatever was saved.
  if (typeof brand.title !== 'string') brand.title = defaultBrand.title;
  if (typeof brand.whatsapp !== 'string') brand.whatsapp = defaultBrand.whatsapp;
  if (!isPlainObject(brand.headLogo)) brand.headLogo = defaultBrand.headLogo;
  if (!isPlainObject(brand.push)) brand.push = defaultBrand.push;
  return brand;
}
