import { expect, test } from '@playwright/test';
import { saveButton } from '../support/admin';
import { signInAdmin, userMenu } from '../support/session';

const XSS = '<img src=x onerror=alert(1)>';

test('a device edit shows in its logs with old and new values as plain text', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signInAdmin(page);
  const uniqueId = `e2e-logs-${Date.now()}`;
  const created = await page.request.post('/api/devices', {
    data: { name: 'Logs Truck', uniqueId },
  });
  expect(created.status()).toBe(200);
  const device = (await created.json()) as { id: number };
  // A write the server refuses is logged too, and reads as refused.
  const refused = await page.request.put(`/api/devices/${device.id}`, {
    data: { id: device.id, name: '', uniqueId },
  });
  expect(refused.status()).toBe(400);

  // The edit goes through the management form.
  await page.goto(`/device-admin/${device.id}`);
  const name = page.getByLabel('Nome', { exact: true });
  await expect(name).toHaveValue('Logs Truck');
  await name.fill(`Logs Truck ${XSS}`);
  await saveButton(page).click();
  await expect(page).toHaveURL(/\/device-admin$/);

  await page.goto(`/device-admin/${device.id}`);
  await page.getByTestId('logs-button').click();
  await expect(page).toHaveURL(new RegExp(`/logs/devices/${device.id}$`));
  const row = page.getByTestId('log-row').filter({ hasText: 'Dispositivo alterado' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('admin');
  await expect(row.getByTestId('log-result')).toHaveText('Concluído (200)');
  const refusal = page
    .getByTestId('log-row')
    .filter({ hasText: 'Alteração de dispositivo recusada' });
  await expect(refusal.getByTestId('log-result')).toHaveText('Recusado (400)');
  await row.click();

  const diff = page.getByTestId('log-diff');
  await expect(diff).toContainText(`~ name: "Logs Truck" → "Logs Truck ${XSS}"`);
  await expect(page.getByRole('dialog').locator('img')).toHaveCount(0);
  expect(dialogs).toEqual([]);
  await page.getByRole('button', { name: 'Fechar' }).click();

  // Search narrows the table; the creation record is there too.
  await page.getByTestId('logs-search').fill('onerror');
  await expect(page.getByTestId('log-row')).toHaveCount(1);
  await page.getByTestId('logs-search').fill('');
  await expect(page.getByTestId('log-row').filter({ hasText: 'Dispositivo criado' })).toHaveCount(
    1,
  );

  // The server-wide view is in the user menu.
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: 'Registros' }).click();
  await expect(page).toHaveURL(/\/logs$/);
  await expect(page.getByTestId('log-row').first()).toBeVisible();
  expect(dialogs).toEqual([]);
});
