import { chromium, expect, test, type APIRequestContext } from '@playwright/test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { createDevice } from '../support/live';
import { signIn, signInAdmin } from '../support/session';

const WIDTH = 640;
const HEIGHT = 480;

/**
 * A Y4M (raw I420) video for Chromium's fake camera showing a QR code of `text`, drawn locally
 * with `qrcode` and placed on a white frame with `sharp`.
 */
async function qrVideo(dir: string, text: string): Promise<string> {
  const png = await QRCode.toBuffer(text, { width: 360, margin: 2 });
  const gray = await sharp({
    create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#ffffff' },
  })
    .composite([{ input: png, gravity: 'center' }])
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { data, info } = gray;
  const luma = Buffer.alloc(WIDTH * HEIGHT);
  for (let i = 0; i < WIDTH * HEIGHT; i += 1) luma[i] = data[i * info.channels];
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  const file = join(dir, 'qr.y4m');
  await writeFile(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
  return file;
}

async function qrDriver(request: APIRequestContext, username: string, deviceId: number) {
  const created = await request.post('/api/drivers', {
    data: {
      name: 'Motorista E2E',
      uniqueId: `e2e-driver-${Date.now()}`,
      attributes: {
        'tarkan.enableQrCode': true,
        'tarkan.driverUsername': username,
        'tarkan.driverPassword': 'driver-e2e-pass',
      },
    },
  });
  expect(created.ok()).toBe(true);
  const driver = (await created.json()) as { id: number };
  const linked = await request.post('/api/permissions', {
    data: { deviceId, driverId: driver.id },
  });
  expect(linked.ok()).toBe(true);
}

test('a driver signs in, checks in by scanning the vehicle QR, and checks out', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await signInAdmin(page);
  const device = await createDevice(page.request, 'Caminhão QR');
  const username = `joao${Date.now()}`;
  await qrDriver(page.request, username, device.id);

  const dir = await mkdtemp(join(tmpdir(), 'frota-qr-'));
  const video = await qrVideo(dir, `${baseURL}/qr-driver/scan/${device.id}`);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL, locale: 'pt-BR' });
    await context.grantPermissions(['camera'], { origin: baseURL });
    const driver = await context.newPage();
    await driver.goto('/qr-driver');
    await expect(driver).toHaveURL(/\/motorista\?to=%2Fqr-driver$/);
    await expect(driver.getByText('Acesso do motorista')).toBeVisible();
    await signIn(driver, { email: username, password: 'driver-e2e-pass' });
    await expect(driver).toHaveURL(/\/qr-driver$/);
    await expect(driver.getByTestId('driver-none')).toBeVisible();
    // No map, no menus for a driver.
    await expect(driver.getByTestId('home-map')).toHaveCount(0);

    await driver.getByRole('button', { name: 'Ler QR Code do veículo' }).click();
    await expect(driver).toHaveURL(new RegExp(`/qr-driver/scan/${device.id}$`), {
      timeout: 15_000,
    });
    await expect(driver.getByText('Caminhão QR')).toBeVisible();
    await driver.getByRole('button', { name: 'Conectar', exact: true }).click();
    await expect(driver.getByTestId('checkin-done')).toHaveText(
      'Você está conectado a Caminhão QR.',
    );
    await driver.getByRole('link', { name: 'Voltar' }).click();
    await expect(driver.getByTestId('driver-vehicle')).toHaveText('Caminhão QR');

    // The driver's session reaches nothing else on the server.
    const devices = await driver.request.get('/api/devices');
    expect(devices.status()).toBe(400);
    // And the map sends a driver back to the driver screen.
    await driver.goto('/home');
    await expect(driver).toHaveURL(/\/qr-driver$/);
    // A damaged scan link is a vehicle they cannot use, said in their language.
    await driver.goto('/qr-driver/scan/abc');
    await expect(driver.getByText('Você não pode usar este veículo.')).toBeVisible();
    await expect(driver.getByText(/Exception/)).toHaveCount(0);
    await driver.getByRole('link', { name: 'Voltar' }).click();
    await expect(driver).toHaveURL(/\/qr-driver$/);

    await driver.getByRole('button', { name: 'Desconectar' }).click();
    await expect(driver.getByTestId('driver-none')).toBeVisible();
    await expect(driver.getByText('Você se desconectou do veículo.')).toBeVisible();
    await driver.getByRole('button', { name: 'Sair' }).click();
    await expect(driver).toHaveURL(/\/motorista$/);
  } finally {
    await browser.close();
    await rm(dir, { recursive: true, force: true });
  }
});
