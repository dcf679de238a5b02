/** Types of scripts/firstLoad.mjs, for vite.config.ts and the TypeScript tests. */
export interface PageLoad {
  files: string[];
  bytes: number;
}

export type Page = 'login' | 'map';

export declare const BUDGET_KIB: Record<Page, number>;
export declare const PAGE_ROOTS: Record<Page, string[]>;

export declare function firstLoadOf(bundle: object, root: string): Record<Page, PageLoad>;
