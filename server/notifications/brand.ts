import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ASSET_FILES } from '../../model/theme';
import { customDir } from '../branding/brandFiles';
import type { Brands, BrandScope } from '../branding/brandScope';
import type { Db } from '../db/database';
import { brandReseller } from '../resellers/store';
import type { NotificationBrand } from './templates/compose';

/**
 * The brand each recipient knows the product by: a reseller's customers get the reseller's
 * name, logo, colour and domain, everyone else the main brand and PUBLIC_URL. Links come from
 * this configuration only, never from a request's headers.
 */
export class RecipientBrands {
  /** Logos by brand and upload version, so a mail does not read the file each time. */
  private readonly logos = new Map<string, Promise<NotificationBrand['logo']>>();

  constructor(
    private readonly db: Db,
    private readonly brands: Brands,
    /** The main brand's origin (PUBLIC_URL, else the local address). */
    private readonly publicOrigin: string,
  ) {}

  /** The brand of one user's messages. */
  async forUser(userId: number): Promise<NotificationBrand> {
    const reseller = await brandReseller(this.db, userId);
    const scope = this.brands.scopeOf(reseller?.resellerId ?? null);
    const origin = reseller
      ? `${new URL(this.publicOrigin).protocol}//${reseller.domain}`
      : this.publicOrigin;
    return this.brandOf(scope, origin);
  }

  /** The main brand (the previews of the template editor show it). */
  main(): Promise<NotificationBrand> {
    return this.brandOf(this.brands.scopeOf(null), this.publicOrigin);
  }

  private async brandOf(scope: BrandScope, origin: string): Promise<NotificationBrand> {
    const view = await this.brands.view(scope);
    const logo = view.config.headLogo.image ? await this.logo(scope, view.config.version) : null;
    return {
      name: view.config.title,
      color: view.colors['--el-color-primary'],
      origin: origin.replace(/\/+$/, ''),
      logo,
    };
  }

  private logo(scope: BrandScope, version: number): Promise<NotificationBrand['logo']> {
    const cacheKey = `${scope.resellerId ?? 'main'}|${version}`;
    let found = this.logos.get(cacheKey);
    if (!found) {
      found = readLogo(scope);
      this.logos.set(cacheKey, found);
    }
    return found;
  }
}

/** The brand's own app-bar logo, else its parent brand's; null when neither has one. */
async function readLogo(scope: BrandScope): Promise<NotificationBrand['logo']> {
  for (const dir of [scope.dataDir, scope.fallbackDir]) {
    if (dir === undefined) continue;
    try {
      const content = await readFile(path.join(customDir(dir), ASSET_FILES.logo));
      return { content, contentType: 'image/png' };
    } catch {
      // Not uploaded here: the parent brand's, if any.
    }
  }
  return null;
}
