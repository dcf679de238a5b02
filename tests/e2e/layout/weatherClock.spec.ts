import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInAdmin } from '../support/admin';
import { admin } from '../support/session';

/** A user with no rights beyond their own, signed in on the page's context. */
async function signInCustomer(page: Page, request: APIRequestContext) {
  const email = `operador-${Date.now()}@frota.test`;
  const password = 'operador-pass';
  expect((await request.post('/api/session', { form: admin })).ok()).toBe(true);
  const created = await request.post('/api/users', {
    data: { name: 'E2E Operador', email, password },
  });
  expect(created.ok(), await created.text()).toBe(true);
  expect((await page.request.post('/api/session', { form: { email, password } })).ok()).toBe(true);
}

/** Whether two laid-out elements overlap. */
async function overlap(page: Page, a: string, b: ReturnType<Page['locator']>) {
  const [boxA, boxB] = [await page.getByTestId(a).boundingBox(), await b.boundingBox()];
  if (!boxA || !boxB) throw new Error('not laid out');
  return !(
    boxA.x + boxA.width <= boxB.x ||
    boxB.x + boxB.width <= boxA.x ||
    boxA.y + boxA.height <= boxB.y ||
    boxB.y + boxB.height <= boxA.y
  );
}

async function setWhatsApp(request: APIRequestContext, whatsapp: string) {
  await request.post('/api/session', { form: admin });
  const saved = await request.put('/tarkan/theme', {
    data: { config: { title: 'Frota', whatsapp, headLogo: { image: false, text: '' } } },
  });
  expect(saved.status()).toBe(200);
}

test('the clock shows alone when the weather lookup fails', async ({ page }) => {
  await page.route(/ipify|ipwho|open-meteo/, (route) => route.abort());
  await signInAdmin(page);
  await page.goto('/home');
  await expect(page.getByTestId('clock')).toBeVisible();
  await expect(page.getByTestId('clock')).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  await expect(page.getByTestId('weather-now')).toHaveCount(0);
});

test('the billing screen opened by its address without the right is access denied', async ({
  page,
  request,
}) => {
  await signInCustomer(page, request);
  await page.goto('/billing');
  await expect(page).toHaveURL(/\/access-denied$/);
  await expect(page.getByText('Você não tem permissão para acessar esta página')).toBeVisible();
});

test('on a phone the WhatsApp button and a list’s + button are both usable', async ({
  page,
  request,
}) => {
  await setWhatsApp(request, '5511988887777');
  try {
    await signInAdmin(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/geofence');
    const create = page.getByRole('link', { name: 'Criar' });
    await expect(create).toBeVisible();
    await expect(page.getByTestId('whatsapp-button')).toBeVisible();
    expect(await overlap(page, 'whatsapp-button', create)).toBe(false);
    // Playwright clicks only what nothing covers.
    await create.click({ timeout: 3000 });
    await expect(page).toHaveURL(/\/geofence\/create$/);
  } finally {
    await setWhatsApp(request, '');
  }
});
