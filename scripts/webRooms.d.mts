/** Types of scripts/webRooms.mjs, for the build config and the TypeScript tests. */
export declare const SHELL: string[];
export declare const FEATURES: string[];
export declare const SHARED_BASE: string[];
export declare const SHARED_WIDGETS: string[];
export declare const SHARED: string[];
export declare const FEATURE_ENTRY: RegExp;
