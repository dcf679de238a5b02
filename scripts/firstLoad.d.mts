/** Types of scripts/firstLoad.mjs, for vite.config.ts and the TypeScript tests. */
export interface PageLoad {
  files: string[];
  bytes: number;
}

export type Page = 'login' | 'map';

export declare const BUDGET_KIB: Record<Page, number>;
export declare const PAGE_ROOTS: Record<Page, string[]>;

export declare function firstLoadOf(
  bundle: object,
  root: string,
  outDir: string,
): Record<Page, PageLoad>;

/**
 * Records the page's same-origin script requests until the returned function is called; given a
 * time (ms since the epoch), it returns only those requested by then.
 */
export declare function recordScripts(
  page: {
    on(event: 'request', listener: (request: { url(): string }) => void): unknown;
    off(event: 'request', listener: (request: { url(): string }) => void): unknown;
  },
  origin: string,
): (until?: number) => string[];

/** The gzipped size of built files, paths relative to `distDir` (absolute). */
export declare function gzippedBytes(distDir: string, files: string[]): number;
