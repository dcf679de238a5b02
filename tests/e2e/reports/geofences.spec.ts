import { statSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startSmtp } from '../../support/smtp';
import { mailOff, mailThrough } from '../support/admin';
import { apiSignIn, createDevice, mapContainer, osmandUrl, type TestDevice } from '../support/live';

const MINUTE = 60_000;
const CENTER = { lat: -23.55, lon: -46.63 };

/**
 * Two days ago at 10:00 local time: outside the depot, 20 minutes inside it, then out again; the
 * server turns it into one geofenceEnter and one geofenceExit.
 */
async function seedVisit(request: APIRequestContext, device: TestDevice): Promise<void> {
  const day = new Date();
  day.setDate(day.getDate() - 2);
  day.setHours(10, 0, 0, 0);
  const start = day.getTime();
  const fixes = [
    { t: 0, lat: CENTER.lat - 0.02 },
    { t: 5, lat: CENTER.lat - 0.01 },
    { t: 10, lat: CENTER.lat },
    { t: 20, lat: CENTER.lat + 0.0005 },
    { t: 30, lat: CENTER.lat + 0.0002 },
    { t: 35, lat: CENTER.lat + 0.02 },
    { t: 40, lat: CENTER.lat + 0.03 },
  ];
  for (const fix of fixes) {
    const params = new URLSearchParams({
      id: device.uniqueId,
      lat: String(fix.lat),
      lon: String(CENTER.lon),
      timestamp: String(Math.floor((start + fix.t * MINUTE) / 1000)),
      speed: '10',
    });
    const response = await request.get(`${osmandUrl}/?${params}`);
    expect(response.status()).toBe(200);
  }
}

/** Moves to `path` as the app's own links do: no reload, so what the app holds in memory stays. */
async function goWithinApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

async function chooseLast7Days(page: Page) {
  await page.getByLabel('Período').click();
  await page.getByRole('option', { name: 'Últimos 7 dias' }).click();
}

async function chooseDevice(page: Page, name: string) {
  await page.getByTestId('report-devices').locator('input').fill(name);
  await page.getByRole('option', { name }).click();
}

let device: TestDevice;
let fence: { id: number; name: string };

test.beforeEach(async ({ page }) => {
  await apiSignIn(page);
  if (device) return;
  device = await createDevice(page.request, `Cerca ${Date.now()}`);
  const created = await page.request.post('/api/geofences', {
    data: { name: `Pátio ${Date.now()}`, area: `CIRCLE (${CENTER.lat} ${CENTER.lon}, 300)` },
  });
  expect(created.ok()).toBe(true);
  fence = (await created.json()) as { id: number; name: string };
  const linked = await page.request.post('/api/permissions', {
    data: { deviceId: device.id, geofenceId: fence.id },
  });
  expect(linked.status()).toBe(204);
  await seedVisit(page.request, device);
  const from = new Date(Date.now() - 7 * 24 * 3_600_000).toISOString();
  const to = new Date().toISOString();
  await expect
    .poll(async () => {
      const response = await page.request.get(
        `/api/reports/geofences?deviceId=${device.id}&geofenceId=${fence.id}&from=${from}&to=${to}`,
        { headers: { Accept: 'application/json' } },
      );
      return ((await response.json()) as unknown[]).length;
    })
    .toBe(1);
});

