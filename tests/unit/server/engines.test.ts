import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import semver from 'semver';

// Installing on the oldest Node the project declares must not pull a package that refuses that Node:
// npm only warns (EBADENGINE), and the package may then break at run time on a supported machine.
const root = join(import.meta.dirname, '..', '..', '..');

interface LockPackage {
  version?: string;
  engines?: Record<string, string> | string[];
  dev?: boolean;
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(join(root, file), 'utf8')) as T;
}

describe('declared Node engine', () => {
  it('every locked package supports the oldest Node that package.json promises', () => {
    const pkg = readJson<{ engines: { node: string } }>('package.json');
    const oldest = semver.minVersion(pkg.engines.node);
    expect(oldest).not.toBeNull();
    const lock = readJson<{ packages: Record<string, LockPackage> }>('package-lock.json');
    const refusing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (path === '' || !entry.engines || Array.isArray(entry.engines)) continue;
      const range = entry.engines.node;
      if (!range || !semver.validRange(range)) continue;
      if (oldest && !semver.satisfies(oldest, range)) {
        refusing.push(
          `${path.replace(/^.*node_modules\//, '')}@${entry.version ?? '?'} needs node ${range}`,
        );
      }
    }
    expect(refusing).toEqual([]);
  });
});
