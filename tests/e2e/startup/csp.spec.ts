import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createDevice, report } from '../support/live';
import { signIn, signInAdmin } from '../support/session';

/**
 * The built app under its Content-Security-Policy: every screen is opened and nothing it loads
 * or runs may be refused. A refusal shows as a console message naming the policy and as a
 * `securitypolicyviolation` event; both are collected.
 */

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

interface Watch {
  violations: string[];
  visit(route: string): Promise<void>;
}

async function watch(page: Page): Promise<Watch> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) {
      violations.push(`${page.url()} console: ${message.text()}`);
    }
  });
  // Runs before the app's own scripts in every document (injected by the browser, not the page).
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations?.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const collect = async () => {
    const events = await page.evaluate(() => window.cspViolations ?? []);
    violations.push(...events.map((event) => `${page.url()} event: ${event}`));
  };
  return {
    violations,
    async visit(route) {
      const response = await page.goto(route);
      // The page is under the app's policy, not merely free of one.
      expect(response?.headers()['content-security-policy'] ?? '', route).toContain(
        "script-src 'self'",
      );
      await expect(page.locator('.boot-loader'), route).toHaveCount(0);
      // Tiles and the weather lookup fail on this closed network; that is not what is watched.
      await page.waitForLoadState('networkidle', { timeout: 4_000 }).catch(() => undefined);
      await collect();
    },
  };
}

const ICAL = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Frota//E2E//EN',
  'BEGIN:VEVENT',
  'UID:e2e-1',
  'DTSTAMP:20250101T000000Z',
  'DTSTART:20250101T080000Z',
  'DTEND:20250101T180000Z',
  'RRULE:FREQ=DAILY',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

async function created(request: APIRequestContext, path: string, data: unknown): Promise<number> {
  const response = await request.post(path, { data });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { id: number }).id;
}

/** One of each managed object, so every list has a row and every edit screen a record. */
async function seed(request: APIRequestContext) {
  const stamp = Date.now();
  const device = await createDevice(request, 'CSP Truck');
  await report(request, device.uniqueId, -23.55, -46.63, { speed: 12, ignition: 'true' });
  return {
    device,
    ids: {
      'device-admin': device.id,
      groups: await created(request, '/api/groups', { name: 'CSP Group' }),
      geofence: await created(request, '/api/geofences', {
        name: 'CSP Fence',
        area: 'CIRCLE (-23.55 -46.63, 500)',
      }),
      commands: await created(request, '/api/commands', {
        description: 'CSP Command',
        type: 'custom',
        attributes: { data: 'status' },
      }),
      notifications: await created(request, '/api/notifications', {
        type: 'deviceOnline',
        notificators: 'web',
        always: false,
      }),
      drivers: await created(request, '/api/drivers', {
        name: 'CSP Driver',
        uniqueId: `csp-driver-${stamp}`,
      }),
      calendars: await created(request, '/api/calendars', {
        name: 'CSP Calendar',
        data: Buffer.from(ICAL).toString('base64'),
      }),
      maintenances: await created(request, '/api/maintenance', {
        name: 'CSP Oil',
        type: 'totalDistance',
        start: 0,
        period: 10_000_000,
      }),
      computed: await created(request, '/api/attributes/computed', {
        description: 'CSP Speed',
        attribute: 'cspSpeed',
        expression: 'speed * 1.852',
        type: 'number',
      }),
      users: await created(request, '/api/users', {
        name: 'CSP User',
        email: `csp${stamp}@frota.test`,
        password: 'csp-user-pass',
      }),
    },
  };
}

test('the public pages load under the policy, and no foreign page can frame them', async ({
  page,
  browser,
}) => {
  await signInAdmin(page);
  const device = await createDevice(page.request, 'CSP Shared');
  await report(page.request, device.uniqueId, -23.6, -46.6);
  const share = await page.request.post('/tarkan/shares', {
    data: { id: 0, name: 'CSP link', deviceId: device.id, token: null, limitCommands: true },
  });
  const { token } = (await share.json()) as { token: string };

  const context = await browser.newContext();
  const visitor = await context.newPage();
  const watcher = await watch(visitor);
  for (const route of [
    '/login',
    '/register',
    '/login/recover',
    '/login/recover/not-a-real-token',
    '/motorista',
    '/maintenance',
    `/share/${token}`,
  ]) {
    await watcher.visit(route);
  }
  expect(watcher.violations).toEqual([]);
  await context.close();

  await expectRefusesForeignFrame(browser);
});

