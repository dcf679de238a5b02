/**
 * The sample HAProxy configuration (`deploy/haproxy/haproxy.cfg`) run as it is in front of a
 * test cluster: the file reads its ports from the environment, which this fills in. Debian's
 * HAProxy is installed when missing (`scripts/ensure-cluster-services.sh`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort, REPO_ROOT, type TestServer } from './server';
import { waitFor } from './cluster';

export const HAPROXY_SAMPLE = path.join(REPO_ROOT, 'deploy/haproxy/haproxy.cfg');

export interface TestHaproxy {
  webUrl: string;
  osmandUrl: string;
  gt06Port: number;
  /** Its log (one line per request and connection, checks going up and down). */
  readonly lines: string[];
  close(): Promise<void>;
}

/** The sample's environment for two instances (each with its own GT06 port). */
export async function haproxyEnv(
  instances: readonly TestServer[],
  ports: { web: number; osmand: number; gt06: number },
): Promise<Record<string, string>> {
  if (instances.length !== 2) throw new Error('the sample names two instances');
  const env: Record<string, string> = {
    FROTA_BIND: '127.0.0.1',
    FROTA_WEB_PORT: String(ports.web),
    FROTA_OSMAND_PORT: String(ports.osmand),
    FROTA_GT06_PORT: String(ports.gt06),
  };
  instances.forEach((server, i) => {
    env[`FROTA_${i + 1}_HOST`] = '127.0.0.1';
    env[`FROTA_${i + 1}_WEB_PORT`] = String(server.port);
    env[`FROTA_${i + 1}_OSMAND_PORT`] = String(server.osmandPort);
    env[`FROTA_${i + 1}_GT06_PORT`] = String(server.devicePort('gt06'));
  });
  return env;
}

export async function startHaproxy(instances: readonly TestServer[]): Promise<TestHaproxy> {
  const installed = spawnSync('bash', ['scripts/ensure-cluster-services.sh', 'haproxy'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (installed.status !== 0) throw new Error('HAProxy is missing and could not be installed');
  const ports = { web: await freePort(), osmand: await freePort(), gt06: await freePort() };
  const env = await haproxyEnv(instances, ports);
  const child: ChildProcess = spawn('haproxy', ['-f', HAPROXY_SAMPLE, '-db'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)));
  }
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const webUrl = `http://127.0.0.1:${ports.web}`;
  await waitFor(async () => {
    if (child.exitCode !== null) throw new Error(`haproxy exited\n${lines.join('\n')}`);
    const res = await fetch(`${webUrl}/api/health/ready`).catch(() => null);
    return res?.status === 200 ? true : undefined;
  }, 15_000);
  return {
    webUrl,
    osmandUrl: `http://127.0.0.1:${ports.osmand}`,
    gt06Port: ports.gt06,
    lines,
    async close() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
