import { statSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { choose, findByName, saveButton } from '../support/admin';
import { mapContainer, reportFixes, type PastFix } from '../support/live';
import { admin, expectSignedIn, signIn } from '../support/session';

/**
 * An operator's first day, in Portuguese and São Paulo time: sign in, see the fleet, add a
 * vehicle that reports over OsmAnd, draw a geofence for it, get alerted when it drives in, export
 * a trips report and share the vehicle.
 */
test.use({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
test.setTimeout(120_000);

const MINUTE = 60_000;

test('the first day: fleet, new vehicle, geofence alert, trips export and a share link', async ({
  page,
}) => {
  const stamp = Date.now();
  const name = `Primeiro Dia ${stamp}`;
  const uniqueId = `primeiro-${stamp}`;

  // Sign in and see the fleet on the map.
  await page.goto('/login');
  await signIn(page, admin);
  await expectSignedIn(page);
  await expect(mapContainer(page)).toHaveAttribute('data-markers', /^[1-9]\d*$/);

  // Add the vehicle.
  await page.goto('/device-admin/create');
  await page.getByLabel('Nome', { exact: true }).fill(name);
  await page.getByLabel('Identificador único (IMEI)').fill(uniqueId);
  await saveButton(page).click();
  await expect(page).toHaveURL(/\/device-admin$/);
  const device = await findByName<{ id: number }>(page.request, '/api/devices', name);

  // Draw a circle geofence and say, in the editor, that it applies to the new vehicle.
  await page.goto('/geofence/create');
  await page.getByLabel('Nome', { exact: true }).fill(`Pátio ${stamp}`);
  await page.getByRole('button', { name: 'Círculo' }).click();
  const map = page.getByTestId('geofence-map');
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2);
  await page.mouse.click(box.x + box.width / 2 + 40, box.y + box.height / 2);
  await page.getByRole('button', { name: 'Concluir' }).click();
  const area = (await page.getByTestId('geofence-area').textContent()) ?? '';
  const [, lat, lon, radius] = /^CIRCLE \((\S+) (\S+), (\S+)\)$/.exec(area)!.map(Number);
  await expect(page.getByText('Não se aplica a nenhum dispositivo')).toBeVisible();
  await page.getByRole('combobox', { name: 'Dispositivos' }).fill(name);
  await page.getByRole('option', { name }).click();
  await expect(page.getByText('Aplica-se a 1 dispositivo')).toBeVisible();
  await saveButton(page).click();
  await expect(page).toHaveURL(/\/geofence$/);
  const row = page.getByRole('row').filter({ hasText: `Pátio ${stamp}` });
  await expect(row.getByRole('cell').last()).toHaveText('1');
  const geofence = await findByName<{ id: number }>(
    page.request,
    '/api/geofences',
    `Pátio ${stamp}`,
  );
  const linked = (await (
    await page.request.get(`/api/geofences?deviceId=${device.id}`)
  ).json()) as { id: number }[];
  expect(linked.map((g) => g.id)).toEqual([geofence.id]);

  // The vehicle's morning: parked, a 20-minute drive north, parked again, well outside the fence.
  const outside = lat + (3 * radius) / 111_000 + 0.1;
  const start = Date.now() - 50 * MINUTE;
  let fixLat = outside - 0.16;
  const backlog: PastFix[] = [];
  for (let t = 0; t <= 10 * MINUTE; t += 2 * MINUTE)
    backlog.push({ time: start + t, lat: fixLat, lon, ignition: false });
  for (let t = 30_000; t <= 20 * MINUTE; t += 30_000) {
    fixLat += 0.004;
    backlog.push({ time: start + 10 * MINUTE + t, lat: fixLat, lon, speed: 29, ignition: true });
  }
  for (let t = 2 * MINUTE; t <= 10 * MINUTE; t += 2 * MINUTE)
    backlog.push({ time: start + 30 * MINUTE + t, lat: fixLat, lon, ignition: false });
  await reportFixes(page.request, uniqueId, backlog);

  // A web alert when it enters the fence, for all devices. The form warns while the rule can
  // reach no linked geofence, and stops once it covers the vehicle the fence applies to.
  await page.goto('/notifications/create');
  await choose(page, 'Tipo', 'Entrou na cerca virtual');
  // The web channel is already chosen for a new rule.
  await expect(page.getByRole('combobox', { name: 'Canais' })).toContainText('Web');
  await page.getByLabel('Descrição', { exact: true }).fill(`Chegou ao pátio ${stamp}`);
  await expect(page.getByText('nunca dispara')).toBeVisible();
  await page.getByLabel('Todos os dispositivos').check();
  await expect(page.getByText('nunca dispara')).toBeHidden();
  await saveButton(page).click();
  await expect(page).toHaveURL(/\/notifications$/);

  // Back on the map, the vehicle drives into the fence and the alert pops up.
  await page.goto('/home');
  await expect(mapContainer(page)).toHaveAttribute('data-markers', /^[1-9]\d*$/);
  await page.waitForTimeout(500);
  const now = Date.now();
  await reportFixes(page.request, uniqueId, [
    { time: now - 1000, lat: fixLat, lon, speed: 20 },
    { time: now, lat, lon, speed: 20 },
  ]);
  const toast = page.getByTestId('toast').filter({ hasText: name }).first();
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Entrou na cerca virtual');

  // The morning's trip in the trips report, exported as a spreadsheet.
  await page.goto('/reports/travels');
  await page.getByTestId('report-devices').locator('input').fill(name);
  await page.getByRole('option', { name }).click();
  await page.getByLabel('Período').click();
  await page.getByRole('option', { name: 'Últimos 7 dias' }).click();
  await page.getByRole('button', { name: 'Carregar' }).click();
  const trips = page.getByRole('table', { name: 'Viagens' });
  await expect(trips.getByRole('row').filter({ hasText: name }).first()).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  expect(statSync(await download.path()).size).toBeGreaterThan(0);

  // Share the vehicle: the dialog creates a link.
  await page.goto(`/devices/${device.id}`);
  await page.getByRole('button', { name: 'Link de compartilhamento' }).click();
  await page.getByTestId('share-create').click();
  await expect(page.getByTestId('share-link')).toHaveValue(/\/share\/[\w-]{40,}$/);
});
