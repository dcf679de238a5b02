// npm run dev: the server (restarting on change) plus Vite's hot-reloading web app proxying to it.
import { spawn } from 'node:child_process';

const serverPort = process.env.PORT ?? '8082';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: serverPort },
  }),
  spawn('npx', ['vite'], {
    stdio: 'inherit',
    env: { ...process.env, FROTA_SERVER_URL: `http://127.0.0.1:${serverPort}` },
  }),
];

function stopAll(code) {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
for (const child of children) child.on('exit', (code) => stopAll(code ?? 1));
