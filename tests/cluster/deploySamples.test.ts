import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HAPROXY_SAMPLE } from '../support/haproxy';
import { REPO_ROOT } from '../support/server';

/**
 * The balancer samples operators copy (deploy/README.md) are accepted by the programs they are
 * for, as Debian ships them. The HAProxy one also runs in front of a cluster in
 * `rollingRestart.test.ts`.
 */

const ensure = (program: string) => {
  const installed = spawnSync('bash', ['scripts/ensure-cluster-services.sh', program], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (installed.status !== 0) throw new Error(`${program} is missing and could not be installed`);
};

const run = (command: string, args: string[], env: Record<string, string> = {}) => {
  const result = spawnSync(command, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
};

describe('deployment samples', () => {
  it('HAProxy accepts deploy/haproxy/haproxy.cfg with its variables set', () => {
    ensure('haproxy');
    const env: Record<string, string> = {
      FROTA_BIND: '127.0.0.1',
      FROTA_WEB_PORT: '18082',
      FROTA_OSMAND_PORT: '15055',
      FROTA_GT06_PORT: '15023',
    };
    for (const n of [1, 2]) {
      env[`FROTA_${n}_HOST`] = `10.0.0.1${n}`;
      env[`FROTA_${n}_WEB_PORT`] = '8082';
      env[`FROTA_${n}_OSMAND_PORT`] = '5055';
      env[`FROTA_${n}_GT06_PORT`] = '5023';
    }
    const checked = run('haproxy', ['-c', '-f', HAPROXY_SAMPLE], env);
    expect(checked.output).toMatch(/Configuration file is valid/);
    expect(checked.status).toBe(0);
  });

  it('nginx accepts deploy/nginx/frota.conf', () => {
    ensure('nginx');
    const sample = path.join(REPO_ROOT, 'deploy/nginx/frota.conf');
    const checked = run('nginx', ['-t', '-c', sample]);
    expect(checked.output).toMatch(/test is successful/);
    expect(checked.status).toBe(0);
  });
});
