import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createDevice, mapContainer, reportRecentFixes, type TestDevice } from '../support/live';
import { signInAdmin } from '../support/session';
import { chooseLast7Days, tripDevice } from './support';

const WEEK = 7 * 24 * 3_600_000;

async function historyCount(page: Page, device: TestDevice): Promise<number> {
  const from = new Date(Date.now() - WEEK).toISOString();
  const to = new Date(Date.now() + 3_600_000).toISOString();
  const response = await page.request.get(
    `/api/positions?deviceId=${device.id}&from=${from}&to=${to}`,
  );
  return ((await response.json()) as unknown[]).length;
}

let device: TestDevice;

test.beforeEach(async ({ page }) => {
  await signInAdmin(page);
  device ??= await tripDevice(page.request, `Relatório ${Date.now()}`);
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

test.describe('in São Paulo', () => {
  test.use({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });

  test('the route report exports the shown route and deletes a point, then the period', async ({
    page,
  }) => {
    const device = await createDevice(page.request, `Rota ${Date.now()}`);
    await reportRecentFixes(page.request, device, 3);
    await expect.poll(() => historyCount(page, device)).toBe(3);

    await page.goto('/reports/history');
    await page.getByTestId('report-device').locator('input').fill(device.name);
    await page.getByRole('option', { name: device.name }).click();
    await chooseLast7Days(page);
    await page.getByRole('button', { name: 'Carregar' }).click();
    await expect(page.getByTestId('playback')).toBeVisible();

    // GPX of the shown route, as the server writes it.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar rota' }).click();
    await page.getByRole('menuitem', { name: 'GPX (aparelhos GPS)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('positions.gpx');
    const gpx = readFileSync(await download.path(), 'utf8');
    expect(gpx).toContain(`<name>${device.name}</name>`);
    expect(gpx.match(/<trkpt /g)).toHaveLength(3);

    // The current point (the first, before playback) goes after a confirmation.
    await page.getByRole('button', { name: 'Excluir este ponto' }).click();
    const confirm = page.getByTestId('position-delete-confirm');
    await expect(confirm).toContainText('Excluir esta posição?');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    expect(await historyCount(page, device)).toBe(3);
    await page.getByRole('button', { name: 'Excluir este ponto' }).click();
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Posições excluídas')).toBeVisible();
    await expect.poll(() => historyCount(page, device)).toBe(2);

    // The whole period shown.
    await page.getByRole('button', { name: 'Excluir o período' }).click();
    await expect(confirm).toContainText('2 posições de');
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect.poll(() => historyCount(page, device)).toBe(0);
    await expect(page.getByText('Nenhuma rota para o período selecionado.')).toBeVisible();
  });
});
