// What the Chromium benchmarks share: a server of their own on a fresh database, child processes
// stopped on exit, and Debian's Chromium.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { freePort } from '../scripts/freePort.mjs';
import { buildWebIfStale } from '../scripts/webBuild.mjs';

export const ADMIN = { email: 'admin', password: 'bench-password' };
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const log = (line) => console.log(`[bench] ${line}`);

const children = [];
process.on('exit', () =>
  children.forEach((child) => child.exitCode === null && child.kill('SIGTERM')),
);
process.on('SIGINT', () => process.exit(130));
process.on('SIGTERM', () => process.exit(143));

/** A child process with piped output, stopped when the bench exits. */
export const startChild = (cmd, args, env) => {
  const child = spawn(cmd, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
};

/** Builds the web app if needed and starts the server on free ports; resolves once healthy. */
export async function startBenchServer() {
  buildWebIfStale();
  const port = await freePort();
  const osmandPort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'frota-bench-'));
  const server = startChild('node', ['--import', 'tsx', 'server/main.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    OSMAND_PORT: String(osmandPort),
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_DEVICES: '0',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  });
  server.stderr.on('data', (chunk) => process.stderr.write(chunk));
  for (let i = 0; ; i += 1) {
    if (i > 120) throw new Error('server did not start');
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    await sleep(500);
  }
  const stop = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, osmandPort, stop };
}

export const launchChromium = (extraArgs = []) =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', ...extraArgs],
  });
