import { expect, test } from '@playwright/test';
import { expectSignedIn, signIn, signInAdmin, userMenu } from '../support/session';

test('a reseller signs in, opens /reseller, creates a user and sees the limit used', async ({
  page,
  browser,
}) => {
  const stamp = Date.now();
  const reseller = { email: `reseller-${stamp}@frota.test`, password: 'reseller-pass-1' };
  await signInAdmin(page);
  const created = await page.request.post('/api/users', {
    data: {
      name: 'E2E Revenda',
      ...reseller,
      attributes: {
        'tarkan.reseller': true,
        'tarkan.subReseller': false,
        'tarkan.domainReseller': `r${stamp}.example.com`,
        'tarkan.limitReseller': 3,
      },
    },
  });
  expect(created.ok()).toBe(true);

  const context = await browser.newContext();
  const own = await context.newPage();
  await own.goto('/login');
  await signIn(own, reseller);
  await expectSignedIn(own);
  await userMenu(own).click();
  await own.getByRole('menuitem', { name: 'Revenda' }).click();
  await expect(own).toHaveURL(/\/reseller$/);
  await expect(own.getByTestId('reseller-domain')).toHaveText(`r${stamp}.example.com`);
  await expect(own.getByTestId('reseller-usage')).toHaveText('Usuários: 0 de 3');

  await own.getByRole('button', { name: 'Novo usuário' }).click();
  const dialog = own.getByRole('dialog');
  // A name the server refuses: the message shows, and what was typed stays to be corrected.
  await dialog.getByLabel('Nome').fill('Al');
  await dialog.getByLabel('E-mail').fill(`cliente-${stamp}@frota.test`);
  await dialog.getByLabel('Senha').fill('cliente-pass-1');
  await dialog.getByRole('button', { name: 'Criar' }).click();
  await expect(own.getByText('Digite um nome e sobrenome')).toBeVisible();
  await expect(dialog.getByLabel('E-mail')).toHaveValue(`cliente-${stamp}@frota.test`);
  await expect(dialog.getByLabel('Senha')).toHaveValue('cliente-pass-1');
  await dialog.getByLabel('Nome').fill('Cliente Um');
  await dialog.getByRole('button', { name: 'Criar' }).click();

  await expect(own.getByText('Usuário criado')).toBeVisible();
  await expect(own.getByTestId('reseller-usage')).toHaveText('Usuários: 1 de 3');
  await expect(own.getByTestId('reseller-users')).toContainText('Cliente Um');
  await context.close();
});
