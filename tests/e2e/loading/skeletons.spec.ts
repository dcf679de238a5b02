import { expect, test, type Route } from '@playwright/test';
import { signInAdmin } from '../support/session';

test.beforeEach(async ({ page }) => {
  test.setTimeout(180_000);
  await signInAdmin(page);
});

test('a screen whose code is on its way shows its shapes, not an empty page', async ({ page }) => {
  await page.goto('/reports');
  // The first page of a freshly started server may take a while on a busy machine.
  await expect(page.getByTestId('reports-chooser')).toBeVisible({ timeout: 60_000 });
  // A report panel: its shapes stand where the panel will be, over the map.
  const held: { route: Route | null } = { route: null };
  await page.route('**/assets/ReportViewPanel-*.js', (route) => {
    held.route = route;
  });
  await page.getByRole('link', { name: /Paradas/ }).click();
  await expect.poll(() => held.route !== null).toBe(true);
  const panel = page.getByTestId('panel-skeleton');
  await expect(panel).toBeVisible();
  await expect(panel).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByTestId('home-map')).toBeVisible();
  await held.route?.continue();
  await expect(page.getByTestId('report-stops')).toBeVisible({ timeout: 30_000 });
  await expect(panel).toHaveCount(0);

  // A page of its own: title and rows in shape.
  const statistics: { route: Route | null } = { route: null };
  await page.route('**/assets/StatisticsPage-*.js', (route) => {
    statistics.route = route;
  });
  await page.goto('/statistics', { waitUntil: 'commit' });
  await expect.poll(() => statistics.route !== null, { timeout: 60_000 }).toBe(true);
  await expect(page.getByTestId('page-skeleton')).toBeVisible();
  await statistics.route?.continue();
  await expect(page.getByTestId('statistics-table')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('page-skeleton')).toHaveCount(0);
});
