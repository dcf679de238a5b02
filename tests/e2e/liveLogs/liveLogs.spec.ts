import { expect, test, type APIRequestContext } from '@playwright/test';
import { createDevice, osmandUrl } from '../support/live';
import { signInAdmin, userMenu } from '../support/session';

test.use({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });

/** A message as a tracker sends it; unknown devices are refused but still logged. */
async function send(request: APIRequestContext, uniqueId: string, marker: string) {
  const params = new URLSearchParams({
    id: uniqueId,
    lat: '-23.55',
    lon: '-46.63',
    timestamp: String(Math.floor(Date.now() / 1000)),
    marker,
  });
  await request.get(`${osmandUrl}/?${params}`);
}

test.beforeEach(async ({ page }) => {
  await signInAdmin(page);
});

test('as mensagens dos dispositivos aparecem ao vivo, com pausa e limpeza', async ({ page }) => {
  const device = await createDevice(page.request, `Mensagens ${Date.now()}`);
  const ghost = `desconhecido-${Date.now()}`;

  await page.goto('/home');
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: 'Mensagens dos dispositivos' }).click();
  await expect(page).toHaveURL(/\/live-logs$/);
  await expect(
    page.getByRole('heading', { name: 'Mensagens dos dispositivos', level: 1 }),
  ).toBeVisible();
  for (const header of ['Recebida', 'Endereço', 'Protocolo', 'Dispositivo', 'Sentido', 'Dados']) {
    await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
  }

  // The page asks for logs once its socket is open; resend until the first one shows.
  const rows = page.getByTestId('live-log-row');
  const known = rows.filter({ hasText: device.name });
  await expect(async () => {
    await send(page.request, device.uniqueId, 'primeira');
    await expect(known.first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  const row = known.first();
  await expect(row.getByRole('cell').nth(1)).toHaveText('127.0.0.1');
  await expect(row.getByRole('cell').nth(2)).toHaveText('osmand');
  await expect(row.getByRole('cell').nth(4).getByRole('img')).toHaveAccessibleName(
    'Recebida do dispositivo',
  );
  await expect(row.getByRole('cell').nth(5)).toContainText(
    `GET /?id=${device.uniqueId}&lat=-23.55`,
  );
  await expect(row.getByRole('cell').nth(0)).toHaveText(/^\d{2}:\d{2}:\d{2}$/);

  await send(page.request, ghost, 'fantasma');
  const unknown = rows.filter({ hasText: ghost });
  await expect(unknown).toHaveCount(1);
  await expect(unknown.getByText('Dispositivo desconhecido')).toBeVisible();

  // Paused: new messages are not shown; cleared, the table waits; resumed, they show again.
  await page.getByRole('button', { name: 'Pausar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Pausado: novas mensagens não são exibidas');
  await send(page.request, device.uniqueId, 'pausada');
  await page.waitForTimeout(800);
  await expect(rows.filter({ hasText: 'marker=pausada' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Limpar' }).click();
  await expect(rows).toHaveCount(0);
  await expect(page.getByTestId('live-log-count')).toHaveCount(0);
  await expect(
    page.getByRole('cell', { name: 'Pausado: novas mensagens não são exibidas' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Limpar' })).toBeDisabled();

  await page.getByRole('button', { name: 'Retomar' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await send(page.request, device.uniqueId, 'retomada');
  await expect(rows.filter({ hasText: 'marker=retomada' })).toHaveCount(1);
  await expect(page.getByTestId('live-log-count')).toHaveText(/^\d+ mensage(m|ns)$/);
});
