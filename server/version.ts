import { readFileSync } from 'node:fs';

/** The package version, read once; `GET /api/server` reports it. */
export const version: string = (() => {
  try {
    const pkg: unknown = JSON.parse(
      readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
    );
    const value = (pkg as { version?: unknown }).version;
    return typeof value === 'string' ? value : '0.0.0';
  } catch {
    return '0.0.0';
  }
})();
