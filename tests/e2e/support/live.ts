import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const osmandUrl = `http://127.0.0.1:${process.env.E2E_OSMAND_PORT}`;

export interface TestDevice {
  id: number;
  name: string;
  uniqueId: string;
}

let counter = 0;

export async function createDevice(request: APIRequestContext, name: string): Promise<TestDevice> {
  counter += 1;
  const uniqueId = `e2e-${Date.now()}-${counter}`;
  const response = await request.post('/api/devices', { data: { name, uniqueId } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as TestDevice;
}

/** Sends one OsmAnd request, as a tracker would; the server must take it. */
async function sendOsmand(request: APIRequestContext, params: Record<string, string>) {
  const response = await request.get(`${osmandUrl}/?${new URLSearchParams(params)}`);
  expect(response.status()).toBe(200);
}

/** Reports a fix for the device over the OsmAnd protocol, as a tracker would. */
export async function report(
  request: APIRequestContext,
  uniqueId: string,
  lat: number,
  lon: number,
  extra: Record<string, string | number> = {},
) {
  await sendOsmand(request, {
    id: uniqueId,
    lat: String(lat),
    lon: String(lon),
    timestamp: String(Math.floor(Date.now() / 1000)),
    ...Object.fromEntries(Object.entries(extra).map(([key, value]) => [key, String(value)])),
  });
}

/** A fix of a tracker's past: `time` in milliseconds, `speed` in knots (0 when left out). */
export interface PastFix {
  time: number;
  lat: number;
  lon: number;
  speed?: number;
  ignition?: boolean;
}

/** Reports the fixes over OsmAnd in the order given, each at its own time, as a tracker's backlog. */
export async function reportFixes(
  request: APIRequestContext,
  uniqueId: string,
  fixes: readonly PastFix[],
) {
  for (const fix of fixes) {
    await sendOsmand(request, {
      id: uniqueId,
      lat: String(fix.lat),
      lon: String(fix.lon),
      timestamp: String(Math.floor(fix.time / 1000)),
      speed: String(fix.speed ?? 0),
      ...(fix.ignition === undefined ? {} : { ignition: String(fix.ignition) }),
    });
  }
}

export const mapContainer = (page: Page) =>
  page.getByTestId('home-map').locator('.leaflet-container');

export const centerOf = async (page: Page): Promise<[number, number]> => {
  const value = (await mapContainer(page).getAttribute('data-center')) ?? '0,0';
  const [lat, lng] = value.split(',').map(Number);
  return [lat, lng];
};

/** `count` fixes of the device over the last minutes, a minute apart, oldest first, at 10 kn. */
export async function reportRecentFixes(
  request: APIRequestContext,
  device: TestDevice,
  count: number,
) {
  const now = Math.floor(Date.now() / 1000) * 1000;
  const fixes: PastFix[] = [];
  for (let i = count; i >= 1; i--)
    fixes.push({ time: now - i * 60_000, lat: -23.55 + i * 0.001, lon: -46.63, speed: 10 });
  await reportFixes(request, device.uniqueId, fixes);
}
