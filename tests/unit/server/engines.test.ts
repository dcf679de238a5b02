import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import semver from 'semver';

// Installing on the oldest Node of each line the project declares must not pull a package that
// refuses it: with .npmrc's engine-strict npm stops the install (EBADENGINE), and without it the
// package may break at run time on a supported machine.
const root = join(import.meta.dirname, '..', '..', '..');

interface LockPackage {
  version?: string;
  engines?: Record<string, string> | string[];
  dev?: boolean;
  optional?: boolean;
  cpu?: string[];
}

// npm skips an optional package that refuses the running Node instead of failing the install. Those
// built only for 32-bit CPUs (sharp's win32-ia32) serve none of the 64-bit machines Frota runs on.
const only32Bit = (entry: LockPackage) =>
  entry.optional === true &&
  entry.cpu !== undefined &&
  entry.cpu.every((cpu) => cpu === 'ia32' || cpu === 'arm');

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(join(root, file), 'utf8')) as T;
}

describe('declared Node engine', () => {
  const pkg = readJson<{ engines: { node: string } }>('package.json');
  // Each line the range admits starts at its own oldest version (22.22.2, 24.15.0, …).
  const oldest = pkg.engines.node.split('||').map((part) => semver.minVersion(part));

  it('every locked package supports the oldest version of each Node line package.json promises', () => {
    expect(oldest).not.toContain(null);
    const lock = readJson<{ packages: Record<string, LockPackage> }>('package-lock.json');
    const refusing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (path === '' || !entry.engines || Array.isArray(entry.engines)) continue;
      const range = entry.engines.node;
      if (!range || !semver.validRange(range) || only32Bit(entry)) continue;
      for (const version of oldest) {
        if (version && !semver.satisfies(version, range)) {
          refusing.push(
            `${path.replace(/^.*node_modules\//, '')}@${entry.version ?? '?'} needs node ${range}, not ${version.version}`,
          );
        }
      }
    }
    expect(refusing).toEqual([]);
  });

  it('promises nothing older than Node 22, whose predecessor is past its end of life', () => {
    expect(semver.satisfies('20.20.2', pkg.engines.node)).toBe(false);
    expect(oldest.every((version) => version !== null && version.major >= 22)).toBe(true);
  });
});
