/** Types of scripts/freePort.mjs, for the TypeScript tests and benchmarks. */
export declare function portSource(probe?: () => Promise<number>): () => Promise<number>;

export declare const freePort: () => Promise<number>;
