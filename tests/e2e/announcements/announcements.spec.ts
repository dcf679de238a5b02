import { expect, test } from '@playwright/test';
import { createUser, signInAdmin, signInAs, userMenu } from '../support/session';

test.use({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });

test.beforeEach(async ({ page }) => {
  await signInAdmin(page);
});

test('an announcement is confirmed and shows on the chosen user’s screen', async ({
  page,
  browser,
}) => {
  const maria = await createUser(page.request, 'maria', {
    name: 'Maria Aviso',
    password: 'maria-secret-1',
  });
  // Maria has the app open.
  const mariaContext = await browser.newContext({
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const mariaPage = await mariaContext.newPage();
  await signInAs(mariaPage, maria);
  const socketOpen = mariaPage.waitForEvent('websocket');
  await mariaPage.goto('/home');
  await socketOpen;

  await page.goto('/home');
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: 'Comunicados' }).click();
  await expect(page).toHaveURL(/\/announcements$/);
  await page.getByLabel('Destinatários').fill('Maria Aviso');
  await page.getByRole('option', { name: new RegExp(`Maria Aviso \\(${maria.email}\\)`) }).click();
  await expect(page.getByLabel('Canal')).toContainText('No aplicativo');
  await page.getByLabel('Assunto').fill('Manutenção programada');
  await page.getByLabel('Mensagem').fill('O sistema para às 22h de hoje.');

  const sent = page.waitForRequest(
    (request) =>
      request.method() === 'POST' && request.url().includes('/api/notifications/send/web'),
  );
  await page.getByRole('button', { name: 'Enviar' }).click();
  const dialog = page.getByTestId('announcement-confirm');
  await expect(dialog).toContainText('Enviar este comunicado?');
  await expect(dialog).toContainText(
    '“Manutenção programada” vai por No aplicativo para 1 usuário.',
  );
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  const request = await sent;
  expect(request.postDataJSON()).toEqual({
    subject: 'Manutenção programada',
    body: 'O sistema para às 22h de hoje.',
  });
  await expect(page.getByText('Comunicado enviado')).toBeVisible();
  await expect(page.getByLabel('Assunto')).toHaveValue('');
  await expect(mariaPage.getByText('Manutenção programada')).toBeVisible();
  await expect(mariaPage.getByText('O sistema para às 22h de hoje.')).toBeVisible();
  await mariaContext.close();
});
