import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { admin, signIn } from '../support/session';
import { createDevice, osmandUrl, type TestDevice } from '../support/live';

/**
 * Every screen an operator or administrator works in, checked with axe-core against WCAG 2.1 A
 * and AA on a desktop and a phone, in Portuguese: no critical or serious violation may remain.
 */

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, phone: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: true },
] as const;

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const MINUTE = 60_000;
/** How long a screen may take to show on a busy machine. */
const READY_MS = 60_000;
const CENTER = { lat: -23.55, lon: -46.63 };

interface Seed {
  device: TestDevice;
  /** A device that never reported: its status is unknown. */
  silent: TestDevice;
  fence: { id: number; name: string };
  ids: Record<string, number>;
  /** A plain user with nothing of their own: their lists show react-admin's empty page. */
  newcomer: { email: string; password: string };
}

let seed: Seed | undefined;

const created = async <T = { id: number }>(
  request: APIRequestContext,
  path: string,
  data: Record<string, unknown>,
): Promise<T> => {
  const response = await request.post(path, { data });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
};

/**
 * Two days ago: the device drives through a depot geofence, so the reports have a trip, stops,
 * geofence events and a route to show.
 */
async function seedVisit(request: APIRequestContext, device: TestDevice): Promise<void> {
  const day = new Date();
  day.setDate(day.getDate() - 2);
  day.setHours(10, 0, 0, 0);
  const start = day.getTime();
  const fixes = [
    { t: 0, lat: CENTER.lat - 0.02, speed: 0 },
    { t: 5, lat: CENTER.lat - 0.02, speed: 0 },
    { t: 10, lat: CENTER.lat - 0.01, speed: 20 },
    { t: 15, lat: CENTER.lat, speed: 20 },
    { t: 20, lat: CENTER.lat + 0.0005, speed: 5 },
    { t: 30, lat: CENTER.lat + 0.0002, speed: 5 },
    { t: 35, lat: CENTER.lat + 0.02, speed: 20 },
    { t: 40, lat: CENTER.lat + 0.03, speed: 20 },
    { t: 50, lat: CENTER.lat + 0.03, speed: 0 },
    { t: 60, lat: CENTER.lat + 0.03, speed: 0 },
  ];
  for (const fix of fixes) {
    const params = new URLSearchParams({
      id: device.uniqueId,
      lat: String(fix.lat),
      lon: String(CENTER.lon),
      timestamp: String(Math.floor((start + fix.t * MINUTE) / 1000)),
      speed: String(fix.speed),
      ignition: String(fix.speed > 0),
    });
    const response = await request.get(`${osmandUrl}/?${params}`);
    expect(response.status()).toBe(200);
  }
  // A current fix, so the live map shows it and its panel has an address and attributes.
  const now = new URLSearchParams({
    id: device.uniqueId,
    lat: String(CENTER.lat + 0.03),
    lon: String(CENTER.lon),
    timestamp: String(Math.floor(Date.now() / 1000)),
    speed: '0',
  });
  expect((await request.get(`${osmandUrl}/?${now}`)).status()).toBe(200);
}

