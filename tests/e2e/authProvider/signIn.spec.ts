import { expect, test } from '@playwright/test';
import { admin, expectSignedIn, signIn, userMenu } from '../support/session';

test('remember me keeps the user signed in across a browser restart, without storing the password', async ({
  browser,
}) => {
  const first = await browser.newContext();
  const page = await first.newPage();
  await page.goto('/login');
  await signIn(page, { ...admin, remember: true });
  await expect(page).toHaveURL(/\/home$/);
  await expectSignedIn(page);

  const state = await first.storageState();
  const stored = JSON.stringify(state.origins);
  expect(stored).not.toContain(admin.password);
  await first.close();

  // A browser restart forgets cookies without an expiry and keeps local storage.
  const restarted = await browser.newContext({
    storageState: { ...state, cookies: state.cookies.filter((cookie) => cookie.expires > 0) },
  });
  const again = await restarted.newPage();
  await again.goto('/home');
  await expectSignedIn(again);
  await expect(again).toHaveURL(/\/home$/);
  await restarted.close();
});

test('without remember me, a browser restart asks to sign in again', async ({ browser }) => {
  const first = await browser.newContext();
  const page = await first.newPage();
  await page.goto('/login');
  await signIn(page, admin);
  await expectSignedIn(page);
  const state = await first.storageState();
  await first.close();

  const restarted = await browser.newContext({
    storageState: { ...state, cookies: state.cookies.filter((cookie) => cookie.expires > 0) },
  });
  const again = await restarted.newPage();
  await again.goto('/home');
  await expect(again).toHaveURL(/\/login\?to=%2Fhome$/);
  await restarted.close();
});

test('a wrong password shows the Portuguese message', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, { email: admin.email, password: 'not-the-password' });
  await expect(page.getByText('Combinação de usuário e senha inválida.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('empty fields ask to fill them in', async ({ page }) => {
  await page.goto('/login');
  await page.locator('button[type="submit"]').click();
  await expect(page.getByText('Por favor, preencha todos os campos.')).toBeVisible();
});

test('?locale=en-US shows English and ?locale=es-ES Spanish', async ({ page }) => {
  await page.goto('/login?locale=en-US');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await signIn(page, { email: admin.email, password: 'wrong-again' });
  await expect(page.getByText('Invalid username and password combination.')).toBeVisible();

  await page.goto('/login?locale=es-ES');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
});

test('a protected path round-trips through /login?to=', async ({ page }) => {
  await page.goto('/home?expand=true');
  await expect(page).toHaveURL(/\/login\?to=%2Fhome%3Fexpand%3Dtrue$/);
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/home\?expand=true$/);
});

test('an unknown path leads to /home', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, admin);
  await expectSignedIn(page);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/home$/);
});

test('driver paths go to /motorista?to= when signed out', async ({ page }) => {
  await page.goto('/qr-driver/scan/7');
  await expect(page).toHaveURL(/\/motorista\?to=%2Fqr-driver%2Fscan%2F7$/);
});

test('logout ends the session and the remembered token', async ({ page, context }) => {
  await page.goto('/login');
  await signIn(page, { ...admin, remember: true });
  await expectSignedIn(page);
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login/);
  const state = await context.storageState();
  expect(JSON.stringify(state.origins)).not.toContain('frota.rememberToken');
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login\?to=%2Fhome$/);
});
