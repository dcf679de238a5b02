import { expect, test, type Page } from '@playwright/test';
import { centerOf, createDevice, mapContainer, report } from '../support/live';
import { signInAdmin } from '../support/session';

// São Paulo, away from the demo fleet's streets.
const BASE = { lat: -23.62, lon: -46.55 };

test.beforeEach(async ({ page }) => {
  await signInAdmin(page);
});

test('markers, counters and the device list show the fleet', async ({ page }) => {
  const device = await createDevice(page.request, 'E2E Marker Car');
  await report(page.request, device.uniqueId, BASE.lat, BASE.lon);
  await page.goto('/home');
  await expect(mapContainer(page)).toHaveAttribute('data-markers', /^([6-9]|\d\d+)$/);
  await expect(page.getByTestId('counter-all').locator('[data-count]')).not.toHaveText('0');
  await page.getByRole('menuitem', { name: 'Dispositivos' }).click();
  await expect(page).toHaveURL(/\/devices$/);
  await expect(page.getByTestId('device-row').first()).toBeVisible();
  await expect(page.getByTestId('device-row').filter({ hasText: 'E2E Marker Car' })).toBeVisible();
});

test('a socket position moves the marker and follow keeps it centred', async ({ page }) => {
  const device = await createDevice(page.request, 'E2E Follow Car');
  await report(page.request, device.uniqueId, BASE.lat, BASE.lon);
  await page.goto(`/devices/${device.id}`);
  await expect(page.getByTestId('detail-address')).toContainText('-23.620000');
  await page.getByRole('button', { name: 'Seguir' }).click();
  await expect(page.getByRole('button', { name: 'Parar de seguir' })).toBeVisible();
  const target = { lat: BASE.lat + 0.02, lon: BASE.lon + 0.03 };
  await report(page.request, device.uniqueId, target.lat, target.lon);
  await expect(page.getByTestId('detail-address')).toContainText('-23.600000');
  await expect
    .poll(async () => {
      const [lat, lng] = await centerOf(page);
      return Math.abs(lat - target.lat) < 0.001 && Math.abs(lng - target.lon) < 0.001;
    })
    .toBe(true);
});

test('a device renamed elsewhere changes name in the list without a report or a reload', async ({
  page,
}) => {
  const device = await createDevice(page.request, 'E2E Parked Van');
  await report(page.request, device.uniqueId, BASE.lat, BASE.lon);
  await page.goto('/devices');
  await page.getByTestId('device-search').fill('E2E Parked');
  await expect(page.getByTestId('device-row').filter({ hasText: 'E2E Parked Van' })).toBeVisible();
  // Another administrator renames it; the vehicle is parked and sends nothing.
  const renamed = await page.request.put(`/api/devices/${device.id}`, {
    data: { ...device, name: 'E2E Parked Van - Garagem' },
  });
  expect(renamed.ok()).toBe(true);
  await expect(
    page.getByTestId('device-row').filter({ hasText: 'E2E Parked Van - Garagem' }),
  ).toBeVisible({ timeout: 3000 });
});

test('a device opened from the list is brought into view', async ({ page }) => {
  // Far from the rest of the fleet: the map that shows them all sees it from afar, at its edge.
  const far = { lat: -22.91, lon: -43.17 };
  const device = await createDevice(page.request, 'E2E Rio Truck');
  await report(page.request, device.uniqueId, far.lat, far.lon);
  await page.goto('/devices');
  await page.getByTestId('device-search').fill('E2E Rio');
  await page.getByTestId('device-row').filter({ hasText: 'E2E Rio Truck' }).click();
  await expect(page).toHaveURL(new RegExp(`/devices/${device.id}$`));
  await expect
    .poll(async () => {
      const [lat, lng] = await centerOf(page);
      return Math.abs(lat - far.lat) < 0.01 && Math.abs(lng - far.lon) < 0.01;
    })
    .toBe(true);
});

