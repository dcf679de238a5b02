import { expect, test } from '@playwright/test';
import { centerOf, createDevice, mapContainer, report } from '../support/live';
import { signInAdmin } from '../support/session';

const BASE = { lat: -23.64, lon: -46.57 };

test('a share link opens the map alone, with the countdown and only the shared device', async ({
  page,
  browser,
}) => {
  await signInAdmin(page);
  const device = await createDevice(page.request, 'E2E Shared Car');
  await report(page.request, device.uniqueId, BASE.lat, BASE.lon);
  const created = await page.request.post('/tarkan/shares', {
    data: { id: 0, name: 'E2E link', deviceId: device.id, token: null, limitCommands: true },
  });
  expect(created.ok()).toBe(true);
  const { token } = (await created.json()) as { token: string };

  const context = await browser.newContext();
  const viewer = await context.newPage();
  await viewer.goto(`/share/${token}`);
  await expect(viewer).toHaveURL(/\/home$/);
  await expect(viewer.getByTestId('share-countdown')).toContainText(/Expira em (29|30) min/);
  // The device is on the map, alone; no menu, no management entries.
  await expect(mapContainer(viewer)).toHaveAttribute('data-markers', '1');
  await expect(viewer.getByRole('menuitem', { name: 'Dispositivos' })).toHaveCount(0);
  await expect(viewer.getByRole('menuitem', { name: 'Mapa' })).toHaveCount(0);
  await viewer.getByRole('button', { name: 'Perfil' }).click();
  // Only logout in the user menu.
  await expect(viewer.getByRole('menuitem', { name: 'Sair' })).toBeVisible();
  await expect(viewer.getByRole('menuitem')).toHaveCount(1);
  await viewer.keyboard.press('Escape');
  // The token is not kept in the address bar or history.
  expect(viewer.url()).not.toContain(token);
  const history = await viewer.evaluate(() => window.history.length);
  expect(history).toBeLessThanOrEqual(2);
  await context.close();
});

test('a share link opens on its vehicles, wherever they are', async ({ page, browser }) => {
  await signInAdmin(page);
  // Two vehicles in Recife, 2,000 km from where the map opens with no saved position.
  const first = await createDevice(page.request, 'E2E Recife Van 1');
  const second = await createDevice(page.request, 'E2E Recife Van 2');
  await report(page.request, first.uniqueId, -8.05, -34.9);
  await report(page.request, second.uniqueId, -8.11, -34.95);
  const created = await page.request.post('/tarkan/shares', {
    data: { id: 0, name: 'E2E far', deviceIds: [first.id, second.id], token: null },
  });
  expect(created.ok()).toBe(true);
  const { token } = (await created.json()) as { token: string };

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const viewer = await context.newPage();
  await viewer.goto(`/share/${token}`);
  await expect(mapContainer(viewer)).toHaveAttribute('data-markers', '2');
  // Framed: the map looks between the two, close enough to tell them apart.
  await expect
    .poll(async () => {
      const [lat, lon] = await centerOf(viewer);
      return Math.abs(lat + 8.08) < 0.05 && Math.abs(lon + 34.925) < 0.05;
    })
    .toBe(true);
  // Both drawn on screen, each as itself.
  await expect(mapContainer(viewer)).toHaveAttribute('data-drawn', '2');
  await context.close();
});

test('an unknown or revoked link shows the invalid-link message', async ({ page, browser }) => {
  await signInAdmin(page);
  const device = await createDevice(page.request, 'E2E Revoked Car');
  const created = await page.request.post('/tarkan/shares', {
    data: { id: 0, name: 'E2E revoked', deviceId: device.id, token: null, limitCommands: true },
  });
  const share = (await created.json()) as { id: number; token: string };
  expect((await page.request.delete(`/tarkan/shares/${share.id}`)).ok()).toBe(true);

  const context = await browser.newContext();
  const viewer = await context.newPage();
  for (const token of [share.token, 'no-such-token']) {
    await viewer.goto(`/share/${token}`);
    await expect(viewer).toHaveURL(/\/login\?share=invalid$/);
    await expect(viewer.getByText('Link vencido ou inválido.')).toBeVisible();
  }
  await context.close();
});

test('the device share dialog creates a link and revokes it', async ({ page }) => {
  await signInAdmin(page);
  const device = await createDevice(page.request, 'E2E Dialog Car');
  await report(page.request, device.uniqueId, BASE.lat + 0.01, BASE.lon);
  await page.goto(`/devices/${device.id}`);
  await page.getByRole('button', { name: 'Link de compartilhamento' }).click();
  await page.getByTestId('share-create').click();
  await expect(page.getByTestId('share-link')).toHaveValue(/\/share\/[\w-]{40,}$/);
  const list = page.getByTestId('share-list');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list.getByRole('button', { name: 'Revogar' }).click();
  await page.getByRole('dialog').last().getByRole('button', { name: 'Revogar' }).click();
  await expect(page.getByTestId('shares-empty')).toBeVisible();
});

test("a Traccar share link (/?token=) opens the app signed in as the link's viewer", async ({
  page,
  browser,
}) => {
  await signInAdmin(page);
  const device = await createDevice(page.request, 'E2E Traccar Shared Car');
  await report(page.request, device.uniqueId, BASE.lat, BASE.lon);
  const expiration = new Date(Date.now() + 60 * 60 * 1000).toISOString();
  const shared = await page.request.post('/api/share/device', {
    form: { deviceId: String(device.id), expiration },
    // A browser's form post names its origin; the API client must say it too.
    headers: { origin: String(test.info().project.use.baseURL) },
  });
  expect(shared.status()).toBe(200);
  const token = await shared.text();

  const context = await browser.newContext();
  const viewer = await context.newPage();
  await viewer.goto(`/?token=${encodeURIComponent(token)}`);
  await expect(mapContainer(viewer)).toHaveAttribute('data-markers', '1');
  expect(viewer.url()).not.toContain('token=');
  await context.close();
});
