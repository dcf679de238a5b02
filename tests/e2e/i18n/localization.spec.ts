import { expect, test } from '@playwright/test';
import { createDevice, report } from '../support/live';
import { signInAdmin } from '../support/session';

/** A browser in São Paulo (the server runs in UTC), reading the app in its three languages. */
test.use({ timezoneId: 'America/Sao_Paulo' });

test('?locale= is remembered, and MUI and Leaflet speak the chosen language', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/home?locale=es-ES');
  await expect(page.getByRole('button', { name: 'Acercar' })).toBeVisible();
  await page.goto('/home');
  await expect(page.getByRole('button', { name: 'Acercar' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');

  await page.goto('/home?locale=pt-BR');
  await expect(page.getByRole('button', { name: 'Aproximar' })).toBeVisible();
  // The geofence editor's own map speaks it too.
  await page.goto('/geofence/create');
  await expect(
    page.getByTestId('geofence-map').getByRole('button', { name: 'Aproximar' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zoom in' })).toHaveCount(0);
  await page.goto('/reports/travels');
  await expect(page.getByRole('button', { name: 'Abrir' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open' })).toHaveCount(0);

  await page.goto('/home?locale=en-US');
  await expect(page.getByRole('button', { name: 'Zoom in' })).toBeVisible();
});

test('a plate typed without its hyphen finds the vehicle; the panel formats by locale', async ({
  page,
}) => {
  await signInAdmin(page);
  const device = await createDevice(page.request, 'DZY-4502');
  // OsmAnd speed is knots on the wire: 10 kn = 18.52 km/h.
  await report(page.request, device.uniqueId, -23.55, -46.63, {
    speed: 10,
    power: 13.96,
    odometer: 236_287_040,
  });
  await page.goto('/devices?locale=pt-BR');
  await page.getByTestId('device-search').fill('dzy4502');
  await expect(page.getByTestId('device-row').filter({ hasText: 'DZY-4502' })).toBeVisible();
  await page.getByTestId('device-search').fill('');

  await page.goto(`/devices/${device.id}`);
  await expect(page.getByTestId('detail-speed')).toHaveText(/19 km\/h/);
  await expect(page.getByTestId('detail-power')).toContainText('13,96 V');
  await expect(page.getByTestId('detail-odometer')).toContainText('236.287,0 km');

  await page.goto(`/devices/${device.id}?locale=en-US`);
  await expect(page.getByTestId('detail-power')).toContainText('13.96 V');
  await expect(page.getByTestId('detail-odometer')).toContainText('236,287.0 km');
});

test("a report's period is written in the chosen language, whatever the browser's", async ({
  page,
}) => {
  // The browser here speaks English; its own date inputs would write 11/27/2026, 12:00 AM.
  await signInAdmin(page);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' })
    .format(new Date())
    .split('-');
  const [year, month, day] = today;
  await page.goto('/reports/history?locale=es-ES');
  const from = page.getByTestId('report-from');
  await expect(from.getByRole('group', { name: 'Desde' })).toBeVisible();
  await expect(from.getByRole('spinbutton', { name: 'Día' })).toHaveText(day);
  await expect(from).toContainText(`${day}/${month}/${year} 00:00`);
  await expect(page.getByTestId('report-to')).toContainText(`${day}/${month}/${year} 23:59`);

  await page.goto('/reports/history?locale=en-US');
  await expect(page.getByTestId('report-from')).toContainText(`${month}/${day}/${year} 12:00 AM`);

  // Typed in the language's order (day first in Portuguese), it is the period the report asks.
  await page.goto('/reports/history?locale=pt-BR');
  const to = page.getByRole('group', { name: 'Até' });
  await to.getByRole('spinbutton').first().click();
  await page.keyboard.type('01022030');
  await expect(page.getByTestId('report-to')).toContainText('01/02/2030 23:59');
  await expect(page.getByRole('combobox', { name: 'Período' })).toContainText('Personalizado');
});

test('every menu entry shows its whole name in each language', async ({ page }) => {
  await signInAdmin(page);
  for (const locale of ['pt-BR', 'es-ES', 'en-US']) {
    await page.goto(`/home?locale=${locale}`);
    const entries = page.locator('a.MuiMenuItem-root');
    await expect(entries.first()).toBeVisible();
    const cut = await entries.evaluateAll((links) =>
      links.flatMap((link) => {
        const name = link.querySelector('.MuiTypography-root');
        return name && name.scrollWidth > name.clientWidth ? [name.textContent] : [];
      }),
    );
    expect(cut, locale).toEqual([]);
  }
});

test("the sign-in page's language label sits in the field's outline, clear of the language", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'es-ES' });
  const page = await context.newPage();
  try {
    await page.goto('/login');
    const select = page.getByRole('combobox', { name: 'Idioma' });
    await expect(select).toHaveValue('es-ES');
    const label = page.locator('label[for="language"]');
    const [box, text] = [await select.boundingBox(), await label.boundingBox()];
    if (!box || !text) throw new Error('language field not laid out');
    // On the outline: the label's middle at the box's top edge, not inside over "Español".
    expect(Math.abs(text.y + text.height / 2 - box.y)).toBeLessThanOrEqual(4);
  } finally {
    await context.close();
  }
});
