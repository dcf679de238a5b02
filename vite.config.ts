import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { BUDGET_KIB, firstLoadOf, type Page } from './scripts/firstLoad.mjs';
import { FEATURE_ENTRY } from './scripts/webRooms.mjs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// The dev server proxies the APIs to the real server (npm run dev starts both).
const serverUrl = process.env.FROTA_SERVER_URL ?? 'http://127.0.0.1:8082';

// FROTA_BUILD_ID (optional) tells two builds of one package version apart in the menu's version
// line, e.g. a CI build number; the service-worker update test uses it to build a new version.
const buildId = process.env.FROTA_BUILD_ID?.trim();
const appVersion = buildId ? `${pkg.version}+${buildId}` : pkg.version;

/**
 * node-polyglot (react-admin's translator) requires the `object.entries` polyfill, whose
 * dependency tree is a few KiB of the sign-in page's script; every browser the app supports has
 * `Object.entries` itself.
 */
const nativeObjectEntries: Plugin = {
  name: 'frota:native-object-entries',
  enforce: 'pre',
  resolveId: (id) => (id === 'object.entries' ? '\0object.entries' : null),
  load: (id) => (id === '\0object.entries' ? 'module.exports = Object.entries;' : null),
};

/**
 * A feature's entry (`src/<feature>/index.ts`, docs/architecture.md) only re-exports what other
 * features may use, or wraps it to load on first use. Marked free of side effects, a screen that
 * takes one piece from an entry loads that piece alone, not everything else the entry names.
 */
const featureEntries: Plugin = {
  name: 'frota:feature-entries',
  transform: {
    filter: { id: FEATURE_ENTRY },
    handler: (code) => ({ code, moduleSideEffects: false }),
  },
};

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/**
 * Puts the app's own modules that a screen imports statically (recursively, through the app's own
 * files only) into one chunk named `name`, instead of the many small chunks automatic splitting
 * makes of them: fewer requests, better compression, shorter preload lists. Libraries are left to
 * automatic splitting (a library's barrel would otherwise drag all of it in). Roots are paths from
 * the repository root.
 */
const screenGroup = (name: string, roots: string[]) => {
  const own = (id: string) => !id.includes('/node_modules/') && !id.startsWith('\0');
  let members: Set<string> | null = null;
  const collect = (graph: ModuleGraph) => {
    const found = new Set<string>();
    const visit = (id: string) => {
      if (found.has(id) || !own(id)) return;
      found.add(id);
      graph.getModuleInfo(id)?.importedIds.forEach(visit);
    };
    roots.forEach((root) => visit(fileURLToPath(new URL(root, import.meta.url))));
    return found;
  };
  return {
    name: (id: string, graph: ModuleGraph) => ((members ??= collect(graph)).has(id) ? name : null),
    // The bundler's timing report names a group by this when `name` is a function.
    debugName: name,
  };
};

/**
 * Writes dist/.vite/first-load.json (each page's JS files and gzipped bytes, scripts/firstLoad.mjs)
 * and prints the figures against their budgets after every build.
 */
const firstLoadReport: Plugin = {
  name: 'frota:first-load',
  apply: 'build',
  // Read from the files as written: later plugins still rewrite chunks (preload lists).
  writeBundle(options, bundle) {
    const root = fileURLToPath(new URL('./', import.meta.url));
    const outDir = options.dir ?? resolve(root, 'dist');
    const pages = firstLoadOf(bundle, root, outDir);
    mkdirSync(resolve(outDir, '.vite'), { recursive: true });
    writeFileSync(
      resolve(outDir, '.vite/first-load.json'),
      JSON.stringify({ budgetKiB: BUDGET_KIB, pages }, null, 2),
    );
    for (const [page, { files, bytes }] of Object.entries(pages)) {
      const budget = BUDGET_KIB[page as Page];
      this.info(
        `${page} page: ${(bytes / 1024).toFixed(1)} KiB of JS (gzip) in ${files.length} files, budget ${budget} KiB`,
      );
    }
  },
};

export default defineConfig({
  plugins: [
    nativeObjectEntries,
    featureEntries,
    firstLoadReport,
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
    // dist/.vite/manifest.json: which chunks each screen needs (the first-load budget test).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The first script: the sign-in page (src/startup/), ahead of every other group.
            { name: 'start', tags: ['$initial'], priority: 3 },
            // The signed-in app and its frame, then the live map, the screen most visits open.
            {
              ...screenGroup('app', ['./src/App.tsx', './src/layout/DriverAwareLayout.tsx']),
              priority: 2,
            },
            { ...screenGroup('map', ['./src/fleet/map/MapPage.tsx']), priority: 1 },
          ],
        },
      },
    },
  },
});
