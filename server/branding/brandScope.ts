import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrandConfig } from '../../model/brand';
import type { ThemeColors } from '../../model/theme';
import type { Db } from '../db/database';
import { hostOf } from '../resellers/attributes';
import { allDomains } from '../resellers/store';
import { customDir, readBrandConfig } from './brandFiles';
import { buildManifest, readThemeColors } from './themeStore';

/**
 * Which brand a request gets: the main brand (`DATA_DIR/custom`), or a reseller's
 * (`DATA_DIR/resellers/<id>/custom`) layered over the main one.
 */
export interface BrandScope {
  resellerId: number | null;
  /** Root of the brand's `custom` folder, as the theme store functions take it. */
  dataDir: string;
  /** The main brand's root for a reseller brand: what they have not set comes from it. */
  fallbackDir?: string;
}

/** Uploaded images a brand may serve, by extension. */
const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

interface BrandView {
  config: BrandConfig;
  colors: ThemeColors;
  manifest: Record<string, unknown>;
  /** Files the brand itself holds (a reseller's uploads); empty for the main brand. */
  files: ReadonlySet<string>;
}

/**
 * Resolves a request's Host to its brand and keeps each brand's published files in memory, so
 * serving config, theme and manifest touches neither the disk nor the database per request.
 * Writers call `invalidate` (a main-brand change reaches every reseller brand layered on it).
 */
export class Brands {
  private domains: Promise<Map<string, number>> | null = null;
  private readonly views = new Map<string, Promise<BrandView>>();
  /** Told of every brand changed here (cluster mode: the other instances drop theirs). */
  private announce: (resellerId: number | null) => void = () => {};

  /** `mainHost`: the main site's host, always the main brand whatever a reseller saved. */
  constructor(
    private readonly db: Db,
    private readonly dataDir: string,
    private readonly mainHost: string | null = null,
  ) {}

  scopeOf(resellerId: number | null): BrandScope {
    if (resellerId === null) return { resellerId, dataDir: this.dataDir };
    return {
      resellerId,
      dataDir: path.join(this.dataDir, 'resellers', String(resellerId)),
      fallbackDir: this.dataDir,
    };
  }

  private loadDomains(): Promise<Map<string, number>> {
    this.domains ??= allDomains(this.db).catch((error: unknown) => {
      this.domains = null;
      throw error;
    });
    return this.domains;
  }

  /** The reseller whose domain the Host header names, else null (main brand). */
  async resellerFor(hostHeader: string | undefined): Promise<number | null> {
    const host = hostOf(hostHeader);
    if (host === this.mainHost) return null;
    return (await this.loadDomains()).get(host) ?? null;
  }

  /**
   * The configured reseller domain the Host header names exactly, else null. The value comes
   * from the database, so the Host only chooses among domains an administrator saved.
   */
  async domainFor(hostHeader: string | undefined): Promise<string | null> {
    const host = hostOf(hostHeader);
    if (host === this.mainHost) return null;
    for (const domain of (await this.loadDomains()).keys()) if (domain === host) return domain;
    return null;
  }

  async scopeForHost(hostHeader: string | undefined): Promise<BrandScope> {
    return this.scopeOf(await this.resellerFor(hostHeader));
  }

  view(scope: BrandScope): Promise<BrandView> {
    const key = String(scope.resellerId ?? 'main');
    let view = this.views.get(key);
    if (!view) {
      view = loadView(scope);
      this.views.set(key, view);
      view.catch(() => this.views.delete(key));
    }
    return view;
  }

  /**
   * The image `name` a reseller uploaded for the brand of `hostHeader`, which wins over the main
   * brand's file of the same name; null when the Host is the main brand's or the reseller has no
   * such image (the main brand's file is then served as usual).
   */
  async resellerImage(
    hostHeader: string | undefined,
    name: string,
  ): Promise<{ type: string; content: Buffer } | null> {
    const type = IMAGE_TYPES[path.extname(name).toLowerCase()];
    if (!type || name.includes('/')) return null;
    const scope = await this.scopeForHost(hostHeader);
    if (scope.resellerId === null || !(await this.view(scope)).files.has(name)) return null;
    return { type, content: await readFile(path.join(customDir(scope.dataDir), name)) };
  }

  /** After a domain may have changed (a user saved or deleted). */
  invalidateDomains(): void {
    this.domains = null;
  }

  /** After a brand's files changed here. */
  invalidate(scope: BrandScope): void {
    this.drop(scope.resellerId);
    this.announce(scope.resellerId);
  }

  /** After a brand's files changed, here or on another instance (null: the main brand). */
  drop(resellerId: number | null): void {
    if (resellerId === null) this.views.clear();
    else this.views.delete(String(resellerId));
  }

  /** Everything re-read on next use (the link to the other instances came back). */
  dropAll(): void {
    this.views.clear();
    this.domains = null;
  }

  onInvalidate(announce: (resellerId: number | null) => void): void {
    this.announce = announce;
  }
}

async function loadView(scope: BrandScope): Promise<BrandView> {
  const [config, colors] = await Promise.all([
    readBrandConfig(scope.dataDir, scope.fallbackDir),
    readThemeColors(scope.dataDir, scope.fallbackDir),
  ]);
  let files = new Set<string>();
  if (scope.resellerId !== null) {
    files = new Set(await readdir(customDir(scope.dataDir)).catch((): string[] => []));
  }
  return { config, colors, manifest: buildManifest(config, colors), files };
}