test('filters and search narrow the list and the map', async ({ page }) => {
  const device = await createDevice(page.request, 'E2E Search (x+y)*');
  await report(page.request, device.uniqueId, BASE.lat, BASE.lon);
  // Never reported, so offline: the offline filter keeps at least this one whatever the demo
  // fleet is doing.
  await createDevice(page.request, 'E2E Never reported');
  await page.goto('/devices');
  const search = page.getByTestId('device-search');
  await search.fill('(x+y)*');
  await expect(page.getByTestId('device-row')).toHaveCount(1);
  await expect(mapContainer(page)).toHaveAttribute('data-markers', '1');
  await expect(page.getByTestId('counter-all').locator('[data-count]')).toHaveText('1');
  await search.fill('.*');
  await expect(page.getByTestId('device-list-empty')).toBeVisible();
  await expect(mapContainer(page)).toHaveAttribute('data-markers', '0');
  // Kept in local storage across reloads.
  await page.reload();
  await expect(page.getByTestId('device-search')).toHaveValue('.*');
  await page.getByRole('button', { name: 'Limpar busca' }).click();
  await expect(page.getByTestId('device-search')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Limpar busca' })).toBeHidden();
  await page.getByTestId('counter-offline').click();
  await expect(page.getByTestId('counter-offline')).toHaveAttribute('aria-pressed', 'true');
  const offline = Number(
    await page.getByTestId('counter-offline').locator('[data-count]').textContent(),
  );
  expect(offline).toBeGreaterThan(0);
  // The list draws only the rows in sight; its count is every device the filter keeps.
  await expect(page.getByTestId('device-list')).toHaveAttribute('data-count', String(offline));
  await page.getByTestId('counter-all').click();
  await expect(page.getByTestId('device-row').first()).toBeVisible();
});

test('the live map device panel finds a vehicle typed without accents or hyphens', async ({
  page,
}) => {
  const tag = Math.random().toString(36).slice(2, 7);
  const name = `Ônibus Escolar ${tag}`;
  const device = await createDevice(page.request, name);
  const read = await page.request.get(`/api/devices/${device.id}`);
  expect(read.ok()).toBe(true);
  const saved = (await read.json()) as Record<string, unknown>;
  const put = await page.request.put(`/api/devices/${device.id}`, {
    data: { ...saved, attributes: { placa: 'QWE-9T87' } },
  });
  expect(put.ok()).toBe(true);
  await page.goto('/devices');
  const search = page.getByTestId('device-search');
  await expect(search).toBeVisible({ timeout: 30_000 });
  await search.fill(`onibus escolar ${tag}`);
  await expect(page.getByTestId('device-row').filter({ hasText: name })).toBeVisible();
  await search.fill('qwe9t87');
  await expect(page.getByTestId('device-row').filter({ hasText: name })).toBeVisible();
  await search.fill('ônibus escolar zzz');
  await expect(page.getByTestId('device-row')).toHaveCount(0);
});

test('sorting flips by name and cycles through the states', async ({ page }) => {
  await page.goto('/devices');
  const bar = page.getByTestId('sort-bar');
  await expect(bar).toHaveAttribute('data-sort', 'name-asc');
  const firstAsc = await page.getByTestId('device-name').first().textContent();
  await page.getByRole('button', { name: 'Nome' }).click();
  await expect(bar).toHaveAttribute('data-sort', 'name-desc');
  await expect(page.getByTestId('device-name').first()).not.toHaveText(firstAsc ?? '');
  await page.getByRole('button', { name: 'Nome' }).click();
  const seen: string[] = [];
  for (let i = 0; i < 7; i += 1) {
    await page.getByTestId('sort-state').click();
    seen.push((await bar.getAttribute('data-sort')) ?? '');
  }
  expect(seen).toEqual([
    'motion-asc',
    'anchor-asc',
    'locked-asc',
    'ignition-asc',
    'driver-asc',
    'alert-asc',
    'name-asc',
  ]);
});

interface GeofenceRow {
  id: number;
  name: string;
  area: string;
  calendarId: number;
  attributes: { isAnchor?: boolean; deviceId?: number };
}

test('anchor on creates the geofence, anchor off deletes it, cancel says so', async ({ page }) => {
  const device = await createDevice(page.request, 'E2E Anchor Car');
  await report(page.request, device.uniqueId, BASE.lat, BASE.lon);
  await page.goto(`/devices/${device.id}`);
  const anchors = async () =>
    ((await (await page.request.get('/api/geofences')).json()) as GeofenceRow[]).filter(
      (geofence) => geofence.attributes.isAnchor && geofence.attributes.deviceId === device.id,
    );

  await page.getByRole('button', { name: 'Ativar âncora' }).click();
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByText('Ação cancelada pelo usuário')).toBeVisible();
  expect(await anchors()).toHaveLength(0);

  await page.getByRole('button', { name: 'Ativar âncora' }).click();
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Âncora ativada')).toBeVisible();
  await expect.poll(async () => (await anchors()).length).toBe(1);
  const [anchor] = await anchors();
  expect(anchor.name).toBe('Âncora E2E Anchor Car');
  expect(anchor.calendarId).toBe(0);
  expect(anchor.area).toMatch(/^CIRCLE \(-23\.62 -46\.55, 150\)$/);
  const linked = await page.request.get(`/api/geofences?deviceId=${device.id}`);
  expect(((await linked.json()) as GeofenceRow[]).map((row) => row.id)).toContain(anchor.id);

  await page.getByRole('button', { name: 'Desativar âncora' }).click();
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Âncora desativada')).toBeVisible();
  await expect.poll(async () => (await anchors()).length).toBe(0);
});

test('lock sends engineStop to the device', async ({ page }) => {
  const device = await createDevice(page.request, 'E2E Lock Car');
  await report(page.request, device.uniqueId, BASE.lat, BASE.lon, { blocked: 'false' });
  await page.goto(`/devices/${device.id}`);
  await page.getByRole('button', { name: 'Bloquear' }).click();
  const sent = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/commands/send') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Confirmar' }).click();
  const response = await sent;
  expect([200, 202]).toContain(response.status());
  expect(response.request().postDataJSON()).toMatchObject({
    deviceId: device.id,
    type: 'engineStop',
  });
  await expect(page.getByText(/Comando enviado|enfileirado/)).toBeVisible();
});

