import { statSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiSignIn, createDevice, mapContainer, type TestDevice } from '../support/live';
import { chooseLast7Days, MINUTE, seedTrip } from './support';

let device: TestDevice;

test.beforeEach(async ({ page }) => {
  await apiSignIn(page);
  if (!device) {
    device = await createDevice(page.request, `Relatório ${Date.now()}`);
    await seedTrip(page.request, device);
  }
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

test('route history draws the route and plays it back', async ({ page }) => {
  await page.goto('/reports/history');
  await page.getByTestId('report-device').locator('input').fill(device.name);
  await page.getByRole('option', { name: device.name }).click();
  await chooseLast7Days(page);
  await page.getByRole('button', { name: 'Carregar' }).click();

  const playback = page.getByTestId('playback');
  await expect(playback).toBeVisible();
  await expect(mapContainer(page)).toHaveAttribute('data-route-points', /^[1-9]\d*$/);
  await expect(page.getByTestId('route-chart').locator('canvas')).toBeVisible();
  await expect(playback).toHaveAttribute('data-index', '0');

  // Each speed says how long the 45-minute track takes at it: 45 s at 60×, 4:30 at 10×.
  await page.getByRole('combobox', { name: 'Velocidade de reprodução' }).click();
  await expect(page.getByRole('option', { name: /^60×/ })).toHaveText('60×reproduz em 0:45');
  await expect(page.getByRole('option', { name: /^10×/ })).toHaveText('10×reproduz em 4:30');
  await page.getByRole('option', { name: /^1800×/ }).click();
  await expect(playback).toHaveAttribute('data-speed', '1800');
  await page.getByRole('button', { name: 'Reproduzir' }).click();
  await expect
    .poll(async () => Number(await playback.getAttribute('data-index')))
    .toBeGreaterThan(5);
  await expect(mapContainer(page)).toHaveAttribute('data-route-cursor', /^[1-9]\d*$/);
  await expect
    .poll(async () =>
      Number(
        await page
          .getByRole('slider', { name: 'Posição da reprodução' })
          .getAttribute('aria-valuenow'),
      ),
    )
    .toBeGreaterThan(0);

  // At 1800× the route plays to its end in 1.5 s and stops there.
  await expect(playback).toHaveAttribute('data-playing', 'false', { timeout: 20_000 });
  const last = Number(await playback.getAttribute('data-index'));
  expect(last).toBeGreaterThan(5);

  // Scrubbing to the start moves the cursor back.
  await page.getByRole('slider', { name: 'Posição da reprodução' }).focus();
  await page.keyboard.press('Home');
  await expect(playback).toHaveAttribute('data-index', '0');

  // At 1× a pause holds the cursor where it is.
  await page.getByRole('combobox', { name: 'Velocidade de reprodução' }).click();
  await page.getByRole('option', { name: /^1×/ }).click();
  await page.getByRole('button', { name: 'Reproduzir' }).click();
  await page.getByRole('button', { name: 'Pausar' }).click();
  await expect(playback).toHaveAttribute('data-playing', 'false');
  const paused = await playback.getAttribute('data-index');
  await page.waitForTimeout(1_500);
  await expect(playback).toHaveAttribute('data-index', paused ?? '');
});

test('an empty period says there is no route', async ({ page }) => {
  await page.goto('/history');
  await page.getByTestId('report-device').locator('input').fill(device.name);
  await page.getByRole('option', { name: device.name }).click();
  await page.getByRole('button', { name: 'Carregar' }).click(); // today: nothing seeded
  await expect(page.getByTestId('report-empty')).toHaveText(
    'Nenhuma rota para o período selecionado.',
  );
});
