import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createDevice, osmandUrl, report, type TestDevice } from '../support/live';
import { signInAdmin } from '../support/session';

/**
 * An operator working on several rows of a management list at once: select them, and the bar of
 * actions shows above the table, whatever the screen; each action reaches the server.
 */

interface Row {
  id: number;
  name?: string;
  description?: string;
  groupId?: number;
  disabled?: boolean;
}

/** This test's mark: every row it creates carries it, and its searches look for it. */
let tag = '';
let counter = 0;
/** A name no other test uses: `Vínculo Carro k3x9a1`. */
const unique = (name: string) => `${name} ${tag}${(counter += 1)}`;

async function created(request: APIRequestContext, path: string, data: object): Promise<Row> {
  const response = await request.post(path, { data });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Row;
}

const getJson = async <T>(request: APIRequestContext, path: string): Promise<T> => {
  const response = await request.get(path);
  expect(response.ok(), path).toBe(true);
  return (await response.json()) as T;
};

const ids = (rows: Row[]) => rows.map((row) => row.id);

/** Opens a management screen and waits for its table (the app's first screen loads first). */
async function gotoTable(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole('region', { name: /^(Tabela de|Tabla de|Table of) / })).toBeVisible({
    timeout: 30_000,
  });
}

/** The list at `path` searched for `query`, as the search box would leave it. */
async function openList(page: Page, path: string, query: string) {
  await gotoTable(page, `${path}?filter=${encodeURIComponent(JSON.stringify({ q: query }))}`);
}

const bulkBar = (page: Page) =>
  page.getByRole('toolbar', { name: 'Ações nas linhas selecionadas' });

const select = (page: Page, name: string) =>
  page.getByRole('checkbox', { name: `Selecionar ${name}`, exact: true }).check();

/** Waits for the toast saying `text` (react-admin's notification). */
const toast = (page: Page, text: string | RegExp): Locator =>
  page.locator('.MuiSnackbar-root').filter({ hasText: text });

// Each test makes a dozen round trips to the server and opens several dialogs, on a machine other
// work may be loading.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  tag = Math.random().toString(36).slice(2, 7);
  await signInAdmin(page);
});

test('selecting rows shows the bar above the table with every device action in sight', async ({
  page,
}) => {
  const name = unique('Caminhão Barra');
  await createDevice(page.request, name);
  await gotoTable(page, '/device-admin');
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
  // Typed without the accent, the search still finds it.
  await page.getByPlaceholder('Buscar').fill(`caminhao barra ${tag}`);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(2);
  // Nothing selected: no bar, and none of its buttons is a Tab stop.
  await expect(bulkBar(page)).toHaveCount(0);

  await select(page, name);
  const bar = bulkBar(page);
  await expect(bar).toBeInViewport();
  await expect(bar).toContainText('1 item selecionado');
  for (const action of [
    'Mudar grupo',
    'Vincular cerca',
    'Vincular notificação',
    'Ativar',
    'Desativar',
    'Enviar comando',
    'Exportar',
    'Excluir',
  ]) {
    await expect(bar.getByRole('button', { name: action, exact: true }), action).toBeInViewport({
      ratio: 1,
    });
  }
  await bar.getByRole('button', { name: 'Desmarcar' }).click();
  await expect(bulkBar(page)).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: `Selecionar ${name}` })).not.toBeChecked();
});

