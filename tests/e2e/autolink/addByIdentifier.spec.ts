import { expect, test } from '@playwright/test';
import { createUser, signIn, signInAdmin } from '../support/session';

test('a user adds a device by its identifier and sees it', async ({ page, browser }) => {
  await signInAdmin(page);
  const user = await createUser(page.request, 'autolink', {
    name: 'Autolink User',
    password: 'autolink-pass',
    deviceLimit: -1,
  });
  const imei = `35${Date.now()}`;

  const context = await browser.newContext();
  const userPage = await context.newPage();
  await userPage.goto('/login');
  await signIn(userPage, user);
  await expect(userPage).toHaveURL(/\/home$/);
  await userPage.goto('/devices');
  await userPage.getByTestId('autolink-device').click();
  await expect(userPage).toHaveURL(/\/autolink$/);
  await userPage.locator('#autolink-imei').fill(imei);
  await userPage.locator('#autolink-plate').fill('QRS4T56');
  await userPage.locator('#autolink-model').fill('GT06');
  await userPage.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(userPage.getByText('Dispositivo adicionado à sua conta.')).toBeVisible();
  await expect(userPage).toHaveURL(/\/devices\/\d+$/);
  await expect(userPage.getByText('QRS4T56').first()).toBeVisible();
  await context.close();
});
