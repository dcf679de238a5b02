import { expect, test } from '@playwright/test';
import { signInAdmin, signInNewCustomer } from '../support/session';

/**
 * The map's buttons fetch their tooltip's code on the first hover: the first click, landing
 * while that code arrives, must still open the menu, and the hover then names the button.
 */
test("the map's buttons answer the first click and name themselves on hover", async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/home');
  const prefs = page.getByRole('button', { name: 'Preferências do mapa' });
  const button = await prefs.boundingBox();
  await prefs.click();
  const clusters = page.getByRole('menuitem', { name: 'Agrupar marcadores próximos' });
  await expect(clusters).toBeVisible();
  // The menu opens under its button, not at the page's corner.
  const menu = await page.getByRole('menu').filter({ has: clusters }).boundingBox();
  expect(Math.abs(menu!.y - (button!.y + button!.height))).toBeLessThan(40);
  await page.keyboard.press('Escape');
  await expect(clusters).toHaveCount(0);

  await page.getByRole('button', { name: 'Camada do mapa' }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('Camada do mapa');
  await page.mouse.move(5, 400);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
});

test('the base layer chosen is saved on the user', async ({ page, request }) => {
  const customer = await signInNewCustomer(page, request);
  await page.goto('/home');
  await page.getByRole('button', { name: 'Camada do mapa' }).click();
  const osm = page.getByRole('menuitem', { name: 'Mapa OpenStreetMap' });
  await osm.click();
  await expect(osm).toHaveCount(0);
  await expect
    .poll(
      async () => ((await (await page.request.get('/api/session')).json()) as { map: string }).map,
    )
    .toBe('openstreet');
  const saved = (await (await page.request.get(`/api/users/${customer.id}`)).json()) as {
    map: string;
  };
  expect(saved.map).toBe('openstreet');
});
