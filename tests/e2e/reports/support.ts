import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createDevice, reportFixes, type PastFix, type TestDevice } from '../support/live';

export const MINUTE = 60_000;

/** Two days ago at `hour`:00 local time, in milliseconds. */
function twoDaysAgoAt(hour: number): number {
  const day = new Date();
  day.setDate(day.getDate() - 2);
  day.setHours(hour, 0, 0, 0);
  return day.getTime();
}

/**
 * A known day for a new device, two days ago at 09:00 local time: parked 10 min, a 20-minute drive
 * north at 30 kn (fixes every 30 s), parked 15 min. The server's trip detection (min 200 m,
 * 180 s) turns it into one trip.
 */
export async function seedTrip(request: APIRequestContext, device: TestDevice): Promise<void> {
  const start = twoDaysAgoAt(9);
  const fixes: PastFix[] = [];
  const lon = -46.63;
  let lat = -23.55;
  for (let t = 0; t <= 10 * MINUTE; t += 2 * MINUTE)
    fixes.push({ time: start + t, lat, lon, speed: 0, ignition: false });
  for (let t = 30_000; t <= 20 * MINUTE; t += 30_000) {
    lat += 0.004; // ≈ 445 m per 30 s ≈ 29 kn
    fixes.push({ time: start + 10 * MINUTE + t, lat, lon, speed: 29, ignition: true });
  }
  for (let t = 2 * MINUTE; t <= 15 * MINUTE; t += MINUTE)
    fixes.push({ time: start + 30 * MINUTE + t, lat, lon, speed: 0, ignition: false });
  await reportFixes(request, device.uniqueId, fixes);
}

/** A new device that drove the known trip of `seedTrip`. */
export async function tripDevice(request: APIRequestContext, name: string): Promise<TestDevice> {
  const device = await createDevice(request, name);
  await seedTrip(request, device);
  return device;
}

export interface Fence {
  id: number;
  name: string;
}

const DEPOT = { lat: -23.55, lon: -46.63 };

/**
 * A new device and a depot geofence linked to it. Two days ago at 10:00 local time the device
 * was outside the depot, 20 minutes inside it, then out again: the server turns it into one
 * geofenceEnter and one geofenceExit, and this waits until its geofence report has the visit.
 * `request` holds an administrator's session.
 */
export interface GeofenceVisit {
  device: TestDevice;
  fence: Fence;
}

export async function seedGeofenceVisit(request: APIRequestContext): Promise<GeofenceVisit> {
  const device = await createDevice(request, `Cerca ${Date.now()}`);
  const created = await request.post('/api/geofences', {
    data: { name: `Pátio ${Date.now()}`, area: `CIRCLE (${DEPOT.lat} ${DEPOT.lon}, 300)` },
  });
  expect(created.ok()).toBe(true);
  const fence = (await created.json()) as Fence;
  const linked = await request.post('/api/permissions', {
    data: { deviceId: device.id, geofenceId: fence.id },
  });
  expect(linked.status()).toBe(204);

  const start = twoDaysAgoAt(10);
  const visit = [
    { t: 0, lat: DEPOT.lat - 0.02 },
    { t: 5, lat: DEPOT.lat - 0.01 },
    { t: 10, lat: DEPOT.lat },
    { t: 20, lat: DEPOT.lat + 0.0005 },
    { t: 30, lat: DEPOT.lat + 0.0002 },
    { t: 35, lat: DEPOT.lat + 0.02 },
    { t: 40, lat: DEPOT.lat + 0.03 },
  ];
  await reportFixes(
    request,
    device.uniqueId,
    visit.map(({ t, lat }) => ({ time: start + t * MINUTE, lat, lon: DEPOT.lon, speed: 10 })),
  );

  const from = new Date(Date.now() - 7 * 24 * 3_600_000).toISOString();
  const to = new Date().toISOString();
  await expect
    .poll(async () => {
      const response = await request.get(
        `/api/reports/geofences?deviceId=${device.id}&geofenceId=${fence.id}&from=${from}&to=${to}`,
        { headers: { Accept: 'application/json' } },
      );
      return ((await response.json()) as unknown[]).length;
    })
    .toBe(1);
  return { device, fence };
}

export async function chooseLast7Days(page: Page) {
  await page.getByLabel('Período').click();
  await page.getByRole('option', { name: 'Últimos 7 dias' }).click();
}

/** Picks a device in the report filter's device list, which takes several. */
export async function chooseDevice(page: Page, name: string) {
  await page.getByTestId('report-devices').locator('input').fill(name);
  await page.getByRole('option', { name }).click();
}

/** Opens the trips report with the device and the last 7 days chosen, ready to load. */
export async function openTrips(page: Page, device: TestDevice) {
  await page.goto('/reports/travels');
  await expect(page.getByTestId('report-devices')).toBeVisible({ timeout: 60_000 });
  await chooseDevice(page, device.name);
  await chooseLast7Days(page);
}
