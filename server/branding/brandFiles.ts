import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeAtomic } from '../media/safePath';
import { normalizeBrand, type BrandConfig } from '../../model/brand';
import { isPlainObject } from '../../model/json';

export function customDir(dataDir: string): string {
  return path.join(dataDir, 'custom');
}

/** Parsed JSON of a file in the custom folder; undefined when missing or damaged. */
async function readCustomJson(dataDir: string, name: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path.join(customDir(dataDir), name), 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * A JSON file of a brand over the same file of its parent brand (`fallbackDir`, e.g. the main
 * brand under a reseller's): what the brand has not saved comes from the parent.
 */
export async function readLayeredJson(
  dataDir: string,
  name: string,
  fallbackDir?: string,
): Promise<unknown> {
  const own = await readCustomJson(dataDir, name);
  if (fallbackDir === undefined) return own;
  const parent = await readCustomJson(fallbackDir, name);
  if (own === undefined) return parent;
  return isPlainObject(own) && isPlainObject(parent) ? { ...parent, ...own } : own;
}

/** The saved branding merged over the defaults; the defaults when none is saved or it is damaged. */
export async function readBrandConfig(dataDir: string, fallbackDir?: string): Promise<BrandConfig> {
  return normalizeBrand(await readLayeredJson(dataDir, 'config.json', fallbackDir));
}

/** Writes a file of the custom folder atomically (readers never see half of it). */
export async function writeCustomFile(
  dataDir: string,
  name: string,
  content: string | Buffer,
): Promise<void> {
  await writeAtomic(path.join(customDir(dataDir), name), content);
}
