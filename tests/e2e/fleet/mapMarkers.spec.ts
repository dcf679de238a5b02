import { type Browser, expect, test, type Page } from '@playwright/test';
import { createDevice, mapContainer, report } from '../support/live';
import { signInAdmin } from '../support/session';

/**
 * The canvas markers answered by the marker worker (docs/live-map.md): a cluster names its
 * devices on hover and falls apart on click, a marker names its device on hover and opens it on
 * click. A user of their own sees only these devices, in a map view centred on them.
 */

// Far from the demo fleet; three vehicles 100 m apart along the parallel.
const CENTER = { lat: -23.7, lon: -46.4 };
const STEP = 0.001;

interface Fleet {
  email: string;
  password: string;
  names: string[];
  ids: number[];
  uniqueIds: string[];
}

async function ownFleet(page: Page): Promise<Fleet> {
  await signInAdmin(page);
  const stamp = Date.now();
  const names = [`Cluster West ${stamp}`, `Cluster Middle ${stamp}`, `Cluster East ${stamp}`];
  const email = `markers-${stamp}@frota.test`;
  const password = 'markers-secret-1';
  const user = await page.request.post('/api/users', {
    // The map opens on the fleet, at zoom 12: the three merge into one cluster.
    data: {
      name: 'Markers',
      email,
      password,
      latitude: CENTER.lat,
      longitude: CENTER.lon,
      zoom: 12,
    },
  });
  expect(user.status()).toBe(200);
  const userId = ((await user.json()) as { id: number }).id;
  const ids: number[] = [];
  const uniqueIds: string[] = [];
  for (const [i, name] of names.entries()) {
    const device = await createDevice(page.request, name);
    await report(page.request, device.uniqueId, CENTER.lat, CENTER.lon + (i - 1) * STEP);
    const linked = await page.request.post('/api/permissions', {
      data: { userId, deviceId: device.id },
    });
    expect(linked.ok()).toBe(true);
    ids.push(device.id);
    uniqueIds.push(device.uniqueId);
  }
  return { email, password, names, ids, uniqueIds };
}

/** The fleet's user signed in, in a browser of their own, on the map. */
async function openMap(browser: Browser, fleet: Fleet) {
  const context = await browser.newContext({ locale: 'pt-BR' });
  const own = await context.newPage();
  const signedIn = await own.request.post('/api/session', {
    form: { email: fleet.email, password: fleet.password },
  });
  expect(signedIn.ok()).toBe(true);
  await own.goto('/home');
  return { context, own, map: mapContainer(own) };
}

/**
 * What the tooltip says with the pointer at (x, y), looking until it says `expected`: each look
 * is a fresh pointer move (the same spot twice is not a move, and a closing menu may swallow one).
 */
async function expectTooltipAt(page: Page, x: number, y: number, expected: string | null) {
  const tooltip = page.getByTestId('marker-tooltip');
  let nudge = 0;
  await expect
    .poll(async () => {
      nudge = 1 - nudge;
      await page.mouse.move(x + nudge, y);
      const text = (await tooltip.count()) ? await tooltip.textContent() : null;
      // A cluster's first line is its count: that is enough to know it is the one.
      return expected && text?.startsWith(expected) ? expected : text;
    })
    .toBe(expected);
}

/** The middle of the map right of the device panel, which covers the map's left. */
async function visibleMiddle(page: Page): Promise<[number, number]> {
  const side = (await page.getByTestId('device-detail').boundingBox())!;
  const box = (await mapContainer(page).boundingBox())!;
  return [(side.x + side.width + box.x + box.width) / 2, box.y + box.height / 2];
}

/** The pointer over the centre of the map, where the map view (and so the fleet) is. */
async function mapCentre(page: Page) {
  const box = (await mapContainer(page).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('a cluster names its devices on hover and falls apart on click; a marker opens its device', async ({
  page,
  browser,
}) => {
  const fleet = await ownFleet(page);
  const { context, own, map } = await openMap(browser, fleet);
  await expect(map).toHaveAttribute('data-markers', '3');
  // One cluster drawn, clustered by the marker worker the page's policy lets it start.
  await expect(map).toHaveAttribute('data-drawn', '1');
  expect(own.workers().map((worker) => worker.url())).toContainEqual(
    expect.stringContaining('markerIndex'),
  );

  const centre = await mapCentre(own);
  await expectTooltipAt(own, centre.x, centre.y, '3 dispositivos');
  const tooltip = own.getByTestId('marker-tooltip');
  await expect(tooltip).toContainText('3 dispositivos');
  for (const name of fleet.names) await expect(tooltip).toContainText(name);

  // A click flies to the zoom where the cluster falls apart: three markers.
  await own.mouse.click(centre.x, centre.y);
  await expect(map).toHaveAttribute('data-drawn', '3');
  await expectTooltipAt(own, centre.x, centre.y, fleet.names[1]);
  // Away from the markers: nothing.
  await expectTooltipAt(own, centre.x - 200, centre.y - 200, null);

  await own.mouse.click(centre.x, centre.y);
  await expect(own).toHaveURL(new RegExp(`/devices/${fleet.ids[1]}$`));
  // The panel it opens covers the map's left: the vehicle flies to the middle of the rest.
  await expectTooltipAt(own, ...(await visibleMiddle(own)), fleet.names[1]);
  await context.close();
});

test('a vehicle unlinked or deleted elsewhere leaves the user’s map and list without a reload', async ({
  page,
  browser,
}) => {
  const fleet = await ownFleet(page);
  const { context, own, map } = await openMap(browser, fleet);
  // The list beside the map.
  await own.goto('/devices');
  await expect(map).toHaveAttribute('data-markers', '3');
  const rows = own.getByTestId('device-row');
  await expect(rows).toHaveCount(3);
  const userId = await own.evaluate(async () => {
    const session = await fetch('/api/session');
    return ((await session.json()) as { id: number }).id;
  });

  // An administrator takes one vehicle away from this user; nobody reports or reloads.
  const unlinked = await page.request.delete('/api/permissions', {
    data: { userId, deviceId: fleet.ids[0] },
  });
  expect(unlinked.ok()).toBe(true);
  await expect(map).toHaveAttribute('data-markers', '2', { timeout: 3000 });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: fleet.names[0] })).toHaveCount(0);

  // Another is deleted outright.
  expect((await page.request.delete(`/api/devices/${fleet.ids[2]}`)).ok()).toBe(true);
  await expect(map).toHaveAttribute('data-markers', '1', { timeout: 3000 });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(fleet.names[1]);
  await context.close();
});

