import { expect, test } from '@playwright/test';
import { createDevice, type TestDevice } from '../support/live';
import { signInAdmin } from '../support/session';
import { chooseDevice } from './support';

let device: TestDevice;

test.beforeEach(async ({ page }) => {
  await signInAdmin(page);
  device ??= await createDevice(page.request, `Agenda ${Date.now()}`);
});

test('a report is scheduled from its filter, listed, and deleted', async ({ page }) => {
  await page.goto('/reports/resume');
  await chooseDevice(page, device.name);
  await page.getByRole('button', { name: 'Agendar' }).click();
  const dialog = page.getByTestId('schedule-report-dialog');
  await expect(dialog.getByText('Agendar relatório')).toBeVisible();
  // This server sends no mail: the schedule is kept, and the user is told nothing will arrive yet.
  await expect(dialog.getByTestId('no-mail-notice')).toContainText(
    'os relatórios agendados só chegarão depois que um administrador configurar o envio',
  );
  const description = `Resumo diário ${Date.now()}`;
  await dialog.getByLabel('Descrição').fill(description);
  await expect(dialog.getByTestId('schedule-period')).toHaveValue('daily');
  await dialog.getByRole('button', { name: 'Agendar' }).click();
  await expect(page.getByText('Relatório agendado')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Saved with a new daily calendar, the device linked.
  const reports = (await (await page.request.get(`/api/reports?deviceId=${device.id}`)).json()) as {
    id: number;
    type: string;
    description: string;
    calendarId: number;
  }[];
  expect(reports).toHaveLength(1);
  expect(reports[0]).toMatchObject({ type: 'summary', description });
  expect(reports[0].calendarId).toBeGreaterThan(0);

  await page.goto('/reports');
  await page.getByRole('link', { name: /Relatórios agendados/ }).click();
  await expect(page).toHaveURL(/\/scheduled-reports/);
  await expect(page.getByTestId('no-mail-notice')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: description });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Resumo');
  await expect(row).toContainText('Relatório diário');
  await row.click();
  // Undoable: gone from the list at once, from the server once the "Desfazer" toast closes.
  await page.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText(`Relatório agendado ${description} excluído`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: description })).toHaveCount(0);
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/reports?deviceId=${device.id}`)).json()) as [])
          .length,
      { timeout: 15_000 },
    )
    .toBe(0);
});