/**
 * A page on another origin embeds the sign-in page: the browser must not render it. The other
 * origin is a second local server (a loopback address, so Chromium's private network rules do not
 * get in first).
 */
async function expectRefusesForeignFrame(browser: Browser) {
  const target = new URL('/login', test.info().project.use.baseURL).toString();
  const foreign = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><iframe src="${target}" width="800" height="600"></iframe>`);
  });
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  const context = await browser.newContext();
  try {
    const attacker = await context.newPage();
    const refused = attacker.waitForEvent('console', {
      predicate: (message) => /frame-ancestors/i.test(message.text()),
      timeout: 10_000,
    });
    await attacker.goto(`http://127.0.0.1:${(foreign.address() as AddressInfo).port}/`);
    await refused;
    const frame = attacker.frames().find((candidate) => candidate !== attacker.mainFrame());
    expect(frame).toBeDefined();
    expect(await frame?.locator('#username').count()).toBe(0);
  } finally {
    await context.close();
    await new Promise((resolve) => foreign.close(resolve));
  }
}

test('the map, device and report screens load under the policy', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAdmin(page);
  const { device } = await seed(page.request);
  const watcher = await watch(page);
  for (const route of [
    '/home',
    '/devices',
    `/devices/${device.id}`,
    '/history',
    '/reports',
    '/reports/resume',
    '/reports/travels',
    '/reports/stops',
    '/reports/events',
    '/reports/history',
  ]) {
    await watcher.visit(route);
  }
  expect(watcher.violations).toEqual([]);
});

test('every management list, edit and create screen loads under the policy', async ({ page }) => {
  test.setTimeout(240_000);
  await signInAdmin(page);
  const { ids } = await seed(page.request);
  const watcher = await watch(page);
  for (const [resource, id] of Object.entries(ids)) {
    await watcher.visit(`/${resource}`);
    await watcher.visit(`/${resource}/${id}`);
    await watcher.visit(`/${resource}/create`);
  }
  await watcher.visit(`/device-admin/${ids['device-admin']}/links`);
  expect(watcher.violations).toEqual([]);
});

test('the account, settings, theme, billing and reseller screens load under the policy', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAdmin(page);
  const watcher = await watch(page);
  for (const route of [
    '/account',
    '/server',
    '/theme',
    '/shares',
    '/reseller',
    '/logs',
    '/invoices',
    '/billing',
    '/integrations',
    '/autolink',
  ]) {
    await watcher.visit(route);
  }
  expect(watcher.violations).toEqual([]);
});

test('the driver screen loads under the policy', async ({ page, browser }) => {
  await signInAdmin(page);
  const device = await createDevice(page.request, 'CSP Driver Truck');
  const username = `cspdriver${Date.now()}`;
  const driverId = await created(page.request, '/api/drivers', {
    name: 'CSP QR Driver',
    uniqueId: `csp-qr-${Date.now()}`,
    attributes: {
      'tarkan.enableQrCode': true,
      'tarkan.driverUsername': username,
      'tarkan.driverPassword': 'driver-csp-pass',
    },
  });
  const linked = await page.request.post('/api/permissions', {
    data: { deviceId: device.id, driverId },
  });
  expect(linked.ok()).toBe(true);

  const context = await browser.newContext();
  const driver = await context.newPage();
  const watcher = await watch(driver);
  await watcher.visit('/motorista');
  await signIn(driver, { email: username, password: 'driver-csp-pass' });
  await expect(driver.getByTestId('driver-none')).toBeVisible();
  await watcher.visit('/qr-driver');
  expect(watcher.violations).toEqual([]);
  await context.close();
});

test('an injected inline script is refused and reported', async ({ page }) => {
  const watcher = await watch(page);
  await watcher.visit('/login');
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'document.body.dataset.injected = "yes"';
    document.head.append(script);
    return document.body.dataset.injected ?? 'no';
  });
  expect(ran).toBe('no');
  await expect
    .poll(async () => page.evaluate(() => window.cspViolations ?? []))
    .toContainEqual(expect.stringMatching(/^script-src/));
});
