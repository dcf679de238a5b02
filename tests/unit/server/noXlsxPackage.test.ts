/**
 * One spreadsheet library: exceljs writes every sheet (reports on the server, list exports in the
 * browser). The `xlsx` package (SheetJS 0.18.5) is abandoned on npm with open high-severity
 * advisories; it must not come back as a dependency, in the lock file, or as an import.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

interface PackageJson {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as PackageJson;
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { dependencies?: Record<string, string> }>;
};

/** Every .ts/.tsx/.mjs file under `dir`. */
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path);
    return /\.(ts|tsx|mjs|js)$/.test(name) ? [path] : [];
  });

describe('the spreadsheet library', () => {
  it('is exceljs, and xlsx is no dependency of the app', () => {
    const all = {
      ...pkg.dependencies,
      ...pkg.devDependencies,
      ...pkg.optionalDependencies,
      ...pkg.peerDependencies,
    };
    expect(Object.keys(all)).not.toContain('xlsx');
    expect(pkg.dependencies).toHaveProperty('exceljs');
  });

  it('leaves xlsx out of the installed tree', () => {
    const installed = Object.keys(lock.packages).filter((path) =>
      /(^|\/)node_modules\/xlsx$/.test(path),
    );
    expect(installed).toEqual([]);
  });

  it('is the only one the code imports', () => {
    const importsXlsx = /(from\s+|import\s*\(\s*|require\s*\(\s*)['"]xlsx['"]/;
    const offenders = ['src', 'server', 'model', 'scripts']
      .flatMap(sources)
      .filter((file) => importsXlsx.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
