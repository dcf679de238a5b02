import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { saveBrand } from '../support/admin';
import { admin, expectSignedIn, signIn, userMenu } from '../support/session';

test.use({ timezoneId: 'America/Sao_Paulo' });

const background = (locator: Locator) =>
  locator.evaluate((element) => getComputedStyle(element).backgroundColor);

/** Puts the default theme back so the other specs see the default colours. */
async function restoreDefaultTheme(request: APIRequestContext) {
  await saveBrand(request);
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
    // Saved and applied in place (no reload): the app bar wears the new colour.
    await expect.poll(() => background(page.locator('header').first())).toBe('rgb(142, 36, 170)');

    // The app bar hides while the page is scrolled down to the save button.
    await page.evaluate(() => window.scrollTo(0, 0));
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

test('the app name set in the editor names the app everywhere, and saving says so', async ({
  page,
  request,
  browser,
}) => {
  // Two sign-ins, two saves, two languages.
  test.setTimeout(60_000);
  try {
    await page.goto('/login');
    await expect(page.getByText('Frota')).toBeVisible();
    await signIn(page, admin);
    await expectSignedIn(page);
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Tema' }).click();
    await expect(page).toHaveURL(/\/theme$/);

    await page.locator('#theme-title').fill('Rastro Sul');
    // The preview follows the draft: app bar and login card.
    const preview = page.getByTestId('theme-preview');
    await expect(preview.getByText('Rastro Sul')).toHaveCount(2);
    await expect(preview.getByText('Frota')).toHaveCount(0);

    await page.getByTestId('theme-save').click();
    await expect(page.getByText('Tema salvo')).toBeVisible();
    // The running app follows at once: app bar and tab title.
    await expect(page.locator('header').first().getByText('Rastro Sul')).toBeVisible();
    await expect(page).toHaveTitle('Rastro Sul');
    const manifest = await request.get('/tarkan/assets/custom/manifest.json');
    expect(await manifest.json()).toMatchObject({ name: 'Rastro Sul', short_name: 'Rastro Sul' });

    await page.evaluate(() => window.scrollTo(0, 0));
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText('Rastro Sul')).toBeVisible();
    await expect(page.getByText('Frota')).toHaveCount(0);

    // In Spanish too: the name on the driver sign-in, the confirmation in the user language.
    const spanish = await browser.newContext({ locale: 'es-ES', timezoneId: 'America/Sao_Paulo' });
    const es = await spanish.newPage();
    await es.goto('/motorista?locale=es-ES');
    await expect(es.getByText('Acceso del conductor')).toBeVisible();
    await expect(es.getByText('Rastro Sul')).toBeVisible();
    await es.goto('/login?locale=es-ES');
    await signIn(es, admin);
    await expect(es.getByTestId('home-map')).toBeVisible();
    await es.goto('/theme');
    await es.locator('#theme-title').fill('Rastro Sur');
    await es.getByTestId('theme-save').click();
    await expect(es.getByText('Tema guardado')).toBeVisible();
    await expect(es.locator('header').first().getByText('Rastro Sur')).toBeVisible();
    await spanish.close();
  } finally {
    await restoreDefaultTheme(request);
  }
});
