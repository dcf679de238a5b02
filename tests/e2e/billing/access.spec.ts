import { expect, test } from '@playwright/test';
import { signInNewCustomer } from '../support/session';

test('the billing screen opened by its address without the right is access denied', async ({
  page,
  request,
}) => {
  await signInNewCustomer(page, request);
  await page.goto('/billing');
  await expect(page).toHaveURL(/\/access-denied$/);
  await expect(page.getByText('Você não tem permissão para acessar esta página')).toBeVisible();
});
