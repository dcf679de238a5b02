import type { User } from '../../model';
import type { BrandConfig } from '../../model/brand';
import { validateTheme, type ThemeColors, type UploadType } from '../../model/theme';
import { IllegalArgumentException, SecurityException } from '../errors';
import { isReseller } from '../resellers/attributes';
import { writeCustomFile } from './brandFiles';
import type { BrandScope, Brands } from './brandScope';
import { renderUpload, sniffImage } from './themeImages';
import { recordUpload, saveTheme } from './themeStore';

/**
 * The brand a user may edit: administrators the main brand, a reseller their own (wherever they
 * sign in); nobody else, and nobody another reseller's.
 */
export function editableScope(brands: Brands, user: User): BrandScope {
  if (user.administrator) return brands.scopeOf(null);
  if (isReseller(user)) return brands.scopeOf(user.id);
  throw new SecurityException('Administrator access required');
}

/** Validates and publishes the theme editor's input; answers the saved brand and colours. */
export async function saveThemeInput(
  brands: Brands,
  scope: BrandScope,
  input: unknown,
): Promise<{ config: BrandConfig; colors: ThemeColors }> {
  const result = validateTheme(input);
  if (!result.ok) throw new IllegalArgumentException(result.errors.join('; '));
  const brand = await saveTheme(scope.dataDir, result.value, scope.fallbackDir);
  brands.invalidate(scope);
  return { config: brand, colors: (await brands.view(scope)).colors };
}

/**
 * Publishes an uploaded image as the fixed files of its type. Only PNG, JPEG or WebP by their
 * bytes; the client's file name and content type are never used.
 */
export async function saveUpload(
  brands: Brands,
  scope: BrandScope,
  type: UploadType,
  bytes: Buffer,
): Promise<{ config: BrandConfig; files: string[] }> {
  if (!sniffImage(bytes)) throw new IllegalArgumentException('Only PNG, JPEG or WebP images');
  let files;
  try {
    files = await renderUpload(type, bytes);
  } catch {
    throw new IllegalArgumentException('The image could not be read');
  }
  for (const file of files) await writeCustomFile(scope.dataDir, file.name, file.content);
  const brand = await recordUpload(scope.dataDir, type, scope.fallbackDir);
  brands.invalidate(scope);
  return { config: brand, files: files.map((file) => file.name) };
}
