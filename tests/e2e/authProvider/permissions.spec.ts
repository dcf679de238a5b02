import { expect, test, type Browser, type Page } from '@playwright/test';
import { patchServer, saveButton } from '../support/admin';
import { signIn, signInAdmin, userMenu } from '../support/session';

const limited = { email: 'e2e-limitado@example.com', password: 'limitado1' };

const drawer = (page: Page) => page.locator('.RaSidebar-fixed, .MuiDrawer-root').first();

test('an admin gives a user devices and reports only; the user sees only those menus', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await signInAdmin(page);
  await patchServer(page.request, { 'tarkan.enableAdvancedPerms': true });
  try {
    await page.goto('/users/create');
    await saveButton(page).click();
    await expect(page.getByText('Digite um nome e sobrenome')).toBeVisible();
    await expect(page.getByText('Digite um nome de usuário válido')).toBeVisible();
    await expect(page.getByText('Digite uma senha')).toBeVisible();
    await page.getByLabel('Nome', { exact: true }).fill('Lia Limitada');
    await page.getByLabel('E-mail (usuário)').fill(limited.email);
    await page.getByRole('textbox', { name: 'Senha' }).fill(limited.password);
    await page.getByRole('tab', { name: 'Permissões avançadas' }).click();
    await page.getByRole('checkbox', { name: 'Dispositivos: Ver' }).check();
    await page.getByRole('checkbox', { name: 'Relatórios: Ver' }).check();
    await expect(page.getByTestId('perms-hex')).toHaveText('00800000000000000080000000000000');
    await saveButton(page).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByRole('row').filter({ hasText: 'Lia Limitada' })).toBeVisible();

    const context = await browser.newContext({ locale: 'pt-BR' });
    const userPage = await context.newPage();
    await userPage.goto('/login');
    await signIn(userPage, limited);
    await expect(userMenu(userPage)).toBeVisible();
    const menu = drawer(userPage);
    await expect(menu.getByRole('menuitem', { name: 'Gerenciar frota' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Dispositivos' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Relatórios' })).toBeVisible();
    for (const hidden of ['Cercas virtuais', 'Comandos salvos', 'Grupos', 'Notificações']) {
      await expect(menu.getByRole('menuitem', { name: hidden })).toHaveCount(0);
    }
    await userMenu(userPage).click();
    await expect(userPage.getByRole('menuitem', { name: 'Minha conta' })).toBeVisible();
    for (const hidden of ['Usuários', 'Servidor', 'Motoristas', 'Calendários', 'Manutenção']) {
      await expect(userPage.getByRole('menuitem', { name: hidden })).toHaveCount(0);
    }
    await userPage.keyboard.press('Escape');
    // A screen outside the bits is refused by the page as well as the menu.
    await userPage.goto('/geofence');
    await expect(userPage).toHaveURL(/\/access-denied$/);
    await expect(
      userPage.getByText('Você não tem permissão para acessar esta página'),
    ).toBeVisible();
    // So are the administrators' screens that are not resources, rather than an empty frame.
    for (const screen of ['/server', '/statistics', '/live-logs', '/integrations']) {
      await userPage.goto(screen);
      await expect(userPage).toHaveURL(/\/access-denied$/);
      await expect(
        userPage.getByText('Você não tem permissão para acessar esta página'),
      ).toBeVisible();
    }

    const refused = await userPage.request.post('/api/geofences', {
      data: { name: 'Forbidden', area: 'CIRCLE (-23.5 -46.6, 100)', attributes: {} },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toMatch(/SecurityException/);

    await context.close();
  } finally {
    await patchServer(page.request, { 'tarkan.enableAdvancedPerms': null });
  }
});

test('an admin links a geofence to a device from the device form', async ({ page }) => {
  await signInAdmin(page);
  const geofence = await (
    await page.request.post('/api/geofences', {
      data: { name: 'E2E Cerca Vinculada', area: 'CIRCLE (-23.5 -46.6, 100)', attributes: {} },
    })
  ).json();
  const devices = (await (await page.request.get('/api/devices')).json()) as {
    id: number;
    name: string;
  }[];
  const device = devices[0];
  await page.goto(`/device-admin/${device.id}/links`);
  await page.getByRole('button', { name: 'Cercas virtuais' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Buscar').fill('Vinculada');
  await dialog.getByRole('checkbox', { name: 'E2E Cerca Vinculada' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'E2E Cerca Vinculada' })).toBeChecked();
  const linked = (await (
    await page.request.get(`/api/geofences?deviceId=${device.id}`)
  ).json()) as {
    id: number;
  }[];
  expect(linked.map((g) => g.id)).toContain(geofence.id);
  await dialog.getByRole('checkbox', { name: 'E2E Cerca Vinculada' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'E2E Cerca Vinculada' })).not.toBeChecked();
});

