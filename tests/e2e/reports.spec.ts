import { statSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSignIn, createDevice, mapContainer, osmandUrl, type TestDevice } from './liveSupport';

const MINUTE = 60_000;

/**
 * A known day for a new device, two days ago at 09:00 local time: parked 10 min, a 20-minute drive
 * north at 30 kn (fixes every 30 s), parked 15 min. The server's trip detection (min 200 m,
 * 180 s) turns it into one trip.
 */
async function seedTrip(request: APIRequestContext, device: TestDevice): Promise<void> {
  const day = new Date();
  day.setDate(day.getDate() - 2);
  day.setHours(9, 0, 0, 0);
  const start = day.getTime();
  const fixes: { time: number; lat: number; speed: number; ignition: boolean }[] = [];
  let lat = -23.55;
  for (let t = 0; t <= 10 * MINUTE; t += 2 * MINUTE)
    fixes.push({ time: start + t, lat, speed: 0, ignition: false });
  for (let t = 30_000; t <= 20 * MINUTE; t += 30_000) {
    lat += 0.004; // ≈ 445 m per 30 s ≈ 29 kn
    fixes.push({ time: start + 10 * MINUTE + t, lat, speed: 29, ignition: true });
  }
  for (let t = 2 * MINUTE; t <= 15 * MINUTE; t += MINUTE)
    fixes.push({ time: start + 30 * MINUTE + t, lat, speed: 0, ignition: false });
  for (const fix of fixes) {
    const params = new URLSearchParams({
      id: device.uniqueId,
      lat: String(fix.lat),
      lon: '-46.63',
      timestamp: String(Math.floor(fix.time / 1000)),
      speed: String(fix.speed),
      ignition: String(fix.ignition),
    });
    const response = await request.get(`${osmandUrl}/?${params}`);
    expect(response.status()).toBe(200);
  }
}

async function chooseLast7Days(page: Page) {
  await page.getByLabel('Período').click();
  await page.getByRole('option', { name: 'Últimos 7 dias' }).click();
}

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

  await page.getByRole('combobox', { name: 'Velocidade de reprodução' }).click();
  await page.getByRole('option', { name: '20×' }).click();
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

  // At 20× the route plays to its end and stops there (on a busy machine, before any click).
  await expect(playback).toHaveAttribute('data-playing', 'false', { timeout: 20_000 });
  const last = Number(await playback.getAttribute('data-index'));
  expect(last).toBeGreaterThan(5);

  // Scrubbing to the start moves the cursor back.
  await page.getByRole('slider', { name: 'Posição da reprodução' }).focus();
  await page.keyboard.press('Home');
  await expect(playback).toHaveAttribute('data-index', '0');

  // At 1× a pause holds the cursor where it is.
  await page.getByRole('combobox', { name: 'Velocidade de reprodução' }).click();
  await page.getByRole('option', { name: '1×' }).click();
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
