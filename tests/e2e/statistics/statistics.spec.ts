import { expect, test } from '@playwright/test';
import { createDevice, reportRecentFixes } from '../support/live';
import { signInAdmin, typeDate, userMenu } from '../support/session';

test.use({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });

test.beforeEach(async ({ page }) => {
  await signInAdmin(page);
});

test('the statistics page shows today’s counts, formatted, with totals', async ({ page }) => {
  const device = await createDevice(page.request, `Estatística ${Date.now()}`);
  await reportRecentFixes(page.request, device, 2);

  await page.goto('/home');
  await userMenu(page).click();
  // Devices keep reporting while the test runs: the page must show exactly what it was answered.
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/statistics');
  await page.getByRole('menuitem', { name: 'Estatísticas' }).click();
  await expect(page).toHaveURL(/\/statistics$/);
  const table = page.getByTestId('statistics-table');
  await expect(table.getByRole('columnheader', { name: 'Posições gravadas' })).toBeVisible();
  const rows = page.getByTestId('statistics-row');
  await expect(rows.first()).toBeVisible();

  // Today's row, as the server answered the page: the stored positions in pt-BR digits. A row is
  // the server's day (UTC here): between 21:00 and midnight in São Paulo that is already the next
  // date, and the page names the server's day, not the browser's.
  const stats = (await (await answered).json()) as {
    captureTime: string;
    messagesStored: number;
  }[];
  const today = stats[stats.length - 1];
  expect(today.messagesStored).toBeGreaterThanOrEqual(2);
  expect(today.captureTime.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
  const todayRow = rows.last();
  await expect(todayRow.getByRole('cell').nth(0)).toHaveText(
    today.captureTime.slice(0, 10).split('-').reverse().join('/'),
  );
  await expect(todayRow.getByRole('cell').nth(5)).toHaveText(
    new Intl.NumberFormat('pt-BR').format(today.messagesStored),
  );
  await expect(page.getByTestId('statistics-total')).toContainText('Total');

  // A period that ends before it starts is refused on the page.
  await typeDate(page.getByRole('group', { name: 'Até' }), '01012020');
  await expect(page.getByText('O fim deve ser depois do início')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mostrar' })).toBeDisabled();
});