/**
 * A user created through the API and signed in, in a Portuguese browser of their own; the
 * administrator's session is `page`'s.
 */
async function signedInNewUser(
  page: Page,
  browser: Browser,
  name: string,
  account: { email: string; password: string },
) {
  const created = await page.request.post('/api/users', { data: { name, ...account } });
  expect(created.status()).toBe(200);
  const user = (await created.json()) as { id: number };
  const context = await browser.newContext({ locale: 'pt-BR' });
  const userPage = await context.newPage();
  await userPage.goto('/login');
  await signIn(userPage, account);
  await expect(userMenu(userPage)).toBeVisible();
  return { user, context, userPage };
}

/**
 * Marks the page's current load; the returned check says whether the page is still that load,
 * which tells a screen that followed a change by itself from one that was reloaded.
 */
async function markPageLoad(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() =>
    sessionStorage.setItem('e2e-page-load', String(performance.timeOrigin)),
  );
  return () =>
    page.evaluate(() => sessionStorage.getItem('e2e-page-load') === String(performance.timeOrigin));
}

test("a user made an administrator gets the administrator's menus without a reload, and loses them again", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await signInAdmin(page);
  const { user, context, userPage } = await signedInNewUser(page, browser, 'Paulo Promovido', {
    email: 'e2e-promovido@example.com',
    password: 'promovido1',
  });
  const setAdministrator = async (administrator: boolean) => {
    const current = await (await page.request.get(`/api/users/${user.id}`)).json();
    const saved = await page.request.put(`/api/users/${user.id}`, {
      data: { ...current, administrator },
    });
    expect(saved.status()).toBe(200);
  };

  const usersItem = userPage.getByRole('menuitem', { name: 'Usuários' });
  await userMenu(userPage).click();
  await expect(userPage.getByRole('menuitem', { name: 'Minha conta' })).toBeVisible();
  await expect(usersItem).toHaveCount(0);
  await userPage.keyboard.press('Escape');
  const samePageLoad = await markPageLoad(userPage);

  await setAdministrator(true);
  // The socket says the account changed; the menu is read again, with no reload.
  await expect(async () => {
    await userPage.keyboard.press('Escape');
    await userMenu(userPage).click();
    await expect(usersItem).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await userPage.keyboard.press('Escape');

  await setAdministrator(false);
  await expect(async () => {
    await userPage.keyboard.press('Escape');
    await userMenu(userPage).click();
    await expect(userPage.getByRole('menuitem', { name: 'Minha conta' })).toBeVisible({
      timeout: 500,
    });
    await expect(usersItem).toHaveCount(0, { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  expect(await samePageLoad()).toBe(true);
  await context.close();
});

test('a screen open when the administrator makes the server read-only follows it without a reload', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await signInAdmin(page);
  const { context, userPage } = await signedInNewUser(page, browser, 'Lúcia Leitura', {
    email: 'e2e-leitura@example.com',
    password: 'leitura12',
  });
  await userPage.goto('/account');
  const readonlyNotice = userPage.getByText('Sua conta não pode ser alterada aqui.');
  await expect(saveButton(userPage)).toBeVisible();
  await expect(readonlyNotice).toHaveCount(0);
  const samePageLoad = await markPageLoad(userPage);
  try {
    await patchServer(page.request, {}, { readonly: true });
    // The socket says the settings changed; the page reads them again within a couple of seconds.
    await expect(readonlyNotice).toBeVisible({ timeout: 10_000 });
    await expect(saveButton(userPage)).toHaveCount(0);
  } finally {
    await patchServer(page.request, {}, { readonly: false });
  }
  await expect(readonlyNotice).toHaveCount(0, { timeout: 10_000 });
  expect(await samePageLoad()).toBe(true);
  await context.close();
});