/**
 * A reporting device and an alarm rule for every user through the web channel, with the map open
 * and its socket settled, ready for the alarm that raises a toast: the device and the rule's id.
 */
async function alarmToastSetup(page: Page, name: string, attributes: Record<string, unknown>) {
  const device = await createDevice(page.request, name);
  await report(page.request, device.uniqueId, BASE.lat, BASE.lon);
  const rule = await page.request.post('/api/notifications', {
    data: { type: 'alarm', always: true, notificators: 'web', attributes },
  });
  expect(rule.ok()).toBe(true);
  await page.goto('/home');
  await expect(mapContainer(page)).toHaveAttribute('data-markers', /\d+/);
  await page.waitForTimeout(500);
  return { device, ruleId: ((await rule.json()) as { id: number }).id };
}

test('an event becomes a toast with its rule colour, corner and sound; mute silences it', async ({
  page,
}) => {
  const { device } = await alarmToastSetup(page, 'E2E Alarm Car', {
    alarms: 'sos',
    'tarkan.sound': 'audio5',
    'tarkan.color': 'soft-red',
    'tarkan.position': 'top-right',
  });
  await report(page.request, device.uniqueId, BASE.lat, BASE.lon + 0.001, { alarm: 'sos' });
  const toast = page.getByTestId('toast').filter({ hasText: 'E2E Alarm Car' }).first();
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('SOS');
  await expect(toast).toHaveAttribute('data-sound', 'audio5');
  await expect(toast).toHaveAttribute('data-color', 'soft-red');
  await expect(toast).toHaveAttribute('data-position', 'top-right');

  await page.getByTestId('mute-toggle').click();
  await expect(page.getByTestId('mute-toggle')).toHaveAttribute('aria-pressed', 'true');
  // The server skips an alarm already on the previous fix: clear it, then raise it again.
  await report(page.request, device.uniqueId, BASE.lat, BASE.lon + 0.002);
  await report(page.request, device.uniqueId, BASE.lat, BASE.lon + 0.003, { alarm: 'sos' });
  const muted = page.getByTestId('toast').filter({ hasText: 'E2E Alarm Car' });
  await expect(muted.and(page.locator('[data-sound="muted"]'))).toBeVisible();
});

test('a toast in its default corner leaves the map zoom buttons clear and usable', async ({
  page,
}) => {
  // The default corner (bottom-right), pinned so it stays while the buttons are tried.
  const { device, ruleId } = await alarmToastSetup(page, 'E2E Corner Car', {
    alarms: 'fallDown',
    'tarkan.pin': true,
  });
  try {
    await report(page.request, device.uniqueId, BASE.lat, BASE.lon + 0.001, { alarm: 'fallDown' });
    const toast = page.getByTestId('toast').filter({ hasText: 'E2E Corner Car' }).first();
    await expect(toast).toBeVisible();
    await expect(toast).toHaveAttribute('data-position', 'bottom-right');
    const zoomIn = page.getByRole('button', { name: 'Aproximar' });
    const [card, button] = [await toast.boundingBox(), await zoomIn.boundingBox()];
    if (!card || !button) throw new Error('toast or zoom button not laid out');
    expect(card.y + card.height <= button.y || button.y + button.height <= card.y).toBe(true);
    // Playwright clicks only what is not covered.
    await zoomIn.click({ timeout: 3000 });
    await page.getByRole('button', { name: 'Afastar' }).click({ timeout: 3000 });
  } finally {
    await page.request.delete(`/api/notifications/${ruleId}`);
  }
});

test.describe('a browser in São Paulo against a server in UTC', () => {
  test.use({ timezoneId: 'America/Sao_Paulo' });

  test("the panel's attributes read in the user's zone and units, as its summary does", async ({
    page,
  }) => {
    const device = await createDevice(page.request, 'E2E Attributes Car');
    // Whole seconds, two minutes ago: the wire carries it as ISO text in UTC.
    const fixSeconds = Math.floor(Date.now() / 1000) - 120;
    await report(page.request, device.uniqueId, BASE.lat, BASE.lon, {
      timestamp: fixSeconds,
      speed: 40,
      odometer: 111_855_296,
      hours: 15_929_704_248,
    });
    await page.goto(`/devices/${device.id}?expand=true`);
    const all = page.getByTestId('all-attributes');
    await expect(all).toBeVisible();
    const row = (label: string) =>
      all.getByTestId('info-row').filter({ has: page.getByText(label, { exact: true }) });
    const saoPaulo = new Intl.DateTimeFormat('pt-BR', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).format(new Date(fixSeconds * 1000));
    await expect(row('Hora do GPS')).toContainText(saoPaulo);
    await expect(row('Hora do GPS')).not.toContainText('Z');
    // 40 knots, as the summary above shows it.
    await expect(page.getByTestId('detail-speed')).toContainText('74 km/h');
    await expect(row('Velocidade')).toContainText('74,1 km/h');
    await expect(row('Hodômetro')).toContainText('111.855,30 km');
    await expect(row('Horas de motor')).toContainText('4.424,9 h');
    await expect(row('Latitude')).toContainText('-23.620000');
  });
});
