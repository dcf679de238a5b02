import { expect, test, type Page, type Route } from '@playwright/test';
import { apiSignIn, createDevice, type TestDevice } from '../support/live';
import { chooseLast7Days, seedTrip } from './support';

let device: TestDevice;

test.beforeEach(async ({ page }) => {
  test.setTimeout(180_000);
  await apiSignIn(page);
  if (!device) {
    device = await createDevice(page.request, `Ferramentas ${Date.now()}`);
    await seedTrip(page.request, device);
  }
});

const openTrips = async (page: Page) => {
  await page.goto('/reports/travels');
  await expect(page.getByTestId('report-devices')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('report-devices').locator('input').fill(device.name);
  await page.getByRole('option', { name: device.name }).click();
  await chooseLast7Days(page);
};

test('a report load shows how it is going and can be cancelled', async ({ page }) => {
  await openTrips(page);
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

test('the column chooser shows a hidden column, and the trips report remembers it', async ({
  page,
}) => {
  await openTrips(page);
  await page.getByRole('button', { name: 'Carregar' }).click();
  const table = page.getByRole('table', { name: 'Viagens' });
  await expect(table.getByRole('row').filter({ hasText: device.name })).toHaveCount(1);
  // What fits the panel shows at first; the driver is one switch away.
  await expect(table.getByRole('columnheader', { name: 'Duração' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Motorista' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Colunas' }).click();
  const driver = page.getByRole('switch', { name: 'Motorista' });
  await expect(driver).not.toBeChecked();
  await driver.check();
  // And the duration goes, to make room.
  await page.getByRole('switch', { name: 'Duração' }).uncheck();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: 'Motorista' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Duração' })).toHaveCount(0);

  // A new visit to the report, after a reload, keeps the choice.
  await page.reload();
  await openTrips(page);
  await page.getByRole('button', { name: 'Carregar' }).click();
  await expect(table.getByRole('row').filter({ hasText: device.name })).toHaveCount(1);
  await expect(table.getByRole('columnheader', { name: 'Motorista' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Duração' })).toHaveCount(0);
  // Another report type keeps its own.
  await page.getByRole('button', { name: 'Voltar para a lista' }).click();
  await page.getByRole('link', { name: /Paradas/ }).click();
  await expect(page.getByTestId('report-stops')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('report-devices').locator('input').fill(device.name);
  await page.getByRole('option', { name: device.name }).click();
  await chooseLast7Days(page);
  await page.getByRole('button', { name: 'Carregar' }).click();
  const stops = page.getByRole('table', { name: 'Paradas' });
  await expect(stops.getByRole('columnheader', { name: 'Duração' })).toBeVisible();
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
