import { expect, test, type Page } from '@playwright/test';
import { centerOf, createDevice, report } from '../support/live';
import { signInAdmin } from '../support/session';

/** An operator on a phone: the menu is a drawer over the map, closed once an entry is chosen. */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('the phone menu opens over the map and closes on the chosen screen', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/home');
  await expect(page.getByTestId('home-map')).toBeVisible();
  // Closed at first: the map has the whole width.
  await expect(page.getByRole('menuitem', { name: 'Dispositivos' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Abrir menu' }).tap();
  const entry = page.getByRole('menuitem', { name: 'Dispositivos' });
  await expect(entry).toBeVisible();
  await entry.tap();
  await expect(page).toHaveURL(/\/devices$/);
  await expect(page.getByTestId('device-list')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Dispositivos' })).toHaveCount(0);
});

/**
 * How wide the document is against the phone's screen: wider means the whole page slides
 * sideways. The screen is the viewport asked for: a mobile browser widens its own window to
 * take in a page that is too wide.
 */
const widths = async (page: Page) => ({
  page: await page.evaluate(() => document.documentElement.scrollWidth),
  screen: page.viewportSize()?.width ?? 0,
});

test('the map and a management table fit the phone; what is wider scrolls in its own box', async ({
  page,
}) => {
  await signInAdmin(page);
  await createDevice(page.request, 'E2E Phone Width Car');
  await page.goto('/home');
  await expect(page.getByTestId('counter-moving')).toBeAttached();
  let measured = await widths(page);
  expect(measured.page).toBeLessThanOrEqual(measured.screen);
  // The last status counter is reached by sliding the counters' row, and still filters.
  await page.getByTestId('counter-moving').tap();
  await expect(page.getByTestId('counter-moving')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('counter-moving').tap();

  await page.goto('/device-admin');
  // Its rows are in (the device above makes at least one, wherever it sorts among the rest).
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  measured = await widths(page);
  expect(measured.page).toBeLessThanOrEqual(measured.screen);
  // The list's own buttons stay on screen beside the table.
  await expect(page.getByRole('button', { name: 'Exportar' })).toBeInViewport();
});

test('a device opened by its address is shown above its sheet, wherever it is', async ({
  page,
}) => {
  await signInAdmin(page);
  const device = await createDevice(page.request, 'E2E Phone Opened Van');
  // In Recife, 2,000 km from where the map opens with no saved position.
  await report(page.request, device.uniqueId, -8.05, -34.9);
  // As a reload, a shared address or a notification opens it.
  await page.goto(`/devices/${device.id}`);
  await expect(page.getByTestId('device-detail')).toBeVisible();
  // The middle of the map the sheet leaves uncovered is the device.
  await expect
    .poll(async () => {
      const [lat, lon] = await centerOf(page);
      return Math.abs(lat + 8.05) < 0.001 && Math.abs(lon + 34.9) < 0.001;
    })
    .toBe(true);
});
