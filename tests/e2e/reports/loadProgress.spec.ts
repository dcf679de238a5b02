import { expect, test, type Route } from '@playwright/test';
import type { TestDevice } from '../support/live';
import { signInAdmin } from '../support/session';
import { openTrips, tripDevice } from './support';

let device: TestDevice;

test.beforeEach(async ({ page }) => {
  test.setTimeout(180_000);
  await signInAdmin(page);
  device ??= await tripDevice(page.request, `Ferramentas ${Date.now()}`);
});

test('a report load shows how it is going and can be cancelled', async ({ page }) => {
  await openTrips(page, device);
  // The server takes its time with this one: the request is held until the test lets it go.
  const held: { route: Route | null } = { route: null };
  await page.route('**/api/reports/trips?*', (route) => {
    held.route = route;
  });
  const failed = page.waitForEvent('requestfailed', (request) =>
    request.url().includes('/api/reports/trips'),
  );
  await page.getByRole('button', { name: 'Carregar' }).click();
  await expect.poll(() => held.route !== null).toBe(true);

  const progress = page.getByTestId('report-progress-load');
  await expect(progress).toBeVisible();
  const status = progress.getByRole('status');
  await expect(status).toHaveText(/^Preparando o relatório… · \d+:\d\d$/);
  // The elapsed time runs on.
  const seconds = async () => {
    const [minutes, secs] = ((await status.textContent()) ?? '').split(' · ')[1].split(':');
    return Number(minutes) * 60 + Number(secs);
  };
  const before = await seconds();
  await expect.poll(seconds, { timeout: 8_000 }).toBeGreaterThan(before);
  await expect(page.getByRole('button', { name: 'Carregar' })).toBeDisabled();

  await progress.getByRole('button', { name: 'Cancelar' }).click();
  // The browser drops the request (the server then stops the report) and the screen is free.
  expect((await failed).failure()?.errorText).toMatch(/ABORTED/);
  await expect(progress).toBeHidden();
  await expect(page.getByText('Carregamento do relatório cancelado')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Não foi possível' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Carregar' })).toBeEnabled();

  // The next load goes through.
  await page.unroute('**/api/reports/trips?*');
  await page.getByRole('button', { name: 'Carregar' }).click();
  await expect(
    page.getByRole('table', { name: 'Viagens' }).getByRole('row').filter({ hasText: device.name }),
  ).toHaveCount(1);
});
