import { expect, test } from '@playwright/test';
import { choose, findByName, patchServer, saveButton, searchedRow } from '../support/admin';
import { signInAdmin, typeDate } from '../support/session';

// Each test fills a whole form and checks it on the server: a minute each, not the default half.
test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => {
  await signInAdmin(page);
});

test('an admin creates a device', async ({ page }) => {
  await page.goto('/device-admin/create');
  await saveButton(page).click();
  await expect(page.getByText('Por favor, insira um nome para o dispositivo')).toBeVisible();
  await expect(
    page.getByText('Por favor, insira o identificador único do dispositivo'),
  ).toBeVisible();
  await page.getByLabel('Nome', { exact: true }).fill('E2E Admin Truck');
  await page.getByLabel('Identificador único (IMEI)').fill('e2e-admin-truck');
  await page.getByRole('tab', { name: 'Veículo' }).click();
  await page.getByLabel('Placa').fill('ABC1D23');
  await page.getByRole('tab', { name: 'Ícone e cores' }).click();
  await expect(page.getByTestId('device-icon-preview').locator('svg')).toBeVisible();
  await saveButton(page).click();
  await expect(page).toHaveURL(/\/device-admin$/);
  await expect(await searchedRow(page, 'E2E Admin Truck')).toContainText('ABC1D23');
});

test.describe('at the server device limit', () => {
  // Lifted after the test whatever its outcome, even a timeout: every later test adds devices.
  test.afterEach(async ({ page }) => {
    await patchServer(page.request, { 'tarkan.deviceLimit': null });
  });

  test('creating is disabled and refused, translated', async ({ page }) => {
    const devices = (await (await page.request.get('/api/devices')).json()) as unknown[];
    await patchServer(page.request, { 'tarkan.deviceLimit': devices.length });
    await page.goto('/device-admin');
    await expect(page.getByRole('link', { name: 'Criar' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await page.goto('/device-admin/create');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Limite de dispositivos atingido' }),
    ).toBeVisible();
    await page.getByLabel('Nome', { exact: true }).fill('E2E Over Limit');
    await page.getByLabel('Identificador único (IMEI)').fill('e2e-over-limit');
    await saveButton(page).click();
    await expect(page.getByText('Limite de dispositivos atingido').last()).toBeVisible();
    await expect(page).toHaveURL(/\/device-admin\/create$/);
  });
});

test('an admin creates a group', async ({ page }) => {
  await page.goto('/groups/create');
  await saveButton(page).click();
  await expect(page.getByText('O campo nome é obrigatório')).toBeVisible();
  await page.getByLabel('Nome', { exact: true }).fill('E2E Grupo Sul');
  await saveButton(page).click();
  await expect(page).toHaveURL(/\/groups$/);
  await expect(page.getByRole('row').filter({ hasText: 'E2E Grupo Sul' })).toBeVisible();
});

test('an admin draws a circle geofence on the map', async ({ page }) => {
  await page.goto('/geofence/create');
  await saveButton(page).click();
  await expect(page.getByText('O campo nome é obrigatório')).toBeVisible();
  await expect(page.getByText('Desenhe a cerca no mapa')).toBeVisible();
  await page.getByLabel('Nome', { exact: true }).fill('E2E Pátio');
  await page.getByRole('button', { name: 'Círculo' }).click();
  await expect(page.getByTestId('geofence-hint')).toHaveText('Clique no centro do círculo.');
  const map = page.getByTestId('geofence-map');
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByTestId('geofence-hint')).toHaveText('Clique para definir o raio.');
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2);
  await page.mouse.click(box.x + box.width / 2 + 80, box.y + box.height / 2);
  await expect(page.getByTestId('geofence-hint')).toContainText('Círculo desenhado');
  await page.getByRole('button', { name: 'Concluir' }).click();
  await expect(page.getByTestId('geofence-area')).toHaveText(
    /^CIRCLE \(-?\d+(\.\d+)? -?\d+(\.\d+)?, \d+(\.\d)?\)$/,
  );
  await expect(page.locator('.leaflet-interactive')).toHaveCount(1);
  await saveButton(page).click();
  await expect(page).toHaveURL(/\/geofence$/);
  const saved = await findByName<{ area: string }>(page.request, '/api/geofences', 'E2E Pátio');
  const [, lat, lon, radius] = /^CIRCLE \((\S+) (\S+), (\S+)\)$/.exec(saved.area)!;
  // Latitude first: the map opens on São Paulo (lat ≈ -23, lon ≈ -46).
  expect(Number(lat)).toBeGreaterThan(-90);
  expect(Math.abs(Number(lat))).toBeLessThan(Math.abs(Number(lon)));
  expect(Number(radius)).toBeGreaterThan(0);
});

