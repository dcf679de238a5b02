import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { searchedRow } from '../support/admin';
import { signInAdmin } from '../support/session';

/**
 * A list's export button saves a spreadsheet for people: in pt-BR, the screen's column names,
 * the group's name where the API has its id, and a file named for the list and the day.
 */

async function downloadExport(page: Page): Promise<{ name: string; sheet: ExcelJS.Worksheet }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const download = await downloading;
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  return { name: download.suggestedFilename(), sheet: book.worksheets[0] };
}

const headerOf = (sheet: ExcelJS.Worksheet) =>
  (sheet.getRow(1).values as unknown[]).slice(1).map(String);

/** The row whose first cell is `name`, as a map from header to value. */
function rowNamed(sheet: ExcelJS.Worksheet, name: string): Record<string, unknown> {
  const header = headerOf(sheet);
  for (let index = 2; index <= sheet.rowCount; index += 1) {
    const row = sheet.getRow(index);
    if (row.getCell(1).value === name) {
      return Object.fromEntries(header.map((title, i) => [title, row.getCell(i + 1).value]));
    }
  }
  throw new Error(`no row named ${name}`);
}

test('the device list exports a Portuguese spreadsheet with group names', async ({ page }) => {
  await signInAdmin(page);
  const stamp = Date.now();
  const parent = await page.request.post('/api/groups', { data: { name: `Matriz ${stamp}` } });
  expect(parent.ok()).toBe(true);
  const parentGroup = (await parent.json()) as { id: number; name: string };
  const created = await page.request.post('/api/groups', {
    data: { name: `Frota Norte ${stamp}`, groupId: parentGroup.id },
  });
  expect(created.ok()).toBe(true);
  const group = (await created.json()) as { id: number; name: string };
  const deviceName = `Exportado ${stamp}`;
  const device = await page.request.post('/api/devices', {
    data: {
      name: deviceName,
      uniqueId: `export-${stamp}`,
      groupId: group.id,
      attributes: { placa: 'EXP1A23' },
    },
  });
  expect(device.ok()).toBe(true);

  await page.goto('/device-admin');
  await expect(await searchedRow(page, deviceName)).toBeVisible();
  const devices = await downloadExport(page);
  expect(devices.name).toMatch(/^Dispositivos \d{4}-\d{2}-\d{2}\.xlsx$/);
  expect(devices.sheet.name).toBe('Dispositivos');
  const header = headerOf(devices.sheet);
  expect(header.slice(0, 6)).toEqual([
    'Nome',
    'Identificador único (IMEI)',
    'Placa',
    'Grupo',
    'Situação',
    'Última atualização',
  ]);
  for (const key of ['groupId', 'uniqueId', 'attributes.placa', 'id']) {
    expect(header).not.toContain(key);
  }
  const row = rowNamed(devices.sheet, deviceName);
  expect(row.Grupo).toBe(group.name);
  expect(row.Placa).toBe('EXP1A23');
  expect(row['Identificador único (IMEI)']).toBe(`export-${stamp}`);
  expect(row.Desativado).toBe('Não');

  // The group list names each group's parent too.
  await page.goto('/groups');
  await expect(page.getByRole('row').filter({ hasText: group.name })).toBeVisible();
  const groups = await downloadExport(page);
  expect(groups.name).toMatch(/^Grupos \d{4}-\d{2}-\d{2}\.xlsx$/);
  expect(headerOf(groups.sheet)).toEqual(['Nome', 'Grupo pai']);
  expect(rowNamed(groups.sheet, group.name)['Grupo pai']).toBe(parentGroup.name);
});
