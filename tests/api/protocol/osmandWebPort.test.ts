import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, apiFixtureForFile } from '../../support/entityApi';

/**
 * Devices configured with the web address (Traccar accepts OsmAnd on its web port too): the same
 * ingest and the same answers as the OsmAnd port, while `GET /` stays the web app.
 */

let webDir: string;
let deviceId: number;
beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'frota-web-'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>app</title>');
});
// Hooks registered later run their afterAll first: the server stops before its folder goes.
afterAll(() => rm(webDir, { recursive: true, force: true }));
const f = apiFixtureForFile(() => ({ WEB_DIR: webDir }));
beforeAll(async () => {
  deviceId = (await create(f.admin, '/api/devices', { name: 'Phone', uniqueId: 'web-port-1' })).id;
});

const ports = () => ({ web: f.server.url, osmand: `http://127.0.0.1:${f.server.osmandPort}` });
const now = () => Math.floor(Date.now() / 1000);

async function positions(): Promise<{ latitude: number; accuracy: number; fixTime: string }[]> {
  const res = await f.admin.get(
    `/api/positions?deviceId=${deviceId}&from=2020-01-01T00:00:00Z&to=2100-01-01T00:00:00Z`,
  );
  return (await res.json()) as { latitude: number; accuracy: number; fixTime: string }[];
}

const jsonBody = (uniqueId: string, latitude: number, accuracy: number) =>
  JSON.stringify({
    device_id: uniqueId,
    location: {
      timestamp: new Date().toISOString(),
      coords: { latitude, longitude: -46.6, speed: 1, heading: 10, altitude: 700, accuracy },
      battery: { level: 0.5, is_charging: false },
    },
  });

describe('OsmAnd on the web port', () => {
  it('stores a POST /?id= query, a GET with deviceid and the Traccar Client JSON body', async () => {
    const { web } = ports();
    const post = await fetch(`${web}/?id=web-port-1&lat=-23.1&lon=-46.6&timestamp=${now()}`, {
      method: 'POST',
    });
    expect([post.status, await post.text()]).toEqual([200, '']);
    const get = await fetch(`${web}/?deviceid=web-port-1&lat=-23.2&lon=-46.6&accuracy=4`);
    expect(get.status).toBe(200);
    const form = await fetch(`${web}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `id=web-port-1&lat=-23.3&lon=-46.6`,
    });
    expect(form.status).toBe(200);
    const json = await fetch(`${web}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: jsonBody('web-port-1', -23.4, 25.5),
    });
    expect(json.status).toBe(200);

    const stored = await positions();
    expect(stored.map((p) => p.latitude)).toEqual([-23.1, -23.2, -23.3, -23.4]);
    // The JSON form keeps coords.accuracy (Traccar drops one under osmand.minAccuracy, 10 m).
    expect(stored.map((p) => p.accuracy)).toEqual([0, 4, 0, 25.5]);
  });

  it('answers like the OsmAnd port and like Traccar: unknown device 400, JSON form 404', async () => {
    for (const base of Object.values(ports())) {
      const query = await fetch(`${base}/?id=nobody&lat=1&lon=1`, { method: 'POST' });
      expect(query.status).toBe(400);
      const json = await fetch(`${base}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: jsonBody('nobody', 1, 20),
      });
      expect(json.status).toBe(404);
      const noId = await fetch(`${base}/`, { method: 'POST' });
      expect(noId.status).toBe(400);
      const bad = await fetch(`${base}/?id=web-port-1&lat=95&lon=1`, { method: 'POST' });
      expect(bad.status).toBe(400);
    }
  });

  it('keeps GET / and other paths for the web app and the API', async () => {
    const { web } = ports();
    for (const url of [`${web}/`, `${web}/?foo=1`, `${web}/reports?id=3`]) {
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>');
    }
    const api = await fetch(`${web}/api/server`);
    expect(api.status).toBe(200);
    // A JSON POST elsewhere is still the API's (401 without credentials), not a device message.
    const devices = await fetch(`${web}/api/devices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(devices.status).toBe(401);
  });
});
