import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// The dev server proxies the APIs to the real server (npm run dev starts both).
const serverUrl = process.env.FROTA_SERVER_URL ?? 'http://127.0.0.1:8082';

// FROTA_BUILD_ID (optional) tells two builds of one package version apart in the menu's version
// line, e.g. a CI build number; the service-worker update test uses it to build a new version.
const buildId = process.env.FROTA_BUILD_ID?.trim();
const appVersion = buildId ? `${pkg.version}+${buildId}` : pkg.version;

export default defineConfig({
  plugins: [
    react(),
    // The service worker and its update contract: docs/web-app-updates.md.
    VitePWA({
      // A new version waits until the user accepts the prompt (src/pwa/UpdatePrompt.tsx).
      registerType: 'prompt',
      // Registered from the app through virtual:pwa-register/react, never by an injected script.
      injectRegister: false,
      // The server serves each brand's manifest at /tarkan/assets/custom/manifest.json.
      manifest: false,
      // A bundle past Workbox's 2 MiB limit would silently drop out of the shell: say so.
      showMaximumFileSizeToCacheInBytesWarning: true,
      workbox: {
        // The app shell: the built files, served from the cache on every later visit.
        globPatterns: ['**/*.{js,css,html,ico,png,svg,woff2}'],
        // Precompressed twins and Vite's build manifest are for the server, not the browser.
        globIgnores: ['**/*.gz', '**/*.br', '.vite/**'],
        // The page itself comes from the server while it answers: the server names the brand
        // of the host asked and sends the current Content-Security-Policy (which follows the
        // custom map address setting); a copy kept until the next deploy would freeze both.
        navigateFallback: null,
        // Nor may `/` count as the precached index.html: it is the page every visit starts on.
        directoryIndex: null,
        runtimeCaching: [
          {
            // App routes only: the APIs (data, uploaded media, the live socket) never pass here.
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && !/^\/(api|tarkan)(\/|$)/.test(url.pathname),
            // Nothing is stored at run time. When the server cannot be reached (no answer, or
            // a reverse proxy's 502/503 while it restarts) the precached index.html opens the
            // app, which shows the maintenance notice. That copy was fetched from the origin the
            // worker belongs to, so it is that host's branded page.
            handler: 'NetworkOnly',
            options: {
              plugins: [
                {
                  fetchDidSucceed: async ({ response }) => {
                    if (response.status >= 500) throw new Error(`server error ${response.status}`);
                    return response;
                  },
                },
              ],
              precacheFallback: { fallbackURL: 'index.html' },
            },
          },
        ],
      },
    }),
  ],
  define: {
    __APP_VERSION__: JSON.stringify(appVersion),
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api/socket': { target: serverUrl.replace(/^http/, 'ws'), ws: true },
      '/api': { target: serverUrl, changeOrigin: false },
      '/tarkan': { target: serverUrl, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
  },
});
