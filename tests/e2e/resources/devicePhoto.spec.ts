import { expect, test, type Locator } from '@playwright/test';
import { saveButton } from '../support/admin';
import { createDevice } from '../support/live';
import { signInAdmin } from '../support/session';

/** A real 2×2 PNG, so the browser draws it (a broken image has no natural width). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

const drawn = (image: Locator) =>
  expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);

test.use({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });

test.beforeEach(async ({ page }) => {
  await signInAdmin(page);
});

test('a photo sent in the device form shows on the detail card, and removing it clears it', async ({
  page,
}) => {
  const device = await createDevice(page.request, 'E2E Caminhão com foto');
  await page.goto(`/device-admin/${device.id}`);
  await page.getByRole('tab', { name: 'Foto' }).click();
  await expect(page.getByText('Sem foto ainda')).toBeVisible();

  await page.getByTestId('device-image-file').setInputFiles({
    name: 'caminhao.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(page.getByText('Foto enviada. Salve o dispositivo para mantê-la.')).toBeVisible();
  const preview = page.getByTestId('device-image-preview');
  await expect(preview).toHaveAttribute('alt', 'Foto de E2E Caminhão com foto');
  await drawn(preview);
  await expect(page.getByRole('button', { name: 'Trocar foto' })).toBeVisible();
  await saveButton(page).click();
  await expect(page).toHaveURL(/\/device-admin$/);

  const saved = await (await page.request.get(`/api/devices?id=${device.id}`)).json();
  expect(saved[0].attributes.deviceImage).toBe('device.png');

  await page.goto(`/devices/${device.id}`);
  const photo = page.getByTestId('detail-photo');
  await expect(photo).toBeVisible();
  await drawn(photo);

  // A file the browser would refuse to send is stopped before it leaves.
  await page.goto(`/device-admin/${device.id}/photo`);
  await page.getByTestId('device-image-file').setInputFiles({
    name: 'desenho.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await expect(page.getByText('Escolha uma imagem JPEG, PNG, GIF ou WebP.')).toBeVisible();

  await page.getByRole('button', { name: 'Remover foto' }).click();
  await expect(page.getByText('Sem foto ainda')).toBeVisible();
  await saveButton(page).click();
  await expect(page).toHaveURL(/\/device-admin$/);
  const cleared = await (await page.request.get(`/api/devices?id=${device.id}`)).json();
  expect(cleared[0].attributes.deviceImage).toBeUndefined();

  await page.goto(`/devices/${device.id}`);
  await expect(page.getByTestId('device-detail')).toBeVisible();
  await expect(page.getByTestId('detail-photo')).toHaveCount(0);
});
