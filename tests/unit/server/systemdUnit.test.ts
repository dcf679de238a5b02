/**
 * The systemd sample (deploy/systemd/frota.service): what an operator relies on when copying it
 * (the compiled server, migrations before it, SIGTERM with time to drain, restarts on failure, a
 * user of its own, the environment file), and, where systemd-analyze is installed, that systemd
 * accepts it without a single complaint. systemd ignores a misspelt key or a bad value with only
 * a warning, so any output at all counts as a failure here.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/server';

const UNIT = readFileSync(path.join(REPO_ROOT, 'deploy/systemd/frota.service'), 'utf8');

/** Each `Key=value` of a section, in order (a key may repeat). */
function section(unit: string, name: string): [string, string][] {
  const entries: [string, string][] = [];
  let current = '';
  for (const raw of unit.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      current = header[1];
      continue;
    }
    const eq = line.indexOf('=');
    if (current === name && eq > 0) entries.push([line.slice(0, eq), line.slice(eq + 1)]);
  }
  return entries;
}

const service = section(UNIT, 'Service');
const values = (key: string) => service.filter(([k]) => k === key).map(([, v]) => v);
const value = (key: string) => values(key).at(-1);

/** Seconds of a systemd time span such as `30s`, `1min 30s` or `90`. */
function seconds(span: string): number {
  const units: Record<string, number> = { '': 1, s: 1, sec: 1, m: 60, min: 60 };
  let total = 0;
  for (const [, amount, unit] of span.matchAll(/(\d+)\s*([a-z]*)/g)) {
    if (!(unit in units)) throw new Error(`unexpected time unit in ${span}`);
    total += Number(amount) * units[unit];
  }
  return total;
}

describe('the systemd sample', () => {
  it('runs the compiled server after its migrations, as a user of its own', () => {
    expect(value('ExecStart')).toMatch(/^\/\S*node --enable-source-maps build\/server\/main\.js$/);
    expect(values('ExecStartPre')).toContainEqual(
      expect.stringMatching(/^\/\S*node --enable-source-maps build\/server\/migrate\.js$/),
    );
    // The instance itself then refuses a schema behind its code rather than migrating.
    expect(values('Environment')).toContain('MIGRATE_ON_START=false');
    expect(value('WorkingDirectory')).toMatch(/^\//);
    expect(value('EnvironmentFile')).toMatch(/^-?\//);
    expect(value('User')).toBe('frota');
  });

  it('stops with SIGTERM, leaving the drain time, and restarts on failure', () => {
    expect(value('KillSignal')).toBe('SIGTERM');
    // The drain takes about 15 s (docs/scaling.md); systemd kills what is left after this.
    const stop = seconds(value('TimeoutStopSec') ?? '90s');
    expect(stop).toBeGreaterThanOrEqual(20);
    expect(stop).toBeLessThanOrEqual(60);
    expect(value('Restart')).toBe('on-failure');
  });
});

const analyze = spawnSync('systemd-analyze', ['--version']).status === 0;

describe.runIf(analyze)('systemd-analyze verify', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'frota-unit-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /**
   * Verifies `unit` as frota.service; systemd checks that the programs exist, so the sample's
   * Node is this machine's.
   */
  function verify(unit: string): { status: number | null; output: string } {
    const file = path.join(dir, 'frota.service');
    writeFileSync(file, unit.replaceAll('/usr/bin/node', process.execPath));
    const result = spawnSync('systemd-analyze', ['verify', file], { encoding: 'utf8' });
    return { status: result.status, output: `${result.stdout}${result.stderr}`.trim() };
  }

  it('accepts the sample without a warning', () => {
    expect(verify(UNIT)).toEqual({ status: 0, output: '' });
  });

  it.each([
    ['a misspelt key', 'KillSignal=SIGTERM', 'KillSignall=SIGTERM'],
    ['a bad value', 'Restart=on-failure', 'Restart=sometimes'],
    ['a bad time span', 'TimeoutStopSec=30s', 'TimeoutStopSec=thirty'],
    ['a program that does not exist', 'ExecStart=/usr/bin/node', 'ExecStart=/nonexistent/node'],
  ])('refuses a unit with %s', (_name, from, to) => {
    expect(UNIT).toContain(from);
    const broken = verify(UNIT.replace(from, to));
    expect(broken.status !== 0 || broken.output !== '').toBe(true);
  });
});
