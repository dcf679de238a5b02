/**
 * Route history draw time in Chromium: a 100,000-point route for one device, from pressing
 * "Carregar" on /history to the route drawn on the live map (canvas polyline, decimated) and the
 * next frame painted. The headline figure waits for the renderer's frame and one more; the frame
 * that paints the line is reported too (the chart and table follow that frame). The route report
 * is answered by the page (`page.route`) with synthesized positions (a 30-second track wandering
 * around São Paulo), so the figure is the web app's: download of the JSON from the browser's
 * point of view, parse, decimation, draw.
 *
 *   node bench/routeDraw.bench.mjs [--points 100000] [--runs 3]
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ADMIN, launchChromium, log, startBenchServer } from './browserSupport.mjs';

const { values } = parseArgs({
  options: {
    points: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
  },
});
const POINTS = Number(values.points);
const RUNS = Number(values.runs);
const { base, stop } = await startBenchServer();

/** A plausible track: 30 s fixes, speed and heading drifting, parked now and then. */
const synthesize = (deviceId, count) => {
  const start = Date.now() - count * 30_000;
  let lat = -23.55;
  let lon = -46.63;
  let heading = 0;
  const positions = new Array(count);
  for (let i = 0; i < count; i++) {
    const parked = Math.floor(i / 400) % 5 === 4;
    const speed = parked ? 0 : 15 + 10 * Math.sin(i / 37);
    heading += (Math.random() - 0.5) * 0.6;
    const step = (speed * 1.852 * 30) / 3600 / 111; // degrees in 30 s
    lat += Math.cos(heading) * step;
    lon += Math.sin(heading) * step;
    if (Math.abs(lat + 23.55) > 0.3 || Math.abs(lon + 46.63) > 0.3) heading += Math.PI;
    const time = new Date(start + i * 30_000).toISOString();
    positions[i] = {
      id: i + 1,
      deviceId,
      protocol: 'osmand',
      serverTime: time,
      deviceTime: time,
      fixTime: time,
      outdated: false,
      valid: true,
      latitude: lat,
      longitude: lon,
      altitude: 760,
      speed,
      course: ((heading * 180) / Math.PI + 360) % 360,
      address: null,
      accuracy: 5,
      network: null,
      geofenceIds: null,
      attributes: { ignition: !parked, totalDistance: i * 100, fuel: 50 - i / 5000 },
    };
  }
  return positions;
};

const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'pt-BR' });
await page.goto(`${base}/login`);
await page.locator('#username').fill(ADMIN.email);
await page.locator('#password').fill(ADMIN.password);
await page.locator('button[type="submit"]').click();
await page.waitForURL(/\/home/);
const created = await page.request.post(`${base}/api/devices`, {
  data: { name: 'Bench route', uniqueId: `bench-route-${Date.now()}` },
});
const device = await created.json();
const body = JSON.stringify(synthesize(device.id, POINTS));
log(`route of ${POINTS} positions, ${(body.length / 1e6).toFixed(1)} MB of JSON`);
await page.route('**/api/reports/route?**', (route) =>
  route.fulfill({ status: 200, contentType: 'application/json', body }),
);
await page.route('**/api/reports/stops?**', (route) =>
  route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
);

const results = [];
for (let run = 0; run < RUNS; run++) {
  await page.goto(`${base}/history`);
  await page.getByTestId('report-device').locator('input').fill('Bench route');
  await page.getByRole('option', { name: 'Bench route' }).click();
  await page.evaluate(() => performance.clearResourceTimings());
  const clicked = await page.evaluate(() => {
    const button = [...document.querySelectorAll('button')].find((b) =>
      b.textContent?.includes('Carregar'),
    );
    const at = performance.now();
    button.click();
    return at;
  });
  const [drawn, shownAt, paintedAt] = await page.evaluate(
    (n) =>
      new Promise((resolve) => {
        const check = () => {
          const map = document.querySelector('.leaflet-container');
          if (Number(map?.getAttribute('data-route-points')) === n) {
            // The canvas renderer paints on the next animation frame; wait for it and one more.
            requestAnimationFrame(() =>
              requestAnimationFrame(() =>
                resolve([
                  performance.now(),
                  Number(map.getAttribute('data-route-shown-at')),
                  Number(map.getAttribute('data-route-painted-at')) || NaN,
                ]),
              ),
            );
          } else requestAnimationFrame(check);
        };
        check();
      }),
    POINTS,
  );
  const fetched = await page.evaluate(() => {
    const entry = performance
      .getEntriesByType('resource')
      .find((e) => e.name.includes('/api/reports/route'));
    return entry ? entry.responseEnd : null;
  });
  const total = drawn - clicked;
  const afterFetch = fetched ? drawn - fetched : NaN;
  const draw = drawn - shownAt;
  // The frame in which the canvas renderer drew the line (the app marks it from a frame callback
  // queued right after the renderer's); builds without the mark report NaN.
  const painted = paintedAt - shownAt;
  results.push({ total, afterFetch, draw, painted });
  log(
    `run ${run + 1}: click → route drawn ${total.toFixed(0)} ms (after the response: ${afterFetch.toFixed(0)} ms: parse, chart, table, map; map draw alone: ${draw.toFixed(0)} ms; line painted in frame at ${painted.toFixed(0)} ms)`,
  );
}
await page.screenshot({ path: join(tmpdir(), 'route-draw-bench.png') });
await browser.close();
stop();

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
console.log('\n=== Frota route draw benchmark ===');
console.log(`points: ${POINTS}, runs: ${RUNS}`);
console.log(
  `route handed to the map → drawn and painted (median): ${median(results.map((r) => r.draw)).toFixed(0)} ms (target < 1000)`,
);
console.log(
  `route handed to the map → frame that paints the line (median): ${median(results.map((r) => r.painted)).toFixed(0)} ms`,
);
console.log(`click → route drawn (median): ${median(results.map((r) => r.total)).toFixed(0)} ms`);
console.log(
  `response → route drawn (median): ${median(results.map((r) => r.afterFetch)).toFixed(0)} ms`,
);
process.exit(0);