test('a fix moves a marker and the pointer finds it at its new place', async ({
  page,
  browser,
}) => {
  const fleet = await ownFleet(page);
  const { context, own, map } = await openMap(browser, fleet);
  await expect(map).toHaveAttribute('data-drawn', '1');
  // Clustering off: each marker on its own at any zoom.
  await own.getByRole('button', { name: 'Preferências do mapa' }).click();
  await own.getByRole('menuitem', { name: 'Agrupar marcadores próximos' }).click();
  await own.keyboard.press('Escape');
  await expect(map).toHaveAttribute('data-drawn', '3');
  const centre = await mapCentre(own);
  await expectTooltipAt(own, centre.x, centre.y, fleet.names[1]);

  // The middle one drives 3 km north: 3000 m / 35 m per pixel at zoom 12, about 85 px up.
  const middle = fleet.uniqueIds[1];
  await report(page.request, middle, CENTER.lat + 0.027, CENTER.lon);
  await expectTooltipAt(own, centre.x, centre.y - 85, fleet.names[1]);
  // Where it was, its neighbour 100 m east (3 px at zoom 12) is the nearest now.
  await expectTooltipAt(own, centre.x + 3, centre.y, fleet.names[2]);
  await context.close();
});

test('a marker that moves is drawn once: nothing stays where it was', async ({ page, browser }) => {
  const fleet = await ownFleet(page);
  const { context, own, map } = await openMap(browser, fleet);
  await expect(map).toHaveAttribute('data-drawn', '1');
  const middle = fleet.uniqueIds[1];
  // 3 km north, out of the others' cluster (about 85 px up at zoom 12), and on screen long
  // enough to glide next.
  await report(page.request, middle, CENTER.lat + 0.027, CENTER.lon);
  await expect(map).toHaveAttribute('data-drawn', '2');
  const centre = await mapCentre(own);
  await expectTooltipAt(own, centre.x, centre.y - 85, fleet.names[1]);
  await own.mouse.move(centre.x - 300, centre.y + 200);
  await own.waitForTimeout(1500);

  // Every frame while it glides another 85 px north: once the moving layer draws it away from
  // where it rested, the still layer must no longer hold it there.
  const watching = own.evaluate(async () => {
    const [still, moving] = [
      ...document.querySelectorAll<HTMLCanvasElement>('canvas.frota-markers'),
    ];
    const ratio = window.devicePixelRatio || 1;
    // Its resting place, in the map's pixels: the map's centre, 85 px up.
    const x = still.width / ratio / 2;
    const y0 = still.height / ratio / 2 - 85;
    const painted = (
      canvas: HTMLCanvasElement,
      left: number,
      top: number,
      w: number,
      h: number,
    ) => {
      const data = canvas
        .getContext('2d')!
        .getImageData(left * ratio, top * ratio, w * ratio, h * ratio).data;
      for (let i = 3; i < data.length; i += 4) if (data[i] > 0) return true;
      return false;
    };
    let away = 0;
    let twice = 0;
    const started = performance.now();
    while (performance.now() - started < 4000) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      // Drawn on the moving layer well above its resting place (its icon reaches 19 px out).
      if (!painted(moving, x - 3, y0 - 80, 6, 45)) continue;
      away += 1;
      if (painted(still, x - 3, y0 - 3, 6, 6)) twice += 1;
    }
    return { away, twice };
  });
  await report(page.request, middle, CENTER.lat + 0.054, CENTER.lon);
  const { away, twice } = await watching;
  expect(away).toBeGreaterThan(0);
  expect(twice).toBe(0);
  // And it is found at its new place.
  await expectTooltipAt(own, centre.x, centre.y - 170, fleet.names[1]);
  await context.close();
});

test('zooming to a device puts it in the middle of what the side panel leaves visible', async ({
  page,
  browser,
}) => {
  const fleet = await ownFleet(page);
  const { context, own, map } = await openMap(browser, fleet);
  await expect(map).toHaveAttribute('data-markers', '3');
  await own.goto(`/devices/${fleet.ids[0]}`);
  const panel = own.getByTestId('device-detail');
  await expect(panel).toBeVisible();
  await own.getByRole('button', { name: 'Aproximar do dispositivo' }).click();
  // The map runs under the panel: the vehicle belongs in the middle of the part right of it.
  await expectTooltipAt(own, ...(await visibleMiddle(own)), fleet.names[0]);
  await context.close();
});
