/** Types of scripts/buildServer.mjs, for the TypeScript tests and benchmarks. */
export declare const SERVER_OUTDIR: string;

export declare const SERVER_ENTRIES: Record<string, string>;

export declare function serverBuildIsStale(root?: string, outdir?: string): boolean;

export declare function buildServer(root?: string, outdir?: string): Promise<void>;

export declare function buildServerIfStale(root?: string): Promise<void>;