test('the geofence report lists the visit with its duration and exports it', async ({ page }) => {
  await page.goto('/reports');
  await page.getByRole('link', { name: /Cercas/ }).click();
  await expect(page).toHaveURL(/\/reports\/geofences$/);

  await page.getByTestId('report-geofences-select').locator('input').fill(fence.name);
  await page.getByRole('option', { name: fence.name }).click();
  await chooseDevice(page, device.name);
  await chooseLast7Days(page);
  await page.getByRole('button', { name: 'Carregar' }).click();

  const table = page.getByRole('table', { name: 'Cercas' });
  for (const header of ['Cerca', 'Dispositivo', 'Entrada', 'Saída', 'Duração']) {
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  }
  const row = table.getByRole('row').filter({ hasText: fence.name });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(1)).toHaveText(device.name);
  // Entered at the 10:10 fix, left at the 10:35 one: 25 minutes inside.
  await expect(row.getByRole('cell').nth(2)).toContainText('10:10');
  await expect(row.getByRole('cell').nth(4)).toHaveText('0:25');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^cercas_.*\.xlsx$/);
  expect(statSync(await download.path()).size).toBeGreaterThan(0);

  // This server has no mailer: no E-mail button promising a mail that would never come.
  await expect(page.getByRole('button', { name: 'Exportar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'E-mail' })).toHaveCount(0);
});

test('with a mailer the report is offered by e-mail, and an account with no address is told', async ({
  page,
}) => {
  const smtp = await startSmtp();
  // The app is open before mail is set up: no E-mail button.
  await page.goto('/reports/geofences');
  await expect(page.getByRole('button', { name: 'Carregar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'E-mail' })).toHaveCount(0);
  await mailThrough(page.request, smtp.url);
  try {
    // Saved on the integrations screen, the open app learns that mail goes now, without a reload.
    await goWithinApp(page, '/integrations');
    await page.getByTestId('integration-email').getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Integração salva')).toBeVisible();
    await goWithinApp(page, '/reports/geofences');
    await page.getByTestId('report-geofences-select').locator('input').fill(fence.name);
    await page.getByRole('option', { name: fence.name }).click();
    await chooseDevice(page, device.name);
    await chooseLast7Days(page);
    // This administrator signs in as a plain `admin`: there is nowhere to send it, and it says so.
    await page.getByRole('button', { name: 'E-mail' }).click();
    await expect(
      page.getByText('Sua conta não tem um endereço de e-mail para envio', { exact: false }),
    ).toBeVisible();
    expect(smtp.mails).toHaveLength(0);
  } finally {
    await mailOff(page.request);
    await smtp.close();
  }
});

test('the combined report draws the route and lists the events', async ({ page }) => {
  await page.goto('/reports');
  await page.getByRole('link', { name: /Combinado/ }).click();
  await expect(page).toHaveURL(/\/reports\/combined$/);
  await chooseDevice(page, device.name);
  await chooseLast7Days(page);
  await page.getByRole('button', { name: 'Carregar' }).click();

  await expect(mapContainer(page)).toHaveAttribute('data-combined-lines', '1');
  const table = page.getByRole('table', { name: 'Eventos' });
  await expect(table.getByRole('row').filter({ hasText: fence.name })).toHaveCount(2);
  await expect(table.getByRole('columnheader', { name: 'Evento' })).toBeVisible();

  // Leaving the report takes its routes off the map.
  await page.getByRole('button', { name: 'Voltar para a lista' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(mapContainer(page)).not.toHaveAttribute('data-combined-lines', /.*/);
});

test('a report is scheduled from its filter, listed, and deleted', async ({ page }) => {
  await page.goto('/reports/resume');
  await chooseDevice(page, device.name);
  await page.getByRole('button', { name: 'Agendar' }).click();
  const dialog = page.getByTestId('schedule-report-dialog');
  await expect(dialog.getByText('Agendar relatório')).toBeVisible();
  // This server sends no mail: the schedule is kept, and the user is told nothing will arrive yet.
  await expect(dialog.getByTestId('no-mail-notice')).toContainText(
    'os relatórios agendados só chegarão depois que um administrador configurar o envio',
  );
  const description = `Resumo diário ${Date.now()}`;
  await dialog.getByLabel('Descrição').fill(description);
  await expect(dialog.getByTestId('schedule-period')).toHaveValue('daily');
  await dialog.getByRole('button', { name: 'Agendar' }).click();
  await expect(page.getByText('Relatório agendado')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Saved with a new daily calendar, the device linked.
  const reports = (await (await page.request.get(`/api/reports?deviceId=${device.id}`)).json()) as {
    id: number;
    type: string;
    description: string;
    calendarId: number;
  }[];
  expect(reports).toHaveLength(1);
  expect(reports[0]).toMatchObject({ type: 'summary', description });
  expect(reports[0].calendarId).toBeGreaterThan(0);

  await page.goto('/reports');
  await page.getByRole('link', { name: /Relatórios agendados/ }).click();
  await expect(page).toHaveURL(/\/scheduled-reports/);
  await expect(page.getByTestId('no-mail-notice')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: description });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Resumo');
  await expect(row).toContainText('Relatório diário');
  await row.click();
  // Undoable: gone from the list at once, from the server once the "Desfazer" toast closes.
  await page.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText(`Relatório agendado ${description} excluído`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: description })).toHaveCount(0);
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/reports?deviceId=${device.id}`)).json()) as [])
          .length,
      { timeout: 15_000 },
    )
    .toBe(0);
});
