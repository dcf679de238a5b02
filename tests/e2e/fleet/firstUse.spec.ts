import { expect, test } from '@playwright/test';
import { signInAdmin, signInNewCustomer } from '../support/session';

const OSMAND_PORT = process.env.E2E_OSMAND_PORT;

test('a new customer with no vehicle is shown how to connect a tracker, and adds one', async ({
  page,
  request,
}) => {
  await signInNewCustomer(page, request);
  await page.goto('/home');
  const card = page.getByTestId('first-tracker');
  await expect(card).toBeVisible();
  await expect(
    card.getByRole('heading', { name: 'Conecte seu primeiro rastreador' }),
  ).toBeVisible();
  // The server's address and the ports it opened, OsmAnd's for the Traccar Client app.
  await expect(card).toContainText('127.0.0.1');
  await expect(card.getByTestId('device-ports').locator('[data-protocol="osmand"]')).toContainText(
    String(OSMAND_PORT),
  );
  await expect(card.getByTestId('first-tracker-app')).toContainText(
    `Traccar Client e informe, em "URL do servidor", http://127.0.0.1:${OSMAND_PORT}`,
  );

  await card.getByRole('button', { name: 'Adicionar dispositivo' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nome', { exact: true }).fill('Primeiro carro');
  await dialog.getByLabel(/^Identificador/).fill(`imei-${Date.now()}`);
  await dialog.getByRole('button', { name: 'Criar' }).click();
  await expect(page).toHaveURL(/\/devices\/\d+$/);
  await expect(page.getByTestId('detail-name')).toHaveText('Primeiro carro');
  await expect(page.getByTestId('first-tracker')).toHaveCount(0);
});

test('a customer who may not add devices is told whom to ask', async ({ page, request }) => {
  await signInNewCustomer(page, request, { deviceReadonly: true });
  await page.goto('/home');
  const card = page.getByTestId('first-tracker');
  await expect(card).toContainText('Peça ao administrador da sua conta');
  await expect(card.getByRole('button', { name: 'Adicionar dispositivo' })).toHaveCount(0);
});

test('every page says its name in the browser tab and has one top heading', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAdmin(page);
  const pages = [
    ['/home', 'Mapa'],
    ['/devices', 'Dispositivos'],
    ['/reports', 'Relatórios'],
    ['/device-admin', null],
    ['/device-admin/create', null],
    ['/geofence', null],
    ['/users', null],
    ['/calendars', null],
    ['/account', null],
    ['/server', null],
    ['/announcements', null],
    ['/connecting-devices', null],
    ['/autolink', null],
  ] as const;
  for (const [path, name] of pages) {
    await page.goto(path);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading, path).toHaveCount(1);
    await expect(heading, path).not.toHaveText('');
    const text = (await heading.textContent())?.trim() ?? '';
    if (name) expect(text, path).toBe(name);
    await expect(page, path).toHaveTitle(`${text} · Frota`);
  }
});

test('the device form’s tabs scroll with arrows on a phone', async ({ page }) => {
  await signInAdmin(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/device-admin/create');
  const tabs = page.getByRole('tab');
  const last = tabs.last();
  await expect(tabs.first()).toBeInViewport();
  await expect(last).not.toBeInViewport();
  const forward = page.locator('.MuiTabs-scrollButtons').last();
  await expect(forward).toBeVisible();
  const scroller = page.locator('.MuiTabs-scroller');
  for (let i = 0; i < 10 && !(await last.evaluate(isInView)); i++) {
    // At the end of the strip the arrow is disabled (and takes no clicks): nothing left to press.
    if (await forward.evaluate((el) => el.classList.contains('Mui-disabled'))) break;
    const before = await scroller.evaluate((el) => el.scrollLeft);
    await forward.click();
    // The strip scrolls smoothly: the next press waits until this one has moved it and come
    // to rest. Pressed mid-scroll, the arrow may turn disabled (taking no clicks) under the
    // pointer as the strip reaches its end.
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(before);
    await expect.poll(() => scroller.evaluate(scrollSettled)).toBe(true);
  }
  await expect(last).toBeInViewport();
});

/** Whether an element's horizontal scroll stays where it is over a few frames. */
async function scrollSettled(element: Element): Promise<boolean> {
  const start = element.scrollLeft;
  for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(done));
  return element.scrollLeft === start;
}

/** Whether an element lies within the viewport horizontally. */
function isInView(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.left >= 0 && box.right <= window.innerWidth;
}
