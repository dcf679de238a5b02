/**
 * The Node.js floor as a user meets it: `npm start`/`npm test`/`npm run dev` refuse an older Node
 * with the command that fixes it (scripts/checkNode.mjs), and scripts/ensure-node.sh hands out a
 * Node kept in its cache without asking the registry again (its first fetch is what CI runs).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import semver from 'semver';
import { afterAll, describe, expect, it } from 'vitest';
import { refusal, requiredRange, satisfies } from '../../../scripts/checkNode.mjs';

const root = join(import.meta.dirname, '..', '..', '..');
const temp = mkdtempSync(join(tmpdir(), 'frota-node-runtime-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('checkNode', () => {
  it('reads the package range as npm does', () => {
    const range = requiredRange();
    for (const version of ['18.20.8', '20.20.2', '22.12.0', '22.22.1', '22.22.2', '22.23.5']) {
      expect([version, satisfies(version, range)]).toEqual([
        version,
        semver.satisfies(version, range),
      ]);
    }
    for (const version of ['23.11.0', '24.14.0', '24.15.0', '24.22.3', '25.1.0', '26.0.0']) {
      expect([version, satisfies(version, range)]).toEqual([
        version,
        semver.satisfies(version, range),
      ]);
    }
    expect(satisfies('v22.23.5', '^22.22.2')).toBe(true);
    expect(satisfies('23.0.0', '^22.22.2')).toBe(false);
  });

  it('refuses a range form it cannot read instead of letting every Node through', () => {
    expect(() => satisfies('22.23.5', '~22.22')).toThrow(/does not read/);
  });

  it('stops npm start on an older Node and names the command that brings a newer one', () => {
    // A copy of the script under a package.json no Node satisfies yet.
    const dir = join(temp, 'too-new');
    mkdirSync(join(dir, 'scripts'), { recursive: true });
    copyFileSync(join(root, 'scripts', 'checkNode.mjs'), join(dir, 'scripts', 'checkNode.mjs'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ engines: { node: '>=999.0.0' } }));
    const result = spawnSync(process.execPath, ['scripts/checkNode.mjs'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, npm_lifecycle_event: 'prestart' },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      refusal(process.versions.node, '>=999.0.0', process.execPath, 'npm start'),
    );
    expect(result.stderr).toContain('eval "$(bash scripts/ensure-node.sh)"');
  });

  it('lets the Node running these tests through, silently', () => {
    const result = spawnSync(process.execPath, ['scripts/checkNode.mjs'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect([result.status, result.stderr]).toEqual([0, '']);
  });
});

describe('ensure-node.sh', () => {
  const pkg = `node-${process.platform}-${process.arch}`;
  const cache = join(temp, 'cache');
  // Stand-ins for unpacked builds: the script needs only an executable bin/node to choose one.
  for (const version of ['22.9.0', '22.23.5', '24.22.3']) {
    const bin = join(cache, `${pkg}-${version}`, 'bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'node'), `#!/bin/sh\necho v${version}\n`);
    chmodSync(join(bin, 'node'), 0o755);
  }
  const ensure = (args: string[], env: Record<string, string>) =>
    spawnSync('bash', [join(root, 'scripts', 'ensure-node.sh'), ...args], {
      encoding: 'utf8',
      // npm_config_registry points nowhere: a cached build must not need the registry.
      env: {
        ...process.env,
        FROTA_NODE_CACHE: cache,
        npm_config_registry: 'http://127.0.0.1:9/',
        ...env,
      },
    });

  it('takes the newest cached build of the asked line and runs a command with it', () => {
    const result = ensure(['node', '--version'], { FROTA_NODE_VERSION: '22' });
    expect([result.status, result.stdout.trim()]).toEqual([0, 'v22.23.5']);
    expect(ensure(['node', '--version'], { FROTA_NODE_VERSION: '24' }).stdout.trim()).toBe(
      'v24.22.3',
    );
  });

  it('prints shell lines that put it first on PATH once, however often they are evaluated', () => {
    const dir = join(cache, `${pkg}-22.23.5`);
    const script = [
      `eval "$(bash '${join(root, 'scripts', 'ensure-node.sh')}')"`,
      `eval "$(bash '${join(root, 'scripts', 'ensure-node.sh')}')"`,
      'node --version',
      'echo "$npm_config_nodedir"',
      'echo "$PATH" | tr : "\\n" | grep -cxF "$npm_config_nodedir/bin"',
    ].join('\n');
    const result = spawnSync('sh', ['-c', script], {
      encoding: 'utf8',
      env: {
        ...process.env,
        FROTA_NODE_CACHE: cache,
        FROTA_NODE_VERSION: '22.23.5',
        npm_config_registry: 'http://127.0.0.1:9/',
      },
    });
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split('\n')).toEqual(['v22.23.5', dir, '1']);
  });

  it('refuses a version it cannot name, says so, and fails the eval that reads it', () => {
    const result = ensure([], { FROTA_NODE_VERSION: 'latest' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('FROTA_NODE_VERSION must be a major (22) or a version');
    // What `eval "$(…)" && npm install` evaluates: a failure, so npm install does not run.
    expect(result.stdout).toBe('false\n');
  });

  it('leaves PATH alone when the machine already runs a Node that fits', () => {
    const path = `${dirname(process.execPath)}:${process.env.PATH ?? ''}`;
    const result = ensure(['node', '--version'], { FROTA_NODE_VERSION: '', PATH: path });
    expect([result.status, result.stdout.trim()]).toEqual([0, process.version]);
  });
});
