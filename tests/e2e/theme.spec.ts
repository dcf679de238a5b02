import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { admin, expectSignedIn, signIn, userMenu } from './support';

const background = (locator: Locator) =>
  locator.evaluate((element) => getComputedStyle(element).backgroundColor);

/** Puts the default theme back so the other specs see the default colours. */
async function restoreDefaultTheme(request: APIRequestContext) {
  const login = await request.post('/api/session', { form: admin });
  expect(login.status()).toBe(200);
  const saved = await request.put('/tarkan/theme', {
    data: { config: { title: 'Frota', whatsapp: '', headLogo: { image: false, text: 'Frota' } } },
  });
  expect(saved.status()).toBe(200);
  await request.delete('/api/session');
}

test('a theme change made in the editor recolours the login page', async ({ page, request }) => {
  try {
    await page.goto('/login');
    const signInButton = page.locator('button[type="submit"]');
    expect(await background(signInButton)).toBe('rgb(0, 121, 107)');
    await expect(page.getByTestId('whatsapp-button')).toHaveCount(0);

    await signIn(page, admin);
    await expectSignedIn(page);
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Tema' }).click();
    await expect(page).toHaveURL(/\/theme$/);

    await page.locator('#theme-whatsapp').fill('+55 (11) 98888-7777');
    await page.getByRole('tab', { name: 'Cores' }).click();
    const primary = page.locator('input[data-color="--el-color-primary"]');
    await primary.fill('#8e24aa');
    // The preview follows the draft before anything is saved.
    const preview = page.getByTestId('theme-preview');
    await expect
      .poll(() => background(preview.getByRole('button', { name: 'Entrar' })))
      .toBe('rgb(142, 36, 170)');

    await primary.fill('not a colour');
    await page.getByTestId('theme-save').click();
    await expect(page.getByText('Use #rrggbb ou rgba(r, g, b, a)')).toBeVisible();
    await primary.fill('#8e24aa');
    await page.getByTestId('theme-save').click();
    // Saved, then reloaded: the app bar wears the new colour.
    await expect.poll(() => background(page.locator('header').first())).toBe('rgb(142, 36, 170)');

    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect.poll(() => background(signInButton)).toBe('rgb(142, 36, 170)');
    await expect(page.getByTestId('whatsapp-button')).toHaveAttribute(
      'href',
      'https://wa.me/5511988887777',
    );
  } finally {
    await restoreDefaultTheme(request);
  }
  await page.goto('/login');
  expect(await background(page.locator('button[type="submit"]'))).toBe('rgb(0, 121, 107)');
});
