import { expect, test, type Page } from '@playwright/test';
import { gt06 } from '../../../server/protocol/gt06';
import type { SimulatedFix } from '../../../server/protocol/shared/definition';
import { FakeTracker } from '../../support/fakeTracker';
import { signInAdmin, userMenu } from '../support/session';

/** The e2e server's GT06 port (playwright.config.ts). */
const gt06Port = Number(process.env.E2E_GT06_PORT);

test.use({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });

let serial = 0;
/** A 15-digit IMEI no other test (or earlier run on the same data) uses. */
const freshImei = () => {
  serial += 1;
  return `86${String(Date.now()).slice(-11)}${String(serial).padStart(2, '0')}`;
};

interface ListedTracker {
  uniqueId: string;
  protocol: string;
}

/** Whether the server lists the identifier among the devices trying to connect. */
const listed = async (page: Page, uniqueId: string) => {
  const rows = (await (await page.request.get('/tarkan/devices/connecting')).json()) as
    ListedTracker[] | undefined;
  return rows?.some((row) => row.uniqueId === uniqueId) ?? false;
};

test.beforeEach(async ({ page }) => {
  await signInAdmin(page);
});

test('um rastreador GT06 desconhecido aparece na lista e entra na frota com um clique', async ({
  page,
}) => {
  // Four screens in turn (the device list twice) on a shared two-core machine.
  test.setTimeout(60_000);
  const imei = freshImei();
  const tracker = await FakeTracker.connect(gt06, gt06Port, imei);
  try {
    tracker.sendHello();
    await expect.poll(() => listed(page, imei), { timeout: 15_000 }).toBe(true);

    // The device list says trackers are trying to connect and leads to them.
    await page.goto('/device-admin');
    const hint = page.getByRole('link', { name: /^\d+ dispositivos? tentando conectar$/ });
    await expect(hint).toBeVisible();
    await hint.click();
    await expect(page).toHaveURL(/\/connecting-devices$/);
    await expect(
      page.getByRole('heading', { name: 'Dispositivos tentando conectar', level: 1 }),
    ).toBeVisible();

    const row = page.getByTestId('connecting-device-row').filter({ hasText: imei });
    await expect(row).toHaveCount(1);
    await expect(row.locator('[data-protocol]')).toHaveAttribute('data-protocol', 'gt06');
    await expect(row.locator('[data-protocol]')).toHaveText('GT06');
    await expect(row.getByRole('cell').nth(2)).toHaveText(/^127\.0\.0\.1/);
    // First and latest attempt, in the user's zone and the Brazilian date order.
    await expect(row.getByRole('cell').nth(3)).toHaveText(
      /^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}$/,
    );

    await row.getByRole('button', { name: `Adicionar o dispositivo ${imei}` }).click();
    await expect(page.getByText(`Dispositivo GT06 ${imei} adicionado`)).toBeVisible();
    await expect(row).toHaveCount(0);

    // The notice leads to the new device's form.
    await page.getByRole('link', { name: 'Editar' }).click();
    await expect(page).toHaveURL(/\/device-admin\/\d+$/);
    await expect(page.locator('input[name="uniqueId"]')).toHaveValue(imei);

    await page.goto('/device-admin');
    await page.getByPlaceholder('Buscar').fill(imei);
    await expect(page.getByRole('row').filter({ hasText: `GT06 ${imei}` })).toBeVisible();
    expect(await listed(page, imei)).toBe(false);

    // The administrator's menu has the screen beside the device messages.
    await userMenu(page).click();
    await expect(
      page.getByRole('menuitem', { name: 'Dispositivos tentando conectar' }),
    ).toBeVisible();
  } finally {
    await tracker.close();
  }
});

test('bloquear chega ao rastreador GT06 conectado, a resposta dele aparece e o painel passa a oferecer desbloquear', async ({
  page,
}) => {
  const imei = freshImei();
  const name = `E2E GT06 Caminhão ${imei.slice(-4)}`;
  const created = await page.request.post('/api/devices', { data: { name, uniqueId: imei } });
  expect(created.ok()).toBe(true);
  const device = (await created.json()) as { id: number };

  const tracker = await FakeTracker.connect(gt06, gt06Port, imei);
  try {
    tracker.sendHello();
    expect((await tracker.next()).read.kind).toBe('ack');
    const fix: SimulatedFix = {
      time: Date.now(),
      valid: true,
      latitude: -23.62,
      longitude: -46.55,
      speed: 0,
      course: 0,
      satellites: 9,
      ignition: true,
      blocked: false,
    };
    tracker.sendPosition(fix);

    await page.goto(`/devices/${device.id}`);
    await expect(page.getByTestId('detail-address')).toContainText('-23.62');
    const lock = page.getByRole('button', { name: 'Bloquear', exact: true });
    const unlock = page.getByRole('button', { name: 'Desbloquear', exact: true });
    await expect(lock).toBeEnabled();
    await expect(unlock).toHaveCount(0);

    await lock.click();
    const sent = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/commands/send') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Confirmar' }).click();
    // A connected tracker gets the command at once: 200, not queued.
    expect((await sent).status()).toBe(200);
    await expect(page.getByText('Comando enviado ao dispositivo')).toBeVisible();

    const command = await tracker.nextCommand(10_000);
    expect(command.type).toBe('engineStop');
    tracker.answer(command, 'DYD=Success!');
    tracker.sendPosition({ ...fix, time: Date.now(), blocked: true });

    const toast = page
      .getByTestId('toast')
      .filter({ hasText: `Resposta de ${name}: DYD=Success!` });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Resposta a comando');
    await expect(unlock).toBeVisible();
    await expect(lock).toHaveCount(0);
  } finally {
    await tracker.close();
  }
});
