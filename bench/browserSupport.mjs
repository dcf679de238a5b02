// What the Chromium benchmarks share: a server of their own on a fresh database, child processes
// stopped on exit, and Debian's Chromium.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import WebSocket from 'ws';
import { freePort } from '../scripts/freePort.mjs';
import { buildWebIfStale } from '../scripts/webBuild.mjs';

export const ADMIN = { email: 'admin', password: 'bench-password' };
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const log = (line) => console.log(`[bench] ${line}`);

const children = [];
// A child a bench stopped (SIGSTOP) only acts on SIGTERM once continued.
process.on('exit', () =>
  children.forEach((child) => {
    if (child.exitCode !== null) return;
    child.kill('SIGCONT');
    child.kill('SIGTERM');
  }),
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

/**
 * Builds the web app if needed and starts the server on free ports; resolves once healthy.
 * `devices`: that many of the simulator's devices are written into the database first
 * (`bench/seedFleet.ts`), so the simulator finds them instead of creating them one request each.
 */
export async function startBenchServer({ devices = 0 } = {}) {
  buildWebIfStale();
  const port = await freePort();
  const osmandPort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'frota-bench-'));
  if (devices > 0) {
    const seed = startChild('node', [
      '--import',
      'tsx',
      'bench/seedFleet.ts',
      '--devices',
      String(devices),
      '--data-dir',
      dataDir,
      '--email',
      ADMIN.email,
      '--password',
      ADMIN.password,
    ]);
    seed.stdout.on('data', (chunk) => process.stdout.write(chunk));
    seed.stderr.on('data', (chunk) => process.stderr.write(chunk));
    const code = await new Promise((done) => seed.on('exit', done));
    if (code !== 0) throw new Error(`seeding ${devices} devices failed (exit ${code})`);
  }
  const server = startChild('node', ['--import', 'tsx', 'server/main.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    OSMAND_PORT: String(osmandPort),
    // The map benches feed OsmAnd only: the hardware protocols' ports stay closed.
    ...Object.fromEntries(
      ['GT06', 'H02', 'GPS103', 'TK103', 'SUNTECH', 'TELTONIKA', 'GL200', 'JT808'].map((name) => [
        `${name}_PORT`,
        'off',
      ]),
    ),
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

/** Removes a directory some process may still be writing into for a moment. */
async function removeWhenFree(dir) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      rmSync(dir, { recursive: true, force: true });
      return;
    } catch (error) {
      if (attempt >= 20) throw error;
      await sleep(250);
    }
  }
}

/**
 * A Chromium on a fresh profile driven over a bare DevTools connection: only `Page.*` commands and
 * `Runtime.evaluate` cross it, as with a browser nobody is debugging. Two things set it apart from
 * a page under Playwright:
 * - Playwright cannot leave out its network tracking, which copies every WebSocket frame to the
 *   driver (a 25 MB greeting with 50,000 devices) on the browser's main thread;
 * - Playwright turns on the `Runtime` domain, and with it V8 records where every error object is
 *   created: an error created inside a bundled library's one big function (React DOM makes one as
 *   it loads) then costs a new parse of that function, 55–90 ms of the page's first script that
 *   an operator's browser never spends.
 * `evaluate(expression)` resolves to the value of an expression (awaited when it is a promise).
 */
export async function openPlainChromium({ lang = 'pt-BR' } = {}) {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'frota-bench-profile-'));
  // Its own process group, so its helper processes (renderer, GPU, crash handler) stop with it.
  const browser = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      '--window-size=1440,900',
      `--lang=${lang}`,
      'about:blank',
    ],
    { stdio: 'ignore', detached: true },
  );
  const stopBrowser = () => {
    try {
      process.kill(-browser.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  process.once('exit', stopBrowser);
  const close = async () => {
    // Chromium's processes write the profile until they have all exited.
    const exited = new Promise((resolve) => browser.once('exit', resolve));
    if (browser.exitCode === null && browser.signalCode === null) {
      stopBrowser();
      await exited;
    }
    process.off('exit', stopBrowser);
    await removeWhenFree(profile);
  };
  try {
    let page;
    for (let i = 0; !page; i += 1) {
      if (i > 100) throw new Error('Chromium did not start');
      await sleep(100);
      const targets = await fetch(`http://127.0.0.1:${port}/json/list`)
        .then((r) => r.json())
        .catch(() => []);
      page = targets.find((target) => target.type === 'page');
    }
    const socket = new WebSocket(page.webSocketDebuggerUrl, { maxPayload: 1 << 30 });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    let sequence = 0;
    const answers = new Map();
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      answers.get(message.id)?.(message);
      answers.delete(message.id);
    });
    const send = (method, params) =>
      new Promise((resolve) => {
        sequence += 1;
        answers.set(sequence, resolve);
        socket.send(JSON.stringify({ id: sequence, method, params }));
      });
    const evaluate = async (expression) => {
      const { result, error } = await send('Runtime.evaluate', {
        expression,
        awaitPromise: true,
        returnByValue: true,
      });
      if (error || result.exceptionDetails) {
        throw new Error(JSON.stringify(error ?? result.exceptionDetails));
      }
      return result.result.value;
    };
    return {
      send,
      evaluate,
      close: async () => {
        socket.close();
        await close();
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Signs in on `browser` (an `openPlainChromium`) and resolves to the milliseconds from the click
 * to `done` (a page expression) turning true, timed in the page.
 */
export async function timeSignIn(browser, { base, email, password, done }) {
  const { send, evaluate } = browser;
  await send('Page.navigate', { url: `${base}/login` });
  // The sign-in page works (its mark), then the form is filled as React reads it and sent.
  for (let i = 0; ; i += 1) {
    if (i > 600) throw new Error('the sign-in page did not load');
    const ready = await evaluate(
      `performance.getEntriesByName('frota:page-ready').length > 0`,
    ).catch(() => false);
    if (ready) break;
    await sleep(50);
  }
  const ms = await evaluate(`(async () => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    for (const [id, value] of ${JSON.stringify([
      ['username', email],
      ['password', password],
    ])}) {
      const input = document.getElementById(id);
      setValue.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const start = performance.now();
    document.querySelector('button[type="submit"]').click();
    return new Promise((resolve) => {
      const check = () => {
        if ((${done})()) resolve(performance.now() - start);
        else if (performance.now() - start > 120000) resolve(-1);
        else requestAnimationFrame(check);
      };
      check();
    });
  })()`);
  if (ms < 0) throw new Error('the signed-in page did not get there within 2 minutes');
  return ms;
}
