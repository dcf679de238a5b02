import { expect, test } from '@playwright/test';
import { saveButton } from '../support/admin';
import { createDevice, report } from '../support/live';
import { createUser, signInAdmin } from '../support/session';

const HOUR_MS = 3_600_000;

// An operator whose interface is in Portuguese on a browser set to English: the browser's own
// number inputs read "99,90" as 9990 there.
test.use({ locale: 'en-US' });

test.beforeEach(async ({ page }) => {
  await signInAdmin(page);
});

test('a money field takes the decimal comma: 99,90 saves R$ 99,90, not R$ 9.990,00', async ({
  page,
}) => {
  const { id } = await createUser(page.request, 'money', {
    name: 'E2E Money',
    password: 'money-pass',
  });

  await page.goto(`/users/${id}/billing?locale=pt-BR`);
  const price = page.getByRole('textbox', { name: 'Valor', exact: true });
  await price.fill('99,90');
  await price.blur();
  // Shown back in the locale's format, two decimals for money.
  await expect(price).toHaveValue('99,90');
  await saveButton(page).click();
  await expect(page).toHaveURL(/\/users$/);
  const saved = (await (await page.request.get(`/api/users/${id}`)).json()) as {
    attributes: Record<string, unknown>;
  };
  expect(saved.attributes['tarkan.billingPrice']).toBe(9990);

  // Opened again, the stored cents read back as reais.
  await page.goto(`/users/${id}/billing`);
  await expect(page.getByRole('textbox', { name: 'Valor', exact: true })).toHaveValue('99,90');
});

test('a decimal field refuses what is not a number instead of guessing', async ({ page }) => {
  const { id } = await createUser(page.request, 'bad', { name: 'E2E Bad', password: 'money-pass' });
  await page.goto(`/users/${id}/billing?locale=pt-BR`);
  const price = page.getByRole('textbox', { name: 'Valor', exact: true });
  await price.fill('99,9x');
  await price.blur();
  await saveButton(page).click();
  await expect(page.getByText('Informe um número')).toBeVisible();
  // Not saved: the form stays open.
  await expect(page).toHaveURL(new RegExp(`/users/${id}/billing(\\?|$)`));
});

test('the odometer tab writes the figures in the user’s format and sets them from typed decimals', async ({
  page,
}) => {
  const device = await createDevice(page.request, 'E2E Odometer');
  await report(page.request, device.uniqueId, -23.55, -46.63);
  const set = await page.request.put(`/api/devices/${device.id}/accumulators`, {
    data: { deviceId: device.id, totalDistance: 19_900, hours: Math.round(4151.1 * HOUR_MS) },
  });
  expect(set.status(), await set.text()).toBe(204);

  await page.goto(`/device-admin/${device.id}/odometer?locale=pt-BR`);
  await expect(page.getByTestId('odometer-current')).toHaveText(
    'Atual: 19,9 km, 4.151,1 horas de motor',
  );
  await page.getByLabel('Novo odômetro (km)').fill('20,5');
  await page.getByRole('button', { name: 'Salvar odômetro' }).click();
  await expect(page.getByTestId('odometer-current')).toHaveText(
    'Atual: 20,5 km, 4.151,1 horas de motor',
  );
});
