// Compiles the server for `npm start`, `npm run migrate` and deployments: server/ and model/ bundled
// into build/server/ (main.js, the server; migrate.js, the migrations alone), the packages left
// to node_modules but for a few (BUNDLED_PACKAGES), so a start compiles no TypeScript.
//
//   node scripts/buildServer.mjs [--outdir DIR]
//
// An output folder outside the repository needs node_modules reachable from it (a link to this
// one's), as Node looks for the packages from the compiled file's folder up.
import { existsSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { newestMtime } from './webBuild.mjs';

export const SERVER_OUTDIR = 'build/server';

/** The processes the product runs, each an entry point of the build (`build/server/<name>.js`). */
export const SERVER_ENTRIES = { main: './server/main.ts', migrate: './server/migrate.ts' };

/**
 * Packages compiled into the bundle rather than loaded from node_modules: plain JavaScript modules
 * in hundreds of small files (typebox has about 700), which cost a start more to find and link
 * one by one than their code does, and of which the server uses a part. Every other package,
 * CommonJS, native (better-sqlite3, sharp) or reading files of its own (PGlite), stays external.
 * The PGlite dialect comes along with kysely so that both use the same one.
 */
const BUNDLED_PACKAGES = [
  'typebox',
  '@fastify/type-provider-typebox',
  'kysely',
  'kysely-pglite-dialect',
];

const isBundled = (specifier) =>
  BUNDLED_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`));

/** Leaves every package import (a bare specifier, `node:` ones too) to Node but the bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      isBundled(path) ? undefined : { path, external: true },
    );
  },
};

const SOURCES = [
  'server',
  'model',
  'package.json',
  'package-lock.json',
  'tsconfig.server.json',
  'scripts/buildServer.mjs',
];

export function serverBuildIsStale(root = '.', outdir = SERVER_OUTDIR) {
  const outputs = Object.keys(SERVER_ENTRIES).map((name) => join(root, outdir, `${name}.js`));
  if (!outputs.every((file) => existsSync(file))) return true;
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  return SOURCES.some((source) => newestMtime(join(root, source)) > builtAt);
}

export async function buildServer(root = '.', outdir = SERVER_OUTDIR) {
  // Loaded here only: a start with a fresh build must not need esbuild (a development package).
  const { build } = await import('esbuild');
  const out = resolve(root, outdir);
  // Chunk names carry a hash: a previous build's chunks would pile up.
  rmSync(out, { recursive: true, force: true });
  await build({
    absWorkingDir: resolve(root),
    entryPoints: SERVER_ENTRIES,
    outdir: out,
    bundle: true,
    // Keeps `await import()` of the server's own modules (cluster mode) a separate file loaded
    // when used, as it is when run from source.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node22',
    plugins: [externalPackages],
    // Stack traces name the lines of server/*.ts (`--enable-source-maps`). The sources stay out
    // of the maps: Node reads the maps at every start, and with them they took twice as long.
    sourcemap: true,
    sourcesContent: false,
    tsconfig: 'tsconfig.server.json',
    logLevel: 'warning',
  });
}

export async function buildServerIfStale(root = '.') {
  if (!serverBuildIsStale(root)) return;
  console.log(`Compiling the server (${SERVER_OUTDIR}/ is missing or stale)…`);
  try {
    await buildServer(root);
  } catch (error) {
    console.error(`The server build failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const at = process.argv.indexOf('--outdir');
  await buildServer('.', at > 0 ? process.argv[at + 1] : SERVER_OUTDIR);
}
