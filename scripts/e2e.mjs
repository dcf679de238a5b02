// npm run test:e2e: Chromium present, web app built, then Playwright against a fresh server.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './freePort.mjs';
import { buildWebIfStale } from './webBuild.mjs';

const run = (cmd, args, env = process.env) =>
  spawnSync(cmd, args, { stdio: 'inherit', env }).status ?? 1;

if (run('bash', ['scripts/ensure-chromium.sh']) !== 0) process.exit(1);
buildWebIfStale();
const dataDir = mkdtempSync(join(tmpdir(), 'frota-e2e-'));
const status = run('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  ...process.env,
  E2E_PORT: String(await freePort()),
  E2E_OSMAND_PORT: String(await freePort()),
  E2E_GT06_PORT: String(await freePort()),
  E2E_DATA_DIR: dataDir,
});
rmSync(dataDir, { recursive: true, force: true });
process.exit(status);