test('an admin creates a notification with a custom sound URL', async ({ page }) => {
  await page.goto('/notifications/create');
  await page.getByRole('combobox', { name: 'Canais' }).click();
  await page.getByRole('option', { name: 'Web' }).click();
  await page.keyboard.press('Escape');
  await saveButton(page).click();
  await expect(page.getByText('Escolha o tipo da notificação')).toBeVisible();
  await expect(page.getByText('Escolha pelo menos um canal')).toBeVisible();
  await choose(page, 'Tipo', 'Alarme');
  await page.getByRole('combobox', { name: 'Canais' }).click();
  await page.getByRole('option', { name: 'Web' }).click();
  await page.keyboard.press('Escape');
  await saveButton(page).click();
  await expect(page.getByText('Escolha pelo menos um alarme')).toBeVisible();
  await page.getByRole('combobox', { name: 'Alarmes' }).click();
  await page.getByRole('option', { name: 'SOS' }).click();
  await page.keyboard.press('Escape');
  await page.getByLabel('Descrição', { exact: true }).fill('E2E Alarme SOS');
  await choose(page, 'Som', 'Arquivo personalizado');
  await page
    .getByLabel('Endereço do arquivo de som (mp3, wav ou ogg)')
    .fill('https://sons.example.com/sirene.flac');
  await saveButton(page).click();
  await expect(page.getByText('O som deve ser um arquivo mp3, wav ou ogg')).toBeVisible();
  await page
    .getByLabel('Endereço do arquivo de som (mp3, wav ou ogg)')
    .fill('https://sons.example.com/sirene.mp3');
  await choose(page, 'Posição do aviso', 'Superior esquerdo');
  await saveButton(page).click();
  await expect(page).toHaveURL(/\/notifications$/);
  const saved = await findByName<{
    type: string;
    notificators: string;
    attributes: Record<string, unknown>;
  }>(page.request, '/api/notifications', 'E2E Alarme SOS');
  expect(saved.type).toBe('alarm');
  expect(saved.notificators).toBe('web');
  expect(saved.attributes).toMatchObject({
    alarms: 'sos',
    'tarkan.sound': 'custom',
    'tarkan.soundURL': 'https://sons.example.com/sirene.mp3',
    'tarkan.position': 'top-left',
  });
});

test.describe('with the browser in São Paulo', () => {
  test.use({ timezoneId: 'America/Sao_Paulo' });

  test('an admin creates a weekly calendar', async ({ page }) => {
    await page.goto('/calendars/create');
    await saveButton(page).click();
    await expect(page.getByText('O campo nome é obrigatório')).toBeVisible();
    await page.getByLabel('Nome', { exact: true }).fill('E2E Horário comercial');
    await page.getByRole('button', { name: 'Adicionar agendamento' }).click();
    const schedule = page.getByTestId('schedule-0');
    await typeDate(schedule.getByRole('group', { name: 'Início' }), '070120300800');
    await typeDate(schedule.getByRole('group', { name: 'Fim' }), '070120301800');
    await choose(page, 'Repetir', 'Semanalmente');
    await page.getByRole('button', { name: 'Seg' }).click();
    await page.getByRole('button', { name: 'Qua' }).click();
    await saveButton(page).click();
    await expect(page).toHaveURL(/\/calendars$/);
    await expect(page.getByRole('row').filter({ hasText: 'E2E Horário comercial' })).toContainText(
      '1 agendamento',
    );
    const saved = await findByName<{ data: string }>(
      page.request,
      '/api/calendars',
      'E2E Horário comercial',
    );
    const text = Buffer.from(saved.data, 'base64').toString('utf8');
    expect(text).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO,WE');
    // A new event is written in the browser's zone, as its wall-clock times were typed.
    expect(text).toContain('DTSTART;TZID=America/Sao_Paulo:20300107T080000');
    expect(text).toContain('DTEND;TZID=America/Sao_Paulo:20300107T180000');
  });
});

