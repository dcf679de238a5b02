// The JavaScript a visitor downloads before a screen works: the chunks holding the screen's
// modules and every chunk those import statically, gzipped. Computed while building (the
// `firstLoadReport` plugin in vite.config.ts writes dist/.vite/first-load.json and prints it);
// the e2e budget test and the map bench also measure what Chromium really fetches.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

/** Budgets in KiB of gzipped JS. */
export const BUDGET_KIB = { login: 150, map: 300 };

/**
 * The modules each page runs before it works, besides the app's entry (src/startup/main.tsx), in a
 * pt-BR browser (the default language): the sign-in page, and the live map of a visitor who
 * already has a session (src/startup/start.tsx loads the app, its catalogue, the frame and the
 * map together).
 */
export const PAGE_ROOTS = {
  login: ['src/i18n/messages/public/ptBR.ts'],
  map: [
    'src/i18n/messages/public/ptBR.ts',
    'src/App.tsx',
    'src/i18n/catalogs/ptBR.ts',
    'src/layout/DriverAwareLayout.tsx',
    'src/fleet/map/MapPage.tsx',
  ],
};

const gzipSize = (code) => gzipSync(code, { level: 9 }).length;

/**
 * `bundle`: Rollup/Rolldown's output bundle; `root`: the repository root (absolute, ending in /);
 * `outDir`: where the bundle was written. Returns, per page, its JS files (with the Web Workers
 * they start) and their gzipped total in bytes, as written.
 */
export function firstLoadOf(bundle, root, outDir) {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const chunkOf = new Map();
  for (const chunk of chunks) for (const id of chunk.moduleIds) chunkOf.set(id, chunk);
  const entry = chunks.find((chunk) => chunk.isEntry);
  const closure = (start) => {
    const files = new Set();
    const visit = (chunk) => {
      if (files.has(chunk.fileName)) return;
      files.add(chunk.fileName);
      chunk.imports.forEach((file) => visit(bundle[file]));
    };
    start.forEach(visit);
    return files;
  };
  // A Web Worker's script is no import of the chunk that starts it, only its URL in the code.
  const workersOf = (file) =>
    [...(bundle[file].code ?? '').matchAll(/[\w.-]+\.worker-[\w-]+\.js/g)].map(
      ([name]) => `assets/${name}`,
    );
  return Object.fromEntries(
    Object.entries(PAGE_ROOTS).map(([page, roots]) => {
      const start = roots.map((path) => {
        const chunk = chunkOf.get(`${root}${path}`);
        if (!chunk) throw new Error(`${path} is in no chunk of the build`);
        return chunk;
      });
      const chunkFiles = [...closure([entry, ...start])];
      const files = [...new Set([...chunkFiles, ...chunkFiles.flatMap(workersOf)])];
      const bytes = gzippedBytes(outDir, files);
      return [page, { files, bytes }];
    }),
  );
}

/**
 * Starts recording the same-origin JS files a Playwright `page` fetches; `stop(until?)` returns
 * their paths (as in dist/, e.g. `assets/app-x.js`) in request order, only those requested by the
 * time `until` (ms since the epoch) when given. Service-worker fetches (the precache filling in
 * the background) are the worker's, not the page's, and are not counted.
 */
export function recordScripts(page, origin) {
  const requests = [];
  const onRequest = (request) => {
    const url = new URL(request.url());
    if (url.origin === origin && url.pathname.endsWith('.js')) {
      requests.push({ file: url.pathname.slice(1), at: Date.now() });
    }
  };
  page.on('request', onRequest);
  return (until = Infinity) => {
    page.off('request', onRequest);
    return [...new Set(requests.filter(({ at }) => at <= until).map(({ file }) => file))];
  };
}

/** The gzipped size in bytes of built files (paths relative to `distDir`). */
export function gzippedBytes(distDir, files) {
  return files.reduce(
    (sum, file) => sum + gzipSize(readFileSync(new URL(file, `file://${distDir}/`))),
    0,
  );
}
