import { statSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { mapContainer, type TestDevice } from '../support/live';
import { signInAdmin } from '../support/session';
import { chooseLast7Days, MINUTE, tripDevice } from './support';

let device: TestDevice;

test.beforeEach(async ({ page }) => {
  await signInAdmin(page);
  device ??= await tripDevice(page.request, `Relatório ${Date.now()}`);
});

test('the trips report shows the seeded trip with its h:mm duration, and exports', async ({
  page,
}) => {
  // The duration the server computes, as the table must show it (h:mm).
  const from = new Date(Date.now() - 7 * 24 * 3_600_000).toISOString();
  const to = new Date().toISOString();
  await expect
    .poll(async () => {
      const response = await page.request.get(
        `/api/reports/trips?deviceId=${device.id}&from=${from}&to=${to}`,
        { headers: { Accept: 'application/json' } },
      );
      return ((await response.json()) as unknown[]).length;
    })
    .toBe(1);
  const [trip] = (await (
    await page.request.get(`/api/reports/trips?deviceId=${device.id}&from=${from}&to=${to}`, {
      headers: { Accept: 'application/json' },
    })
  ).json()) as { duration: number }[];
  const minutes = Math.floor(trip.duration / MINUTE);
  const duration = `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;

  await page.goto('/home');
  await page.getByRole('menuitem', { name: 'Relatórios' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await page.getByRole('link', { name: /Viagens/ }).click();
  await expect(page).toHaveURL(/\/reports\/travels$/);

  await page.getByTestId('report-devices').locator('input').fill(device.name);
  await page.getByRole('option', { name: device.name }).click();
  await chooseLast7Days(page);
  await page.getByRole('button', { name: 'Carregar' }).click();

  const table = page.getByRole('table', { name: 'Viagens' });
  const row = table.getByRole('row').filter({ hasText: device.name });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(5)).toHaveText(duration);
  expect(duration).toMatch(/^\d+:\d{2}$/);
  await expect(table.getByRole('columnheader', { name: 'Duração' })).toBeVisible();

  // Widened on a full-HD screen, the panel shows every column at once: the last one ends
  // inside it.
  await page.setViewportSize({ width: 1920, height: 1080 });
  const panel = page.getByTestId('report-travels');
  await panel.getByRole('button', { name: 'Expandir' }).click();
  await expect(panel).toHaveAttribute('data-expanded', 'true');
  await expect
    .poll(async () => {
      const [frame, last] = await Promise.all([
        panel.boundingBox(),
        table.getByRole('columnheader').last().boundingBox(),
      ]);
      return frame && last ? frame.x + frame.width - (last.x + last.width) : -1;
    })
    .toBeGreaterThanOrEqual(0);
  await panel.getByRole('button', { name: 'Recolher' }).click();
  await expect(panel).toHaveAttribute('data-expanded', 'false');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Export: the same report as a spreadsheet, under the server's file name.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const path = await download.path();
  expect(statSync(path).size).toBeGreaterThan(0);

  // A row opens its segment on the map.
  await row.click();
  await expect(mapContainer(page)).toHaveAttribute('data-route-points', /^[1-9]\d*$/);
});