/** One of everything the management screens list and edit, created once for the whole file. */
async function seedOnce(request: APIRequestContext): Promise<Seed> {
  if (seed) return seed;
  const stamp = Date.now().toString(36);
  const device = await createDevice(request, `Acessível ${stamp}`);
  const silent = await createDevice(request, `Sem sinal ${stamp}`);
  const fence = await created<{ id: number; name: string }>(request, '/api/geofences', {
    name: `Pátio ${stamp}`,
    area: `CIRCLE (${CENTER.lat} ${CENTER.lon}, 300)`,
  });
  const linked = await request.post('/api/permissions', {
    data: { deviceId: device.id, geofenceId: fence.id },
  });
  expect(linked.status()).toBe(204);
  await seedVisit(request, device);

  const ics = Buffer.from(
    'BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nUID:a11y\nDTSTART:20250106T080000Z\n' +
      'DTEND:20250106T180000Z\nRRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR\nEND:VEVENT\nEND:VCALENDAR\n',
  ).toString('base64');
  const group = await created(request, '/api/groups', { name: `Grupo ${stamp}` });
  const driver = await created(request, '/api/drivers', {
    name: `Motorista ${stamp}`,
    uniqueId: `rfid-${stamp}`,
  });
  const calendar = await created(request, '/api/calendars', {
    name: `Expediente ${stamp}`,
    data: ics,
  });
  const command = await created(request, '/api/commands', {
    description: `Bloquear ${stamp}`,
    type: 'engineStop',
    attributes: {},
  });
  const notification = await created(request, '/api/notifications', {
    type: 'alarm',
    notificators: 'web',
    description: `Alarme ${stamp}`,
    attributes: { alarms: 'sos' },
  });
  const event = await created(request, '/api/notifications', {
    type: 'alarm',
    notificators: 'command',
    commandId: command.id,
    description: `Evento ${stamp}`,
    attributes: { alarms: 'sos' },
  });
  const maintenance = await created(request, '/api/maintenance', {
    name: `Troca de óleo ${stamp}`,
    type: 'totalDistance',
    start: 1000,
    period: 10000,
  });
  const computed = await created(request, '/api/attributes/computed', {
    description: `Combustível ${stamp}`,
    attribute: 'fuel',
    expression: 'adc1 * 2',
    type: 'number',
  });
  const report = await created(request, '/api/reports', {
    type: 'summary',
    description: `Resumo ${stamp}`,
    calendarId: calendar.id,
    attributes: { daily: true },
  });
  const newcomer = { email: `novo.${stamp}@example.com`, password: 'senha-a11y-1' };
  const user = await created(request, '/api/users', {
    name: `Usuário ${stamp}`,
    ...newcomer,
    deviceLimit: 5,
    userLimit: 0,
  });
  seed = {
    device,
    silent,
    fence,
    newcomer,
    ids: {
      groups: group.id,
      drivers: driver.id,
      calendars: calendar.id,
      commands: command.id,
      notifications: notification.id,
      events: event.id,
      maintenances: maintenance.id,
      computed: computed.id,
      'scheduled-reports': report.id,
      users: user.id,
      geofence: fence.id,
      'device-admin': device.id,
    },
  };
  return seed;
}

/** Waits until requests, progress indicators and one-off animations are over. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(
    page
      .locator('.MuiLinearProgress-root, .MuiCircularProgress-root, .MuiSkeleton-root')
      .filter({ visible: true }),
  ).toHaveCount(0, { timeout: READY_MS });
  await page.evaluate(async () => {
    const once = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(once.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** The critical and serious violations of the page as it is, one line per element. */
