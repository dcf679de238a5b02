import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInAdmin } from '../support/admin';
import { createDevice, osmandUrl, type TestDevice } from '../support/live';
import { typeDate, userMenu } from '../support/session';

test.use({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });

const WEEK = 7 * 24 * 3_600_000;

/** Fixes of the device over the last minutes, oldest first, as a tracker reports them. */
async function seedFixes(request: APIRequestContext, device: TestDevice, count: number) {
  for (let i = count; i >= 1; i--) {
    const params = new URLSearchParams({
      id: device.uniqueId,
      lat: String(-23.55 + i * 0.001),
      lon: '-46.63',
      speed: '10',
      timestamp: String(Math.floor(Date.now() / 1000) - i * 60),
    });
    expect((await request.get(`${osmandUrl}/?${params}`)).status()).toBe(200);
  }
}

async function historyCount(page: Page, device: TestDevice): Promise<number> {
  const from = new Date(Date.now() - WEEK).toISOString();
  const to = new Date(Date.now() + 3_600_000).toISOString();
  const response = await page.request.get(
    `/api/positions?deviceId=${device.id}&from=${from}&to=${to}`,
  );
  return ((await response.json()) as unknown[]).length;
}

test.beforeEach(async ({ page }) => {
  await signInAdmin(page);
});

test('the statistics page shows today’s counts, formatted, with totals', async ({ page }) => {
  const device = await createDevice(page.request, `Estatística ${Date.now()}`);
  await seedFixes(page.request, device, 2);

  await page.goto('/home');
  await userMenu(page).click();
  // Devices keep reporting while the test runs: the page must show exactly what it was answered.
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/statistics');
  await page.getByRole('menuitem', { name: 'Estatísticas' }).click();
  await expect(page).toHaveURL(/\/statistics$/);
  const table = page.getByTestId('statistics-table');
  await expect(table.getByRole('columnheader', { name: 'Posições gravadas' })).toBeVisible();
  const rows = page.getByTestId('statistics-row');
  await expect(rows.first()).toBeVisible();

  // Today's row, as the server answered the page: the stored positions in pt-BR digits. A row is
  // the server's day (UTC here): between 21:00 and midnight in São Paulo that is already the next
  // date, and the page names the server's day, not the browser's.
  const stats = (await (await answered).json()) as {
    captureTime: string;
    messagesStored: number;
  }[];
  const today = stats[stats.length - 1];
  expect(today.messagesStored).toBeGreaterThanOrEqual(2);
  expect(today.captureTime.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
  const todayRow = rows.last();
  await expect(todayRow.getByRole('cell').nth(0)).toHaveText(
    today.captureTime.slice(0, 10).split('-').reverse().join('/'),
  );
  await expect(todayRow.getByRole('cell').nth(5)).toHaveText(
    new Intl.NumberFormat('pt-BR').format(today.messagesStored),
  );
  await expect(page.getByTestId('statistics-total')).toContainText('Total');

  // A period that ends before it starts is refused on the page.
  await typeDate(page.getByRole('group', { name: 'Até' }), '01012020');
  await expect(page.getByText('O fim deve ser depois do início')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mostrar' })).toBeDisabled();
});

test('an announcement is confirmed and shows on the chosen user’s screen', async ({
  page,
  browser,
}) => {
  const email = `maria-${Date.now()}@frota.test`;
  const created = await page.request.post('/api/users', {
    data: { name: 'Maria Aviso', email, password: 'maria-secret-1' },
  });
  expect(created.status()).toBe(200);
  // Maria has the app open.
  const maria = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const mariaPage = await maria.newPage();
  const signedIn = await mariaPage.request.post('/api/session', {
    form: { email, password: 'maria-secret-1' },
  });
  expect(signedIn.ok()).toBe(true);
  const socketOpen = mariaPage.waitForEvent('websocket');
  await mariaPage.goto('/home');
  await socketOpen;

  await page.goto('/home');
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: 'Comunicados' }).click();
  await expect(page).toHaveURL(/\/announcements$/);
  await page.getByLabel('Destinatários').fill('Maria Aviso');
  await page.getByRole('option', { name: new RegExp(`Maria Aviso \\(${email}\\)`) }).click();
  await expect(page.getByLabel('Canal')).toContainText('No aplicativo');
  await page.getByLabel('Assunto').fill('Manutenção programada');
  await page.getByLabel('Mensagem').fill('O sistema para às 22h de hoje.');

  const sent = page.waitForRequest(
    (request) =>
      request.method() === 'POST' && request.url().includes('/api/notifications/send/web'),
  );
  await page.getByRole('button', { name: 'Enviar' }).click();
  const dialog = page.getByTestId('announcement-confirm');
  await expect(dialog).toContainText('Enviar este comunicado?');
  await expect(dialog).toContainText(
    '“Manutenção programada” vai por No aplicativo para 1 usuário.',
  );
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  const request = await sent;
  expect(request.postDataJSON()).toEqual({
    subject: 'Manutenção programada',
    body: 'O sistema para às 22h de hoje.',
  });
  await expect(page.getByText('Comunicado enviado')).toBeVisible();
  await expect(page.getByLabel('Assunto')).toHaveValue('');
  await expect(mariaPage.getByText('Manutenção programada')).toBeVisible();
  await expect(mariaPage.getByText('O sistema para às 22h de hoje.')).toBeVisible();
  await maria.close();
});

test('the route report exports the shown route and deletes a point, then the period', async ({
  page,
}) => {
  const device = await createDevice(page.request, `Rota ${Date.now()}`);
  await seedFixes(page.request, device, 3);
  await expect.poll(() => historyCount(page, device)).toBe(3);

  await page.goto('/reports/history');
  await page.getByTestId('report-device').locator('input').fill(device.name);
  await page.getByRole('option', { name: device.name }).click();
  await page.getByLabel('Período').click();
  await page.getByRole('option', { name: 'Últimos 7 dias' }).click();
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
