// Builds the web app when dist/ is missing or older than any of its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = [
  'src',
  'model',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
];

export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function webBuildIsStale(root = '.') {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(root, source)) > builtAt);
}

export function buildWebIfStale(root = '.') {
  if (!webBuildIsStale(root)) return;
  console.log('Building the web app (dist/ is missing or stale)…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('The web app build failed.');
    process.exit(result.status ?? 1);
  }
}
