import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  BUDGET_KIB,
  gzippedBytes,
  type Page as BudgetPage,
  recordScripts,
} from '../../../scripts/firstLoad.mjs';
import { admin, signIn, userMenu } from '../support/session';

/**
 * What a phone on a slow network downloads before it can work: the sign-in page, and the live map
 * of a visitor with a session, against the budgets (docs/web-app-loading.md). Read twice: from
 * the build (dist/.vite/first-load.json) and from what Chromium really fetches.
 */
const dist = resolve('dist');
const built = JSON.parse(readFileSync(resolve(dist, '.vite/first-load.json'), 'utf8')) as {
  pages: Record<BudgetPage, { files: string[]; bytes: number }>;
};
const kib = (bytes: number) => bytes / 1024;

test('the build keeps the sign-in page and the map within their budgets', () => {
  expect(kib(built.pages.login.bytes)).toBeLessThan(BUDGET_KIB.login);
  expect(kib(built.pages.map.bytes)).toBeLessThan(BUDGET_KIB.map);
  // The sign-in page is a part of every visit: the map reuses all of it.
  expect(built.pages.map.files).toEqual(expect.arrayContaining(built.pages.login.files));
});

test('the sign-in page fetches only its own small script', async ({ page, baseURL }) => {
  const stop = recordScripts(page, baseURL ?? '');
  await page.goto('/login');
  await expect(page.locator('#username')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const files = stop();
  expect(kib(gzippedBytes(dist, files)), files.join(' ')).toBeLessThan(BUDGET_KIB.login);
  // Nothing beyond what the build counted for it (the update offer comes after the page loads).
  const extra = files.filter((file) => !built.pages.login.files.includes(file));
  expect(extra.filter((file) => !/UpdatePrompt|workbox/.test(file))).toEqual([]);
});

test('the map of a signed-in visitor works within its budget; the bar tools follow', async ({
  page,
  baseURL,
}) => {
  await page.goto('/login');
  await signIn(page, admin);
  await expect(userMenu(page)).toBeVisible();

  // A new visit to the map with the session: every script it started fetching before it worked
  // (its markers drawn: the page's own `frota:page-ready` mark).
  await page.goto('/home');
  await page.waitForFunction(
    () => Number(document.querySelector('.leaflet-container')?.getAttribute('data-drawn')) > 0,
  );
  const files = await page.evaluate((origin) => {
    const ready = performance.getEntriesByName('frota:page-ready')[0]?.startTime ?? Infinity;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime <= ready)
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === origin && url.pathname.endsWith('.js'))
      .map((url) => url.pathname.slice(1));
  }, baseURL ?? '');
  expect(files.length).toBeGreaterThan(0);
  expect(kib(gzippedBytes(dist, files)), files.join(' ')).toBeLessThan(BUDGET_KIB.map);
  expect(files.filter((file) => !built.pages.map.files.includes(file))).toEqual([]);

  // The map speaks with its first messages only: no message key shows instead of its text.
  const keyOnScreen = /\b(menu|map|devices|header|filters|categories|reports|shares)\.[a-zA-Z]/;
  expect(await page.locator('body').innerText()).not.toMatch(keyOnScreen);

  // The user menu, weather, mute and refresh come once the map shows its data, and the rest of
  // the messages with them: the user menu names every screen.
  await expect(userMenu(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Silenciar sons de notificação' })).toBeVisible();
  await userMenu(page).click();
  await expect(page.getByRole('menuitem', { name: 'Estatísticas' })).toBeVisible();
  expect(await page.locator('body').innerText()).not.toMatch(keyOnScreen);
});
