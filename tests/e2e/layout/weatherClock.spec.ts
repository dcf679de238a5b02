import { expect, test } from '@playwright/test';
import { signInAdmin } from '../support/session';

test('the clock shows alone when the weather lookup fails', async ({ page }) => {
  await page.route(/ipify|ipwho|open-meteo/, (route) => route.abort());
  await signInAdmin(page);
  await page.goto('/home');
  await expect(page.getByTestId('clock')).toBeVisible();
  await expect(page.getByTestId('clock')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  await expect(page.getByTestId('weather-now')).toHaveCount(0);
});
