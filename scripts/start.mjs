// npm start: build the web app and compile the server when needed, then run the compiled server.
import { spawn } from 'node:child_process';
import { buildServerIfStale, SERVER_OUTDIR } from './buildServer.mjs';
import { buildWebIfStale } from './webBuild.mjs';

buildWebIfStale();
await buildServerIfStale();

const server = spawn(process.execPath, ['--enable-source-maps', `${SERVER_OUTDIR}/main.js`], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
