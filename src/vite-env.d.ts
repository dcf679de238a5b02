/// <reference types="vite/client" />

/** The package version, injected by the vite and vitest configs. */
declare const __APP_VERSION__: string;
