import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { admin } from './session';

export const osmandUrl = `http://127.0.0.1:${process.env.E2E_OSMAND_PORT}`;

/** Signs the page's context in through the API (the cookie is shared with the page). */
export async function apiSignIn(page: Page) {
  const response = await page.request.post('/api/session', {
    form: { email: admin.email, password: admin.password },
  });
  expect(response.ok()).toBe(true);
}

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

/** Reports a fix for the device over the OsmAnd protocol, as a tracker would. */
export async function report(
  request: APIRequestContext,
  uniqueId: string,
  lat: number,
  lon: number,
  extra: Record<string, string | number> = {},
) {
  const params = new URLSearchParams({
    id: uniqueId,
    lat: String(lat),
    lon: String(lon),
    timestamp: String(Math.floor(Date.now() / 1000)),
    ...Object.fromEntries(Object.entries(extra).map(([key, value]) => [key, String(value)])),
  });
  const response = await request.get(`${osmandUrl}/?${params}`);
  expect(response.status()).toBe(200);
}

export const mapContainer = (page: Page) =>
  page.getByTestId('home-map').locator('.leaflet-container');

export const centerOf = async (page: Page): Promise<[number, number]> => {
  const value = (await mapContainer(page).getAttribute('data-center')) ?? '0,0';
  const [lat, lng] = value.split(',').map(Number);
  return [lat, lng];
};
