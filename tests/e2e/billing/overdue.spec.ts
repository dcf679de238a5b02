import { expect, test, type Page } from '@playwright/test';
import { patchServer } from '../support/admin';
import {
  createUser,
  expectSignedIn,
  signIn,
  signInAdmin,
  typeDate,
  userMenu,
} from '../support/session';

const PASSWORD = 'billing-pass';

async function openLoginBox(page: Page, email: string) {
  await page.goto('/login');
  await signIn(page, { email, password: PASSWORD });
  return page.getByTestId('suspended-box');
}

test('an overdue user is suspended, sees the invoices at sign-in and trust-unlocks once', async ({
  page,
  browser,
}) => {
  // Three browsers (admin, user, a stale tab) and a dozen steps.
  test.setTimeout(90_000);
  await signInAdmin(page);
  await patchServer(page.request, { 'tarkan.enableBilling': true });
  const { id, email } = await createUser(page.request, 'billed', {
    name: 'E2E Billed',
    password: PASSWORD,
    attributes: {
      'tarkan.enableBilling': true,
      'tarkan.billingPrice': 4990,
      'tarkan.billingSuspension': true,
      'tarkan.billingSuspensionDays': 0,
      'tarkan.billingTrustUnlock': true,
      'tarkan.billingTrustUnlockDays': 1,
    },
  });

  // The administrator issues an overdue invoice from the billing screen.
  await page.goto('/billing');
  await expect(page.getByText('Nenhum provedor de pagamento configurado')).toBeVisible();
  const card = page.getByTestId(`billing-user-${id}`);
  await typeDate(card.getByTestId(`invoice-due-${id}`), '10012024');
  await card.getByTestId(`invoice-amount-${id}`).fill('59,90');
  await card.getByRole('button', { name: 'Nova fatura' }).click();
  await expect(card.getByRole('row').nth(1)).toContainText('Vencida');
  await expect(card.getByRole('row').nth(1)).toContainText(/R\$\s59,90/);
  await expect(card.getByText('Suspenso', { exact: true })).toBeVisible();

  // A second tab keeps the suspended box open while the first one uses the trust unlock.
  const stale = await (await browser.newContext()).newPage();
  const staleBox = await openLoginBox(stale, email);
  await expect(staleBox.getByRole('button', { name: 'Desbloqueio de confiança' })).toBeVisible();

  const user = await (await browser.newContext()).newPage();
  const box = await openLoginBox(user, email);
  await expect(box.getByRole('alert')).toContainText('suspensa por falta de pagamento');
  await expect(box.getByRole('row').nth(1)).toContainText('10/01/2024');
  await expect(box.getByRole('row').nth(1)).toContainText(/R\$\s59,90/);
  await expect(box.getByRole('row').nth(1)).toContainText('Vencida');
  await box.getByRole('button', { name: 'Desbloqueio de confiança' }).click();
  await expectSignedIn(user);

  // "My invoices" shows the open invoice, payable in cash (no provider).
  await user.goto('/invoices');
  await expect(user.getByRole('row').nth(1)).toContainText('Pagamento em dinheiro');

  await userMenu(user).click();
  await user.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(user).toHaveURL(/\/login/);

  // The trust unlock is spent: the second attempt is refused with the translated message.
  await staleBox.getByRole('button', { name: 'Desbloqueio de confiança' }).click();
  await expect(stale.getByRole('alert')).toContainText('O desbloqueio de confiança já foi usado');

  // Suspended again by the administrator: no trust unlock is offered any more.
  await card.getByRole('button', { name: 'Suspender' }).click();
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(card.getByText('Suspenso', { exact: true })).toBeVisible();
  const again = await openLoginBox(user, email);
  await expect(again.getByRole('alert')).toContainText('suspensa por falta de pagamento');
  await expect(again.getByRole('button', { name: 'Desbloqueio de confiança' })).toHaveCount(0);

  await patchServer(page.request, { 'tarkan.enableBilling': null });
});
