import { expect, test } from '@playwright/test';
import type { TestDevice } from '../support/live';
import { signInAdmin } from '../support/session';
import { chooseDevice, chooseLast7Days, openTrips, tripDevice } from './support';

let device: TestDevice;

test.beforeEach(async ({ page }) => {
  test.setTimeout(180_000);
  await signInAdmin(page);
  device ??= await tripDevice(page.request, `Ferramentas ${Date.now()}`);
});

test('the column chooser shows a hidden column, and the trips report remembers it', async ({
  page,
}) => {
  await openTrips(page, device);
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
  await openTrips(page, device);
  await page.getByRole('button', { name: 'Carregar' }).click();
  await expect(table.getByRole('row').filter({ hasText: device.name })).toHaveCount(1);
  await expect(table.getByRole('columnheader', { name: 'Motorista' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Duração' })).toHaveCount(0);
  // Another report type keeps its own.
  await page.getByRole('button', { name: 'Voltar para a lista' }).click();
  await page.getByRole('link', { name: /Paradas/ }).click();
  await expect(page.getByTestId('report-stops')).toBeVisible({ timeout: 30_000 });
  await chooseDevice(page, device.name);
  await chooseLast7Days(page);
  await page.getByRole('button', { name: 'Carregar' }).click();
  const stops = page.getByRole('table', { name: 'Paradas' });
  await expect(stops.getByRole('columnheader', { name: 'Duração' })).toBeVisible();
});
