import { expect, test, type Locator } from '@playwright/test';
import { saveBrand } from '../support/admin';
import { admin, expectSignedIn, signIn, signInAdmin } from '../support/session';

test.use({ timezoneId: 'America/Sao_Paulo' });

/** Whether two laid-out elements stand clear of each other. */
async function apart(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  if (!boxA || !boxB) throw new Error('not laid out');
  return (
    boxA.x + boxA.width <= boxB.x ||
    boxB.x + boxB.width <= boxA.x ||
    boxA.y + boxA.height <= boxB.y ||
    boxB.y + boxB.height <= boxA.y
  );
}

test("the brand's WhatsApp button leaves the map's zoom buttons usable, on a phone too", async ({
  page,
  request,
}) => {
  await saveBrand(request, '5511988887777');
  try {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/login');
      await signIn(page, admin);
      await expectSignedIn(page);
      await page.goto('/home');
      const fab = page.getByTestId('whatsapp-button');
      await expect(fab).toBeVisible();
      for (const name of ['Aproximar', 'Afastar']) {
        const zoom = page.getByRole('button', { name });
        expect(await apart(fab, zoom), `${name} at ${viewport.width} px`).toBe(true);
        // Playwright clicks only what is not covered.
        await zoom.click({ timeout: 3000 });
      }
      await page.context().clearCookies();
    }
  } finally {
    await saveBrand(request);
    await request.delete('/api/session');
  }
});

test('on a phone the WhatsApp button and a list’s + button are both usable', async ({
  page,
  request,
}) => {
  await saveBrand(request, '5511988887777');
  try {
    await signInAdmin(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/geofence');
    const create = page.getByRole('link', { name: 'Criar' });
    await expect(create).toBeVisible();
    await expect(page.getByTestId('whatsapp-button')).toBeVisible();
    expect(await apart(page.getByTestId('whatsapp-button'), create)).toBe(true);
    // Playwright clicks only what nothing covers.
    await create.click({ timeout: 3000 });
    await expect(page).toHaveURL(/\/geofence\/create$/);
  } finally {
    await saveBrand(request);
  }
});
