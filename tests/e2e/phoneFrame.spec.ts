import { expect, test } from '@playwright/test';
import { signInAdmin } from './adminSupport';

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
