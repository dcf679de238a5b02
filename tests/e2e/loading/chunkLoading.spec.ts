import { expect, test, type Page, type Route } from '@playwright/test';
import { signInAdmin, userMenu } from '../support/session';

/**
 * A screen's code arrives the first time it is opened. On a bad connection the operator sees a
 * progress bar, then, after a failed download or two minutes, a message and a retry that works.
 */
const STATISTICS_CHUNK = '**/assets/StatisticsPage-*.js';

const openStatistics = async (page: Page) => {
  await page.goto('/home');
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: 'Estatísticas' }).click();
};

test.beforeEach(async ({ page }) => {
  await signInAdmin(page);
});

test('a screen whose code fails to download says so and loads on retry', async ({ page }) => {
  let failures = 0;
  await page.route(STATISTICS_CHUNK, async (route) => {
    failures += 1;
    await route.abort('internetdisconnected');
  });
  await openStatistics(page);
  await expect(
    page.getByText('Não foi possível carregar esta tela. Verifique sua conexão e tente novamente.'),
  ).toBeVisible();
  expect(failures).toBe(1);

  await page.unroute(STATISTICS_CHUNK);
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByTestId('statistics-table')).toBeVisible();
});

test('after two minutes without the code the wait ends with a message; retry loads it', async ({
  page,
}) => {
  let held: Route | null = null;
  await page.route(STATISTICS_CHUNK, (route) => {
    held = route;
  });
  await page.clock.install();
  await openStatistics(page);
  await expect.poll(() => held !== null).toBe(true);
  await expect(page.getByTestId('chunk-loading')).toBeVisible();

  // Well under the limit it still waits (the fake clock also runs on by itself meanwhile); past
  // it, the message.
  await page.clock.runFor(100_000);
  await expect(page.getByTestId('chunk-loading')).toBeVisible();
  await expect(page.getByTestId('chunk-failed')).toHaveCount(0);
  await page.clock.runFor(21_000);
  await expect(
    page.getByText(
      'Esta tela está demorando demais para carregar (mais de 2 minutos). Verifique sua conexão e tente novamente.',
    ),
  ).toBeVisible();

  // The connection comes back (the held download goes on): the retry shows the screen.
  await page.unroute(STATISTICS_CHUNK);
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByTestId('statistics-table')).toBeVisible();
});