async function audit(page: Page, screen: string): Promise<string[]> {
  const t0 = Date.now();
  await settle(page);
  const t1 = Date.now();
  const results = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  console.log(`[a11y] ${screen}: settle ${t1 - t0} ms, axe ${Date.now() - t1} ms`);
  return results.violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${screen}: ${violation.id} (${violation.impact}) ${violation.help} — ` +
          `${node.target.join(' ')}${node.failureSummary ? ` — ${node.failureSummary.replace(/\s+/g, ' ')}` : ''}`,
      ),
    );
}

const expectClean = (found: string[]) =>
  expect(found, `axe-core violations:\n${found.join('\n')}\n`).toEqual([]);

/** Audits the form's first tab and then each of its other tabs. */
async function auditTabs(page: Page, screen: string): Promise<string[]> {
  const found = await audit(page, screen);
  const tabs = page.getByRole('main').getByRole('tab');
  const count = await tabs.count();
  for (let index = 1; index < count; index += 1) {
    const tab = tabs.nth(index);
    const name = (await tab.textContent())?.trim() || String(index);
    await tab.click();
    found.push(...(await audit(page, `${screen} [${name}]`)));
  }
  return found;
}

async function chooseLast7Days(page: Page) {
  await page.getByLabel('Período').click();
  await page.getByRole('option', { name: 'Últimos 7 dias' }).click();
}

const RESOURCES = [
  'device-admin',
  'groups',
  'users',
  'drivers',
  'geofence',
  'notifications',
  'events',
  'maintenances',
  'commands',
  'calendars',
  'computed',
  'scheduled-reports',
] as const;

const REPORTS = ['resume', 'travels', 'stops', 'events', 'combined', 'geofences'] as const;

const OTHER_SCREENS = [
  '/account',
  '/server',
  '/statistics',
  '/theme',
  '/integrations',
  '/shares',
  '/logs',
  '/live-logs',
  '/connecting-devices',
  '/announcements',
  '/reseller',
  '/invoices',
  '/billing',
  '/autolink',
];

const newContext = (browser: Browser, options: (typeof VIEWPORTS)[number]) =>
  browser.newContext({
    viewport: options.viewport,
    ...(options.phone ? { isMobile: true, hasTouch: true } : {}),
  });

for (const options of VIEWPORTS) {
  test.describe(`on a ${options.name}`, () => {
    let context: BrowserContext;
    let page: Page;
    let data: Seed;

    test.beforeAll(async ({ browser }) => {
      test.setTimeout(120_000);
      context = await newContext(browser, options);
      page = await context.newPage();
      const session = await context.request.post('/api/session', {
        form: { email: admin.email, password: admin.password },
      });
      expect(session.ok()).toBe(true);
      data = await seedOnce(context.request);
    });

    test.afterAll(async () => {
      await context?.close();
    });

    test('the sign-in page', async ({ browser }) => {
      test.setTimeout(120_000);
      const visitor = await newContext(browser, options);
      const signInPage = await visitor.newPage();
      await signInPage.goto('/login');
      await expect(signInPage.locator('#username')).toBeVisible({ timeout: READY_MS });
      const found = await audit(signInPage, 'sign-in');
      await signIn(signInPage, { email: 'nobody@example.com', password: 'wrong-password' });
      await expect(signInPage.getByRole('alert').first()).toBeVisible({ timeout: READY_MS });
      found.push(...(await audit(signInPage, 'sign-in, refused')));
      await visitor.close();
      expectClean(found);
    });

    test('the live map, device list and device panel', async () => {
      test.setTimeout(240_000);
      await page.goto('/home');
      await expect(page.getByTestId('home-map').locator('.leaflet-container')).toBeVisible({
        timeout: READY_MS,
      });
      const found = await audit(page, 'map');
      await page.goto('/devices');
      await expect(page.getByTestId('device-row').first()).toBeVisible({ timeout: READY_MS });
      found.push(...(await audit(page, 'device list')));
      await page.goto(`/devices/${data.device.id}`);
      await expect(page.getByTestId('detail-address')).toBeVisible({ timeout: READY_MS });
      found.push(...(await audit(page, 'device panel')));
      await page.goto(`/devices/${data.silent.id}`);
      await expect(page.getByText(data.silent.name).first()).toBeVisible({ timeout: READY_MS });
      found.push(...(await audit(page, 'device panel, never reported')));
      expectClean(found);
    });

    for (const resource of RESOURCES) {
      test(`/${resource}: its list, and its forms to create and to edit`, async () => {
        test.setTimeout(360_000);
        await page.goto(`/${resource}`);
        await expect(page.locator('.RaList-main tbody tr').first()).toBeVisible({
          timeout: READY_MS,
        });
        const found = await audit(page, `/${resource}`);
        await page.goto(`/${resource}/create`);
        await expect(page.locator('form').first()).toBeVisible({ timeout: READY_MS });
        found.push(...(await auditTabs(page, `/${resource}/create`)));
        await page.goto(`/${resource}/${data.ids[resource]}`);
        await expect(page.locator('form').first()).toBeVisible({ timeout: READY_MS });
        found.push(...(await auditTabs(page, `/${resource}/${data.ids[resource]}`)));
        expectClean(found);
      });
    }

    test('the management lists with nothing in them', async ({ browser }) => {
      test.setTimeout(240_000);
      const newcomer = await newContext(browser, options);
      const session = await newcomer.request.post('/api/session', {
        form: { email: data.newcomer.email, password: data.newcomer.password },
      });
      expect(session.ok()).toBe(true);
      const own = await newcomer.newPage();
      const found: string[] = [];
      for (const resource of ['device-admin', 'groups', 'geofence', 'notifications']) {
        await own.goto(`/${resource}`);
        await expect(own.locator('.RaList-main, .RaEmpty-message').first()).toBeVisible({
          timeout: READY_MS,
        });
        found.push(...(await audit(own, `/${resource}, empty`)));
      }
      await newcomer.close();
      expectClean(found);
    });

    test('the reports chooser and route history', async () => {
      test.setTimeout(240_000);
      await page.goto('/reports');
      await expect(page.getByTestId('reports-chooser')).toBeVisible({ timeout: READY_MS });
      const found = await audit(page, '/reports');
      await page.goto('/reports/history');
      await expect(page.getByRole('button', { name: 'Carregar' })).toBeVisible({
        timeout: READY_MS,
      });
      found.push(...(await audit(page, '/reports/history')));
      await page.getByTestId('report-device').locator('input').fill(data.device.name);
      await page.getByRole('option', { name: data.device.name }).click();
      await chooseLast7Days(page);
      await page.getByRole('button', { name: 'Carregar' }).click();
      await expect(page.getByTestId('playback')).toBeVisible({ timeout: READY_MS });
      found.push(...(await audit(page, '/reports/history, loaded')));
      expectClean(found);
    });

    for (const view of REPORTS) {
      test(`/reports/${view}: its filter and its results`, async () => {
        test.setTimeout(240_000);
        await page.goto(`/reports/${view}`);
        await expect(page.getByRole('button', { name: 'Carregar' })).toBeVisible({
          timeout: READY_MS,
        });
        const found = await audit(page, `/reports/${view}`);
        if (view === 'geofences') {
          await page.getByTestId('report-geofences-select').locator('input').fill(data.fence.name);
          await page.getByRole('option', { name: data.fence.name }).click();
        }
        await page.getByTestId('report-devices').locator('input').fill(data.device.name);
        await page.getByRole('option', { name: data.device.name }).click();
        await chooseLast7Days(page);
        await page.getByRole('button', { name: 'Carregar' }).click();
        await expect(page.getByRole('table').first()).toBeVisible({ timeout: READY_MS });
        found.push(...(await audit(page, `/reports/${view}, loaded`)));
        expectClean(found);
      });
    }

    for (const path of OTHER_SCREENS) {
      test(`${path}`, async () => {
        test.setTimeout(240_000);
        await page.goto(path);
        await expect(page.locator('#main-content')).toBeVisible({ timeout: READY_MS });
        expectClean(await auditTabs(page, path));
      });
    }
  });
}

test('a management list is used from the keyboard: its table is named and its rows open', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const session = await page.request.post('/api/session', {
    form: { email: admin.email, password: admin.password },
  });
  expect(session.ok()).toBe(true);
  const group = await created<{ id: number; name: string }>(page.request, '/api/groups', {
    name: `Teclado ${Date.now().toString(36)}`,
  });
  await page.goto('/groups');
  // The box the table sits in says what it holds; it is a Tab stop only while it has something to
  // scroll (a phone's, tested with the bulk actions), so on a desktop Tab goes straight to the rows.
  const region = page.getByRole('region', { name: 'Tabela de grupos' });
  await expect(region).toBeVisible({ timeout: READY_MS });
  await expect(region).not.toHaveAttribute('tabindex');
  const row = region.getByRole('row').filter({ hasText: group.name });
  await row.focus();
  await expect(row).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/groups/${group.id}$`));
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue(group.name);
});
