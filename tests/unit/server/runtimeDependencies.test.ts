/**
 * `npm ci --omit=dev` (a production install) brings only package.json's dependencies, so every
 * package the server can load at run time, including on demand (PGlite for `pglite://`), has to be
 * one of them; a devDependency there works on a developer's machine and fails on the user's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|mjs)$/.test(entry.name))
    .filter((entry) => !entry.name.endsWith('.d.ts') && !entry.name.endsWith('.d.mts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** The packages a file loads at run time: static imports and re-exports, side-effect and dynamic imports. */
function runtimePackages(source: string): string[] {
  const specifiers = [
    // `import type` / `export type` vanish when compiled; `import { type X }` does not.
    ...source.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^;'"]*?\sfrom\s*['"]([^'"]+)['"]/gm),
    ...source.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
    ...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1]);
  return specifiers
    .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('/'))
    .filter((specifier) => !specifier.startsWith('node:') && !builtinModules.includes(specifier))
    .map((specifier) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    );
}

describe('runtime dependencies', () => {
  it('reads the import forms the server uses', () => {
    const source = [
      "import { sql } from 'kysely';",
      "import type { Selectable } from 'kysely-types-only';",
      'import {\n  a,\n  b,\n} from "@scope/pkg/sub";',
      "import 'side-effect';",
      "  const { PGlite } = await import('@electric-sql/pglite');",
      "import fs from 'node:fs';",
      "import path from 'path';",
      "import { x } from './local.js';",
      "export { y } from 're-exported';",
    ].join('\n');
    expect(runtimePackages(source).sort()).toEqual([
      '@electric-sql/pglite',
      '@scope/pkg',
      'kysely',
      're-exported',
      'side-effect',
    ]);
  });

  it('every package the server, the shared model and npm start load is a dependency, not a devDependency', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const files = [
      ...sourceFiles('server'),
      ...sourceFiles('model'),
      'scripts/start.mjs',
      'scripts/webBuild.mjs',
      'scripts/buildServer.mjs',
    ];
    const missing = new Set<string>();
    const loaded = new Set<string>();
    for (const file of files) {
      for (const name of runtimePackages(readFileSync(join(root, file), 'utf8'))) {
        loaded.add(name);
        if (!(name in pkg.dependencies)) missing.add(`${name} (${file})`);
      }
    }
    // The scan has to see the server's packages at all, on-demand ones included.
    expect(loaded).toContain('fastify');
    expect(loaded).toContain('@electric-sql/pglite');
    expect([...missing]).toEqual([]);
  });
});
