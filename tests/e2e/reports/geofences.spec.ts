import { statSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { startSmtp } from '../../support/smtp';
import { mailOff, mailThrough } from '../support/admin';
import { signInAdmin } from '../support/session';
import { chooseDevice, chooseLast7Days, type GeofenceVisit, seedGeofenceVisit } from './support';

/** Moves to `path` as the app's own links do: no reload, so what the app holds in memory stays. */
async function goWithinApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

let visit: GeofenceVisit;

test.beforeEach(async ({ page }) => {
  await signInAdmin(page);
  visit ??= await seedGeofenceVisit(page.request);
});

test('the geofence report lists the visit with its duration and exports it', async ({ page }) => {
  await page.goto('/reports');
  await page.getByRole('link', { name: /Cercas/ }).click();
  await expect(page).toHaveURL(/\/reports\/geofences$/);

  await page.getByTestId('report-geofences-select').locator('input').fill(visit.fence.name);
  await page.getByRole('option', { name: visit.fence.name }).click();
  await chooseDevice(page, visit.device.name);
  await chooseLast7Days(page);
  await page.getByRole('button', { name: 'Carregar' }).click();

  const table = page.getByRole('table', { name: 'Cercas' });
  for (const header of ['Cerca', 'Dispositivo', 'Entrada', 'Saída', 'Duração']) {
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  }
  const row = table.getByRole('row').filter({ hasText: visit.fence.name });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(1)).toHaveText(visit.device.name);
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
    await page.getByTestId('report-geofences-select').locator('input').fill(visit.fence.name);
    await page.getByRole('option', { name: visit.fence.name }).click();
    await chooseDevice(page, visit.device.name);
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
