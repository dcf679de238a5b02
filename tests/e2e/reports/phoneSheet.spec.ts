import { expect, test, type Locator, type Page } from '@playwright/test';
import { mapContainer, type TestDevice } from '../support/live';
import { signInAdmin } from '../support/session';
import { chooseLast7Days, tripDevice } from './support';

/** An operator on a phone looks back at a vehicle's day: route, playback and chart. */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

let device: TestDevice;

test.beforeEach(async ({ page }) => {
  test.setTimeout(180_000);
  await signInAdmin(page);
  device ??= await tripDevice(page.request, `Celular ${Date.now()}`);
});

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
};

/** Where the route is drawn, in page pixels: the map's `data-route-box` over the map's place. */
const routeOnPage = async (page: Page) => {
  const map = await box(mapContainer(page));
  const value = (await mapContainer(page).getAttribute('data-route-box')) ?? '';
  const [left, top, right, bottom] = value.split(',').map(Number);
  return { left: map.x + left, top: map.y + top, right: map.x + right, bottom: map.y + bottom };
};

/** The route lies in the part of the map the sheet leaves uncovered. */
const expectRouteAboveSheet = async (page: Page, sheet: Locator) => {
  const map = await box(mapContainer(page));
  await expect
    .poll(async () => {
      const route = await routeOnPage(page);
      const top = (await box(sheet)).y;
      return (
        route.top >= map.y &&
        route.bottom <= top &&
        route.left >= map.x &&
        route.right <= map.x + map.width &&
        route.bottom > route.top
      );
    })
    .toBe(true);
};

test('on a phone the route shows above the report sheet, with its playback and chart', async ({
  page,
}) => {
  await page.goto('/reports/history');
  const sheet = page.getByTestId('report-history');
  // The first page of a freshly started server may take a while on a busy machine.
  await expect(sheet).toBeVisible({ timeout: 60_000 });
  await expect(sheet).toHaveAttribute('data-sheet', 'half');
  await page.getByTestId('report-device').locator('input').fill(device.name);
  await page.getByRole('option', { name: device.name }).click();
  await chooseLast7Days(page);
  await page.getByRole('button', { name: 'Carregar' }).click();

  const playback = page.getByTestId('playback');
  await expect(playback).toBeVisible({ timeout: 40_000 });
  await expect(mapContainer(page)).toHaveAttribute('data-route-points', /^[1-9]\d*$/);
  await expectRouteAboveSheet(page, sheet);
  // The map shows a good part of the screen above the sheet.
  expect((await box(sheet)).y).toBeGreaterThan(300);

  // The playback slider spans the sheet, and plays.
  const slider = playback.locator('.MuiSlider-root');
  expect((await box(slider)).width).toBeGreaterThan(200);
  await page.getByRole('combobox', { name: 'Velocidade de reprodução' }).click();
  await page.getByRole('option', { name: /^1800×/ }).click();
  await page.getByRole('button', { name: 'Reproduzir' }).click();
  await expect(playback).toHaveAttribute('data-playing', 'false', { timeout: 15_000 });
  expect(Number(await playback.getAttribute('data-index'))).toBeGreaterThan(5);

  // The chart is there in the sheet, brought into view once the route came.
  const chart = page.getByTestId('route-chart').locator('canvas').first();
  await expect(chart).toBeInViewport();
  const chartBox = await box(chart);
  const sheetBox = await box(sheet);
  expect(chartBox.y).toBeGreaterThanOrEqual(sheetBox.y);
  expect(chartBox.width).toBeGreaterThan(300);
});

test('a minimised sheet keeps the route and the playback; restored, the chart is back', async ({
  page,
}) => {
  await page.goto('/reports/history');
  const sheet = page.getByTestId('report-history');
  await page.getByTestId('report-device').locator('input').fill(device.name);
  await page.getByRole('option', { name: device.name }).click();
  await chooseLast7Days(page);
  await page.getByRole('button', { name: 'Carregar' }).click();
  await expect(page.getByTestId('playback')).toBeVisible({ timeout: 40_000 });
  const points = await mapContainer(page).getAttribute('data-route-points');
  expect(Number(points)).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Minimizar o relatório' }).click();
  await expect(sheet).toHaveAttribute('data-sheet', 'minimized');
  expect((await box(sheet)).height).toBeLessThan(200);
  // Still on the report, the route still drawn, in view above the small sheet.
  await expect(page).toHaveURL(/\/reports\/history$/);
  await expect(mapContainer(page)).toHaveAttribute('data-route-points', points ?? '');
  await expectRouteAboveSheet(page, sheet);
  // The playback stays at hand, the slider the width of the screen.
  const slider = page.getByTestId('playback').locator('.MuiSlider-root');
  await expect(slider).toBeVisible();
  expect((await box(slider)).width).toBeGreaterThan(200);
  await expect(page.getByTestId('route-chart')).toBeHidden();
  await page.getByRole('slider', { name: 'Posição da reprodução' }).focus();
  await page.keyboard.press('End');
  await expect(mapContainer(page)).toHaveAttribute('data-route-cursor', /^[1-9]\d*$/);

  await page.getByRole('button', { name: 'Mostrar o relatório' }).click();
  await expect(sheet).toHaveAttribute('data-sheet', 'half');
  const chart = page.getByTestId('route-chart').locator('canvas').first();
  await chart.scrollIntoViewIfNeeded();
  await expect(chart).toBeInViewport();
  // The filter kept its choice while minimised.
  await expect(page.getByTestId('report-device').locator('input')).toHaveValue(device.name);
});
