// npm run migrate: compile the server when needed, then apply the pending migrations and exit.
import { spawnSync } from 'node:child_process';
import { buildServerIfStale, SERVER_OUTDIR } from './buildServer.mjs';

await buildServerIfStale();
const result = spawnSync(
  process.execPath,
  ['--enable-source-maps', `${SERVER_OUTDIR}/migrate.js`],
  {
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