test('rows open with Enter, select with Space, and the arrows go from row to row', async ({
  page,
}) => {
  const first = unique('Teclado A');
  const second = unique('Teclado B');
  const a = await createDevice(page.request, first);
  await createDevice(page.request, second);
  await openList(page, '/device-admin', tag);
  const checkbox = page.getByRole('checkbox', { name: `Selecionar ${first}` });
  await expect(checkbox).toBeVisible();
  // The row is the Tab stop just before its checkbox.
  await checkbox.focus();
  await page.keyboard.press('Shift+Tab');
  const row = page.getByRole('row').filter({ hasText: first });
  await expect(row).toBeFocused();
  await page.keyboard.press('Space');
  await expect(checkbox).toBeChecked();
  await expect(bulkBar(page)).toContainText('1 item selecionado');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('row').filter({ hasText: second })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(row).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/device-admin/${a.id}$`));
});

test('devices move into a group and out of it again', async ({ page }) => {
  const group = await created(page.request, '/api/groups', { name: unique('Caminhões') });
  const names = [unique('Grupo Carro'), unique('Grupo Carro')];
  const devices = [
    await createDevice(page.request, names[0]),
    await createDevice(page.request, names[1]),
  ];
  await openList(page, '/device-admin', `grupo carro ${tag}`);
  await select(page, names[0]);
  await select(page, names[1]);
  await expect(bulkBar(page)).toContainText('2 itens selecionados');
  await bulkBar(page).getByRole('button', { name: 'Mudar grupo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Grupo de 2 dispositivos' });
  await dialog.getByRole('combobox', { name: 'Grupo' }).click();
  await page.getByRole('option', { name: group.name }).click();
  await dialog.getByRole('button', { name: 'Aplicar' }).click();
  await expect(toast(page, `Agora no grupo ${group.name}: 2 dispositivos`)).toBeVisible();
  for (const device of devices) {
    const saved = await getJson<Row>(page.request, `/api/devices/${device.id}`);
    expect(saved.groupId).toBe(group.id);
  }
  await expect(page.getByRole('row').filter({ hasText: group.name })).toHaveCount(2);
  await expect(bulkBar(page)).toHaveCount(0);

  await select(page, names[1]);
  await bulkBar(page).getByRole('button', { name: 'Mudar grupo' }).click();
  await page.getByRole('combobox', { name: 'Grupo' }).click();
  await page.getByRole('option', { name: 'Sem grupo' }).click();
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(toast(page, 'Agora sem grupo: 1 dispositivo')).toBeVisible();
  expect((await getJson<Row>(page.request, `/api/devices/${devices[1].id}`)).groupId).toBe(0);
  expect((await getJson<Row>(page.request, `/api/devices/${devices[0].id}`)).groupId).toBe(
    group.id,
  );
});

/** Links the selected rows to `target` through the bar's `action` dialog, or unlinks them. */
async function linkSelected(
  page: Page,
  action: string,
  field: string,
  search: string,
  target: string,
  button: 'Vincular' | 'Desvincular',
) {
  await bulkBar(page).getByRole('button', { name: action }).click();
  const combo = page.getByRole('dialog').getByRole('combobox', { name: field });
  await combo.fill(search);
  await page.getByRole('option', { name: target }).click();
  await page.getByRole('dialog').getByRole('button', { name: button, exact: true }).click();
}

test('devices are linked to a geofence and a notification, and unlinked again', async ({
  page,
}) => {
  const geofence = await created(page.request, '/api/geofences', {
    name: unique('Pátio Central'),
    area: 'CIRCLE (-23.55 -46.63, 300)',
  });
  const notification = await created(page.request, '/api/notifications', {
    type: 'ignitionOn',
    description: unique('Ignição Ligada'),
    notificators: 'web',
    always: false,
  });
  const names = [unique('Vínculo Carro'), unique('Vínculo Carro')];
  const devices = [
    await createDevice(page.request, names[0]),
    await createDevice(page.request, names[1]),
  ];
  const linked = async (kind: 'geofences' | 'notifications', device: TestDevice) =>
    ids(await getJson<Row[]>(page.request, `/api/${kind}?deviceId=${device.id}`));

  await openList(page, '/device-admin', `vinculo carro ${tag}`);
  await select(page, names[0]);
  await select(page, names[1]);
  // The dialog's search folds accents too.
  await linkSelected(
    page,
    'Vincular cerca',
    'Cerca virtual',
    'patio central',
    geofence.name!,
    'Vincular',
  );
  await expect(toast(page, `Vinculado a 2 dispositivos: ${geofence.name}`)).toBeVisible();
  for (const device of devices) expect(await linked('geofences', device)).toContain(geofence.id);

  await linkSelected(
    page,
    'Vincular notificação',
    'Notificação',
    'ignicao',
    notification.description!,
    'Vincular',
  );
  await expect(
    toast(page, `Vinculado a 2 dispositivos: ${notification.description}`),
  ).toBeVisible();
  for (const device of devices) {
    expect(await linked('notifications', device)).toContain(notification.id);
  }

  await linkSelected(
    page,
    'Vincular cerca',
    'Cerca virtual',
    'patio',
    geofence.name!,
    'Desvincular',
  );
  await expect(toast(page, `Desvinculado de 2 dispositivos: ${geofence.name}`)).toBeVisible();
  for (const device of devices) {
    expect(await linked('geofences', device)).not.toContain(geofence.id);
    expect(await linked('notifications', device)).toContain(notification.id);
  }
  // The geofence list counts the devices it applies to: none again.
  await openList(page, '/geofence', geofence.name!);
  const row = page.getByRole('row').filter({ hasText: geofence.name! });
  await expect(row.getByRole('cell').last()).toHaveText('0');
});

test('groups are linked to a geofence and a notification', async ({ page }) => {
  const geofence = await created(page.request, '/api/geofences', {
    name: unique('Garagem Norte'),
    area: 'CIRCLE (-23.50 -46.60, 200)',
  });
  const notification = await created(page.request, '/api/notifications', {
    type: 'deviceOverspeed',
    description: unique('Excesso de velocidade'),
    notificators: 'web',
    always: false,
  });
  const names = [unique('Frota Grupo'), unique('Frota Grupo')];
  const groups = [
    await created(page.request, '/api/groups', { name: names[0] }),
    await created(page.request, '/api/groups', { name: names[1] }),
  ];
  await openList(page, '/groups', `frota grupo ${tag}`);
  await select(page, names[0]);
  await select(page, names[1]);
  await linkSelected(
    page,
    'Vincular cerca',
    'Cerca virtual',
    'garagem',
    geofence.name!,
    'Vincular',
  );
  await expect(toast(page, `Vinculado a 2 grupos: ${geofence.name}`)).toBeVisible();
  await linkSelected(
    page,
    'Vincular notificação',
    'Notificação',
    'excesso',
    notification.description!,
    'Vincular',
  );
  for (const group of groups) {
    expect(ids(await getJson(page.request, `/api/geofences?groupId=${group.id}`))).toContain(
      geofence.id,
    );
    expect(ids(await getJson(page.request, `/api/notifications?groupId=${group.id}`))).toContain(
      notification.id,
    );
  }
});

test('devices are disabled and enabled again', async ({ page }) => {
  const names = [unique('Ativo Carro'), unique('Ativo Carro')];
  const devices = [
    await createDevice(page.request, names[0]),
    await createDevice(page.request, names[1]),
  ];
  const disabled = async () =>
    Promise.all(
      devices.map(
        async (device) => (await getJson<Row>(page.request, `/api/devices/${device.id}`)).disabled,
      ),
    );
  await openList(page, '/device-admin', `ativo carro ${tag}`);
  await select(page, names[0]);
  await select(page, names[1]);
  await bulkBar(page).getByRole('button', { name: 'Desativar' }).click();
  await expect(toast(page, '2 dispositivos desativados')).toBeVisible();
  expect(await disabled()).toEqual([true, true]);
  await select(page, names[0]);
  await bulkBar(page).getByRole('button', { name: 'Ativar', exact: true }).click();
  await expect(toast(page, '1 dispositivo ativado')).toBeVisible();
  expect(await disabled()).toEqual([false, true]);
});

test('users get a group, are disabled and enabled; the own account is left alone', async ({
  page,
}) => {
  const group = await created(page.request, '/api/groups', { name: unique('Equipe Sul') });
  const names = [unique('Usuária Bulk'), unique('Usuária Bulk')];
  const users = [];
  for (const name of names) {
    users.push(
      await created(page.request, '/api/users', {
        name,
        email: `${name.replace(/\W+/g, '-').toLowerCase()}@e2e.test`,
        password: 'e2e-secret-123',
      }),
    );
  }
  await openList(page, '/users', `usuaria bulk ${tag}`);
  await select(page, names[0]);
  await select(page, names[1]);
  await linkSelected(page, 'Vincular grupo', 'Grupo', 'equipe', group.name!, 'Vincular');
  await expect(toast(page, `Vinculado a 2 usuários: ${group.name}`)).toBeVisible();
  for (const user of users) {
    expect(ids(await getJson(page.request, `/api/groups?userId=${user.id}`))).toContain(group.id);
  }
  await bulkBar(page).getByRole('button', { name: 'Desativar' }).click();
  await expect(toast(page, '2 usuários desativados')).toBeVisible();
  for (const user of users) {
    expect((await getJson<Row>(page.request, `/api/users/${user.id}`)).disabled).toBe(true);
  }
  await select(page, names[0]);
  await select(page, names[1]);
  await bulkBar(page).getByRole('button', { name: 'Ativar', exact: true }).click();
  await expect(toast(page, '2 usuários ativados')).toBeVisible();
  for (const user of users) {
    expect((await getJson<Row>(page.request, `/api/users/${user.id}`)).disabled).toBe(false);
  }

  // Selected with the others, the administrator's own account is refused before any request.
  const me = await getJson<Row & { email: string }>(page.request, '/api/session');
  await openList(page, '/users', me.email);
  await select(page, me.name || me.email);
  await bulkBar(page).getByRole('button', { name: 'Desativar' }).click();
  await expect(toast(page, 'A sua própria conta não pode ser desativada')).toBeVisible();
  expect((await getJson<Row>(page.request, '/api/session')).disabled).toBe(false);
});

test('a saved command goes to every selected device, queued for those not connected', async ({
  page,
}) => {
  const command = await created(page.request, '/api/commands', {
    description: unique('Ping Frota'),
    type: 'custom',
    textChannel: false,
    attributes: { data: 'e2e-bulk-ping' },
  });
  const names = [unique('Comando Carro'), unique('Comando Carro')];
  const devices = [
    await createDevice(page.request, names[0]),
    await createDevice(page.request, names[1]),
  ];
  // OsmAnd phones: not connected between reports, so the command waits for the next one.
  for (const device of devices) await report(page.request, device.uniqueId, -23.55, -46.63);
  await openList(page, '/device-admin', `comando carro ${tag}`);
  await select(page, names[0]);
  await select(page, names[1]);
  await bulkBar(page).getByRole('button', { name: 'Enviar comando' }).click();
  const dialog = page.getByRole('dialog', { name: 'Comando salvo para 2 dispositivos' });
  await dialog.getByRole('combobox', { name: 'Comando salvo' }).click();
  await page.getByRole('option', { name: command.description }).click();
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(toast(page, `${command.description}: na fila de 2 até conectarem`)).toBeVisible();
  // Each device's next report is answered with the command's text.
  for (const device of devices) {
    const params = new URLSearchParams({
      id: device.uniqueId,
      lat: '-23.551',
      lon: '-46.631',
      timestamp: String(Math.floor(Date.now() / 1000)),
    });
    const answer = await page.request.get(`${osmandUrl}/?${params}`);
    expect(await answer.text()).toContain('e2e-bulk-ping');
  }
});

test('the selection is exported through the list exporter, and only the selection', async ({
  page,
}) => {
  const names = [unique('Exporta Carro'), unique('Exporta Carro'), unique('Exporta Carro')];
  for (const name of names) await createDevice(page.request, name);
  await openList(page, '/device-admin', `exporta carro ${tag}`);
  await select(page, names[0]);
  await select(page, names[2]);
  const downloading = page.waitForEvent('download');
  await bulkBar(page).getByRole('button', { name: 'Exportar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Dispositivos \d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const cells: string[] = [];
  book.worksheets[0].eachRow((row) => {
    for (const value of (row.values as unknown[]).slice(1)) cells.push(String(value));
  });
  expect(cells).toContain(names[0]);
  expect(cells).toContain(names[2]);
  expect(cells).not.toContain(names[1]);
});

test('a geofence delete is undone from the toast, and happens once the toast is gone', async ({
  page,
}) => {
  const geofence = await created(page.request, '/api/geofences', {
    name: unique('Cerca Desfazer'),
    area: 'CIRCLE (-23.52 -46.61, 100)',
  });
  const status = async () => (await page.request.get(`/api/geofences/${geofence.id}`)).status();
  await openList(page, '/geofence', geofence.name!);
  const row = page.getByRole('row').filter({ hasText: geofence.name! });
  await select(page, geofence.name!);
  await bulkBar(page).getByRole('button', { name: 'Excluir' }).click();
  const done = toast(page, `Cerca virtual ${geofence.name} excluída`);
  await expect(done).toBeVisible();
  await expect(row).toHaveCount(0);
  await done.getByRole('button', { name: 'Desfazer' }).click();
  await expect(row).toBeVisible();
  // Well past the toast's life: the server was never asked.
  await page.waitForTimeout(6_000);
  expect(await status()).toBe(200);

  // From the edit page: the same toast, back on the list; left alone, the delete goes through.
  await row.click();
  await page.getByRole('button', { name: 'Excluir' }).click();
  await expect(page).toHaveURL(/\/geofence(\?|$)/);
  await expect(toast(page, `Cerca virtual ${geofence.name} excluída`)).toBeVisible();
  await expect.poll(status, { timeout: 15_000 }).toBe(404);
});

test('a group delete asks first, naming the group, in all three languages', async ({ page }) => {
  const group = await created(page.request, '/api/groups', { name: unique('Caminhões') });
  const status = async () => (await page.request.get(`/api/groups/${group.id}`)).status();
  const questions = [
    ['es-ES', 'Eliminar', `¿Eliminar el grupo ${group.name}?`, 'Cancelar'],
    ['en-US', 'Delete', `Delete the group ${group.name}?`, 'Cancel'],
  ] as const;
  for (const [locale, button, question, cancel] of questions) {
    await gotoTable(
      page,
      `/groups?locale=${locale}&filter=${encodeURIComponent(JSON.stringify({ q: group.name }))}`,
    );
    await page.getByRole('row').filter({ hasText: group.name! }).getByRole('checkbox').check();
    await page.getByRole('toolbar').getByRole('button', { name: button }).click();
    const dialog = page.getByRole('dialog', { name: question });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: cancel }).click();
  }
  expect(await status()).toBe(200);

  await gotoTable(page, '/groups?locale=pt-BR');
  await openList(page, '/groups', group.name!);
  await select(page, group.name!);
  await bulkBar(page).getByRole('button', { name: 'Excluir' }).click();
  const dialog = page.getByRole('dialog', { name: `Excluir o grupo ${group.name}?` });
  await expect(dialog).toContainText('ficam sem grupo');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  expect(await status()).toBe(200);

  // The edit page asks the same question.
  await page.getByRole('row').filter({ hasText: group.name! }).click();
  await page.getByRole('button', { name: 'Excluir' }).click();
  await page
    .getByRole('dialog', { name: `Excluir o grupo ${group.name}?` })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await expect(page).toHaveURL(/\/groups(\?|$)/);
  await expect(toast(page, `Grupo ${group.name} excluído`)).toBeVisible();
  expect(await status()).toBe(404);
});

test('devices on several pages are selected and deleted after a question that lists them', async ({
  page,
}) => {
  const names = [unique('Sucata Carro'), unique('Sucata Carro')];
  const devices = [
    await createDevice(page.request, names[0]),
    await createDevice(page.request, names[1]),
  ];
  // One row a page: the second device is on page 2.
  const filter = encodeURIComponent(JSON.stringify({ q: `sucata carro ${tag}` }));
  await gotoTable(page, `/device-admin?filter=${filter}&perPage=1`);
  await page.getByRole('checkbox', { name: 'Selecionar tudo' }).check();
  await expect(bulkBar(page)).toContainText('1 item selecionado');
  await bulkBar(page).getByRole('button', { name: 'Selecionar os 2' }).click();
  await expect(bulkBar(page)).toContainText('2 itens selecionados');
  await bulkBar(page).getByRole('button', { name: 'Excluir' }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir os 2 dispositivos selecionados?' });
  await expect(dialog).toContainText(names[0]);
  await expect(dialog).toContainText(names[1]);
  await expect(dialog).toContainText('não podem ser recuperados');
  await dialog.getByRole('button', { name: 'Excluir' }).click();
  await expect(toast(page, '2 dispositivos excluídos')).toBeVisible();
  for (const device of devices) {
    expect((await page.request.get(`/api/devices/${device.id}`)).status()).toBe(404);
  }
});

test.describe('on a 390×844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the bar shows over a table wider than the screen, and its actions work', async ({
    page,
  }) => {
    const names = [unique('Celular Carro'), unique('Celular Carro')];
    const devices = [
      await createDevice(page.request, names[0]),
      await createDevice(page.request, names[1]),
    ];
    await openList(page, '/device-admin', `celular carro ${tag}`);
    await select(page, names[0]);
    await select(page, names[1]);
    const bar = bulkBar(page);
    await expect(bar).toBeInViewport();
    await expect(bar).toContainText('2 itens selecionados');
    for (const action of ['Mudar grupo', 'Desativar', 'Exportar', 'Excluir']) {
      await expect(bar.getByRole('button', { name: action, exact: true }), action).toBeInViewport({
        ratio: 1,
      });
    }
    // The table scrolls sideways in its own box; the bar stays where it is.
    const region = page.getByRole('region', { name: 'Tabela de dispositivos' });
    const box = await bar.boundingBox();
    await region.focus();
    for (let step = 0; step < 5; step += 1) await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    expect((await bar.boundingBox())?.x).toBe(box?.x);
    await expect(bar).toBeInViewport();

    await bar.getByRole('button', { name: 'Desativar' }).tap();
    await expect(toast(page, '2 dispositivos desativados')).toBeVisible();
    for (const device of devices) {
      expect((await getJson<Row>(page.request, `/api/devices/${device.id}`)).disabled).toBe(true);
    }
  });
});
