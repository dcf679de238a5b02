/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

/** The package version, injected by the vite and vitest configs. */
declare const __APP_VERSION__: string;