test('an admin creates a driver with licence data', async ({ page }) => {
  await page.goto('/drivers/create');
  await saveButton(page).click();
  await expect(page.getByText('O campo nome é obrigatório')).toBeVisible();
  await page.getByLabel('Nome', { exact: true }).fill('E2E Motorista Silva');
  await page.getByLabel('Identificador', { exact: true }).fill('e2e-cnh-1');
  await page.getByRole('tab', { name: 'Habilitação' }).click();
  await page.getByLabel('Número da CNH').fill('01234567890');
  await page.getByLabel('Categoria da CNH').fill('AE');
  await page.getByRole('tab', { name: 'Check-in por QR' }).click();
  await page.getByLabel('Check-in por QR code').check();
  await page.getByLabel('Usuário do motorista').fill('silva');
  await saveButton(page).click();
  await expect(page).toHaveURL(/\/drivers$/);
  const saved = await findByName<{ attributes: Record<string, unknown> }>(
    page.request,
    '/api/drivers',
    'E2E Motorista Silva',
  );
  expect(saved.attributes).toMatchObject({
    cnhNumber: '01234567890',
    cnhCategory: 'AE',
    'tarkan.enableQrCode': true,
    'tarkan.driverUsername': 'silva',
  });
});

test('an admin tests a computed attribute against a device and saves it', async ({ page }) => {
  await page.goto('/computed/create');
  await saveButton(page).click();
  await expect(page.getByText('Por favor, preencha todos os campos').first()).toBeVisible();
  await page.getByLabel('Descrição', { exact: true }).fill('E2E Velocidade dobrada');
  await page.getByLabel('Atributo', { exact: true }).fill('doubleSpeed');
  await page.getByLabel('Expressão').fill('speed * 2 + 1');
  await page.getByLabel('Dispositivo para o teste').click();
  await page.getByRole('option', { name: 'Chevrolet S10 01' }).click();
  await page.getByRole('button', { name: 'Testar' }).click();
  await expect(page.getByTestId('computed-result')).toHaveText(/^Resultado: \d+(\.\d+)?$/);
  await saveButton(page).click();
  await expect(page).toHaveURL(/\/computed$/);
  await expect(page.getByRole('row').filter({ hasText: 'E2E Velocidade dobrada' })).toBeVisible();
});

test('the other forms show their validation in pt-BR, es-ES and en-US', async ({ page }) => {
  // Six form screens, each loading its code on first use.
  test.setTimeout(90_000);
  await page.goto('/commands/create');
  await saveButton(page).click();
  await expect(page.getByText('Por favor, preencha todos os campos').first()).toBeVisible();
  await page.goto('/maintenances/create');
  await saveButton(page).click();
  await expect(page.getByText('O campo nome é obrigatório')).toBeVisible();

  await page.goto('/device-admin/create?locale=es-ES');
  await saveButton(page).click();
  await expect(page.getByText('Por favor, introduzca un nombre para el dispositivo')).toBeVisible();
  await page.goto('/users/create?locale=es-ES');
  await saveButton(page).click();
  await expect(page.getByText('Ingrese nombre y apellido')).toBeVisible();

  await page.goto('/device-admin/create?locale=en-US');
  await saveButton(page).click();
  await expect(page.getByText('Please enter the unique identifier of the device')).toBeVisible();
  await page.goto('/geofence/create?locale=en-US');
  await saveButton(page).click();
  await expect(page.getByText('The name field is required')).toBeVisible();
});

test('the menu starts under the bar on a page taller than the window, as on the map', async ({
  page,
}) => {
  const firstItemTop = async () => {
    const item = page.locator('nav').getByRole('menuitem', { name: 'Mapa' });
    await expect(item).toBeVisible();
    return (await item.boundingBox())?.y ?? -1;
  };
  await page.goto('/home');
  const onMap = await firstItemTop();
  // The notification form is taller than an 800 px window: the page itself scrolls.
  await page.goto('/notifications/create');
  await expect(page.getByRole('combobox', { name: 'Canais' })).toBeVisible();
  expect(
    await page.evaluate(() => document.scrollingElement!.scrollHeight > window.innerHeight),
  ).toBe(true);
  expect(await firstItemTop()).toBeCloseTo(onMap, 0);
  // Scrolled down, it stays in view under the bar.
  await page.mouse.wheel(0, 400);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  expect(await firstItemTop()).toBeCloseTo(onMap, 0);
});
