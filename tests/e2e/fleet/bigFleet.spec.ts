import { expect, test } from '@playwright/test';
import { device, position } from '../../unit/web/liveFixtures';
import { mapContainer } from '../support/live';
import { signInAdmin } from '../support/session';

// A fleet big enough that the device view and the marker layer build it in slices rather than in
// one task: the browser is given it by the page's own routes, as the server would send it.
const COUNT = 24_000;
const FIRST_ID = 5_000_000;
const AT = new Date().toISOString();

/** Names in no particular order, so the list's order is the view's work, not the server's. */
const nameOf = (index: number) => `Frota ${String((index * 7_919) % COUNT).padStart(5, '0')}`;

const deviceOf = (index: number) =>
  device(FIRST_ID + index, {
    name: nameOf(index),
    uniqueId: `big-${index}`,
    status: index % 4 === 0 ? 'offline' : 'online',
    lastUpdate: AT,
    positionId: FIRST_ID + index,
  });

const positionOf = (index: number) =>
  position(FIRST_ID + index, {
    id: FIRST_ID + index,
    serverTime: AT,
    deviceTime: AT,
    fixTime: AT,
    latitude: -23.55 + ((index % 200) - 100) * 0.002,
    longitude: -46.63 + (Math.floor(index / 200) - 60) * 0.002,
  });

test('a fleet of 24,000 vehicles is listed in name order, counted, drawn and searched', async ({
  page,
}) => {
  test.slow();
  await signInAdmin(page);
  // The device list's pages, as the server answers `limit` and `offset`.
  await page.route(/\/api\/devices\?/, async (route) => {
    const query = new URL(route.request().url()).searchParams;
    if (!query.has('limit')) return route.continue();
    const offset = Number(query.get('offset'));
    const limit = Number(query.get('limit'));
    const end = Math.min(COUNT, offset + limit);
    const page = Array.from({ length: Math.max(0, end - offset) }, (_, i) => deviceOf(offset + i));
    await route.fulfill({ json: page });
  });
  // The socket's greeting: every latest position, in parts as the server sends a big fleet's.
  await page.routeWebSocket(/\/api\/socket$/, (socket) => {
    const PART = 2_000;
    for (let from = 0; from < COUNT; from += PART) {
      const positions = Array.from({ length: Math.min(PART, COUNT - from) }, (_, i) =>
        positionOf(from + i),
      );
      const more = from + PART < COUNT;
      socket.send(JSON.stringify(more ? { positions, more } : { positions }));
    }
  });

  await page.goto('/home');
  await expect(mapContainer(page)).toHaveAttribute('data-markers', String(COUNT), {
    timeout: 30_000,
  });
  await expect(page.getByTestId('counter-all').locator('[data-count]')).toHaveText('24.000');
  await expect(page.getByTestId('counter-offline').locator('[data-count]')).toHaveText('6.000');

  await page.getByRole('menuitem', { name: 'Dispositivos' }).click();
  await expect(page.getByTestId('device-name').first()).toHaveText('Frota 00000');
  await expect(page.getByTestId('device-name').nth(1)).toHaveText('Frota 00001');

  await page.getByTestId('device-search').fill('Frota 12345');
  await expect(page.getByTestId('device-row')).toHaveCount(1);
  await expect(page.getByTestId('device-name')).toHaveText('Frota 12345');
});
