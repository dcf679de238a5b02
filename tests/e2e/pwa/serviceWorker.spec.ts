import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page, type Response } from '@playwright/test';
import { startServer, TEST_ADMIN } from '../../support/server';
import { signIn } from '../support/session';

/**
 * The installable app (docs/web-app-updates.md): the service worker keeps the built app shell, and
 * a deploy reaches an open tab as an offer to reload.
 */

/** Waits until the page is controlled by the service worker (first visit: installed, then reload). */
async function underServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload();
  }
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

const entryScript = (page: Page) =>
  page.locator('script[type="module"][src]').first().getAttribute('src');

const entryOf = (html: string) => /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];

test('a second visit opens the app shell from the service worker, never an API answer', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.locator('#username')).toBeVisible();
  await underServiceWorker(page);

  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  await page.goto('/login');
  await expect(page.locator('#username')).toBeVisible();

  const entry = await entryScript(page);
  const script = responses.find((r) => new URL(r.url()).pathname === entry);
  expect(script?.fromServiceWorker()).toBe(true);
  const pageResponse = responses.find((r) => r.request().isNavigationRequest());
  expect(pageResponse?.fromServiceWorker()).toBe(true);
  // The page is the server's own answer: under the app's policy, named for this host's brand.
  expect(pageResponse?.headers()['content-security-policy']).toContain("script-src 'self'");

  const apiCalls = responses.filter((r) => /\/(api|tarkan)\//.test(new URL(r.url()).pathname));
  expect(apiCalls.length).toBeGreaterThan(0);
  expect(apiCalls.filter((r) => r.fromServiceWorker()).map((r) => r.url())).toEqual([]);

  // The worker stored the built files only: no API answer, no uploaded media.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
    }
    return urls;
  });
  expect(cached).toContain(entry);
  expect(cached).toContain('/index.html');
  expect(cached.filter((path) => /^\/(api|tarkan)(\/|$)/.test(path))).toEqual([]);
});

/** `vite build` of this checkout into `outDir`, told apart by FROTA_BUILD_ID. */
function buildInto(outDir: string, buildId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npx',
      ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      { env: { ...process.env, FROTA_BUILD_ID: buildId }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build failed (${code}): ${errors}`)),
    );
  });
}

/** Replaces the served files with the new build's, as a deploy does. */
function deploy(from: string, webDir: string) {
  for (const entry of readdirSync(webDir)) rmSync(join(webDir, entry), { recursive: true });
  cpSync(from, webDir, { recursive: true });
}

test('a deploy is offered to the open tab, and accepting reloads into the new version', async ({
  browser,
}) => {
  // One extra build of the app (about 10-20 s on a busy machine) and a server of its own.
  test.setTimeout(180_000);
  const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
  const buildId = `e2e-${Date.now()}`;
  const webDir = mkdtempSync(join(tmpdir(), 'frota-web-'));
  const nextBuild = mkdtempSync(join(tmpdir(), 'frota-next-web-'));
  cpSync('dist', webDir, { recursive: true });
  const [server] = await Promise.all([
    startServer({ env: { WEB_DIR: webDir, LOG_LEVEL: 'warn' } }),
    buildInto(nextBuild, buildId),
  ]);
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'pt-BR',
    viewport: { width: 1280, height: 800 },
  });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.locator('#username')).toBeVisible();
    await underServiceWorker(page);
    const oldEntry = await entryScript(page);
    const newEntry = entryOf(readFileSync(join(nextBuild, 'index.html'), 'utf8'));
    expect(newEntry).toBeTruthy();
    expect(newEntry).not.toBe(oldEntry);

    deploy(nextBuild, webDir);
    // What the hourly and tab-visible checks do.
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const offer = page.getByText('Uma nova versão do aplicativo está disponível.');
    await expect(offer).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Recarregar agora' })).toBeVisible();

    // A tab opened after the deploy already runs the new build: nothing to offer, no reload.
    const fresh = await context.newPage();
    await fresh.goto('/login');
    await expect(fresh.locator('#username')).toBeVisible();
    expect(await entryScript(fresh)).toBe(newEntry);
    await expect
      .poll(() =>
        fresh.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return registration?.waiting !== null && registration?.waiting !== undefined;
        }),
      )
      .toBe(true);
    await fresh.evaluate(() => {
      (window as Window & { notReloaded?: boolean }).notReloaded = true;
    });
    await fresh.waitForTimeout(2_000);
    await expect(fresh.getByText('Uma nova versão do aplicativo está disponível.')).toHaveCount(0);

    // The offer speaks the language chosen in the app.
    await page.locator('#language').selectOption({ label: 'Español' });
    await expect(
      page.getByText('Hay una nueva versión de la aplicación disponible.'),
    ).toBeVisible();

    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Recargar ahora' }).click();
    await reloaded;
    await expect(page.locator('#username')).toBeVisible();
    expect(await entryScript(page)).toBe(newEntry);
    await expect(page.getByText('Hay una nueva versión de la aplicación disponible.')).toHaveCount(
      0,
    );
    // The tab already on the new build kept its state.
    expect(
      await fresh.evaluate(() => (window as Window & { notReloaded?: boolean }).notReloaded),
    ).toBe(true);

    await signIn(page, TEST_ADMIN);
    await expect(page.getByText(`Versión ${version}+${buildId}`)).toBeVisible();

    // The server gone: the shell still opens from the worker and says the server is unreachable,
    // whether nothing answers or a reverse proxy in front answers 502.
    await server.halt();
    await page.goto('/home');
    await expect(page).toHaveURL(/\/maintenance$/);
    expect(await entryScript(page)).toBe(newEntry);
    const proxy = createServer((_request, response) => {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end('<!doctype html><title>502 Bad Gateway</title><h1>Bad Gateway</h1>');
    });
    await new Promise<void>((resolve) => proxy.listen(server.port, '127.0.0.1', resolve));
    try {
      await page.goto('/reports');
      await expect(page).toHaveURL(/\/maintenance$/);
      await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible();
    } finally {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
  } finally {
    await context.close();
    await server.stop();
    rmSync(webDir, { recursive: true, force: true });
    rmSync(nextBuild, { recursive: true, force: true });
  }
});
