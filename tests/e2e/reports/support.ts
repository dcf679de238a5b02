import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { osmandUrl, type TestDevice } from '../support/live';

export const MINUTE = 60_000;

/**
 * A known day for a new device, two days ago at 09:00 local time: parked 10 min, a 20-minute drive
 * north at 30 kn (fixes every 30 s), parked 15 min. The server's trip detection (min 200 m,
 * 180 s) turns it into one trip.
 */
export async function seedTrip(request: APIRequestContext, device: TestDevice): Promise<void> {
  const day = new Date();
  day.setDate(day.getDate() - 2);
  day.setHours(9, 0, 0, 0);
  const start = day.getTime();
  const fixes: { time: number; lat: number; speed: number; ignition: boolean }[] = [];
  let lat = -23.55;
  for (let t = 0; t <= 10 * MINUTE; t += 2 * MINUTE)
    fixes.push({ time: start + t, lat, speed: 0, ignition: false });
  for (let t = 30_000; t <= 20 * MINUTE; t += 30_000) {
    lat += 0.004; // ≈ 445 m per 30 s ≈ 29 kn
    fixes.push({ time: start + 10 * MINUTE + t, lat, speed: 29, ignition: true });
  }
  for (let t = 2 * MINUTE; t <= 15 * MINUTE; t += MINUTE)
    fixes.push({ time: start + 30 * MINUTE + t, lat, speed: 0, ignition: false });
  for (const fix of fixes) {
    const params = new URLSearchParams({
      id: device.uniqueId,
      lat: String(fix.lat),
      lon: '-46.63',
      timestamp: String(Math.floor(fix.time / 1000)),
      speed: String(fix.speed),
      ignition: String(fix.ignition),
    });
    const response = await request.get(`${osmandUrl}/?${params}`);
    expect(response.status()).toBe(200);
  }
}

export async function chooseLast7Days(page: Page) {
  await page.getByLabel('Período').click();
  await page.getByRole('option', { name: 'Últimos 7 dias' }).click();
}
