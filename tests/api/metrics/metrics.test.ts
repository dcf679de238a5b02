import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEVICE_PROTOCOLS } from '../../../server/protocol';
import { TEST_ADMIN, startServer, type TestServer } from '../../support/server';
import { create, apiFixtureForFile } from '../../support/entityApi';
import { parseExposition, sampleValue, type Family } from '../../support/prometheus';
import { startSmtp, type TestSmtp } from '../../support/smtp';

/**
 * `GET /metrics` (docs/scaling.md, "Metrics and configuration"): hidden unless METRICS_TOKEN is
 * set and given as a bearer token, then Prometheus' text format with what an operator watches:
 * fixes per protocol, live sockets, notifications per channel, the database.
 */

const TOKEN = 'metrics-test-token-6f1d2c9a';
const NOT_FOUND = [404, 'Not found - WebApplicationException'];

let bare: TestServer;
let smtp: TestSmtp;

/** On a PostgreSQL server (DATABASE_URL set) the pool's settings are the server's own. */
const postgres = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp?.close());
const f = apiFixtureForFile(() => ({
  METRICS_TOKEN: TOKEN,
  SMTP_URL: smtp.url,
  ...(postgres ? { DATABASE_POOL_MAX: '7' } : {}),
}));
// A second server without METRICS_TOKEN, which must not serve /metrics at all.
beforeAll(async () => {
  bare = await startServer();
}, 120_000);
afterAll(() => bare?.stop());

const answer = async (res: Response) => [res.status, await res.text()];

const get = (server: TestServer, authorization?: string) =>
  fetch(`${server.url}/metrics`, { headers: authorization ? { authorization } : {} });

async function scrape(): Promise<Map<string, Family>> {
  const res = await get(f.server, `Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  return parseExposition(await res.text());
}

const osmand = (query: string) => fetch(`http://127.0.0.1:${f.server.osmandPort}/?${query}`);

describe('GET /metrics', () => {
  it('is not found without METRICS_TOKEN, whatever the caller sends', async () => {
    expect(await answer(await get(bare))).toEqual(NOT_FOUND);
    expect(await answer(await get(bare, `Bearer ${TOKEN}`))).toEqual(NOT_FOUND);
  });

  it('is not found without the token or with a wrong one, as if it did not exist', async () => {
    expect(await answer(await get(f.server))).toEqual(NOT_FOUND);
    expect(await answer(await get(f.server, `Bearer ${TOKEN}x`))).toEqual(NOT_FOUND);
    expect(await answer(await get(f.server, `Bearer ${TOKEN.slice(0, -1)}`))).toEqual(NOT_FOUND);
    expect(await answer(await get(f.server, TOKEN))).toEqual(NOT_FOUND);
    const basic = `Basic ${Buffer.from(`${TEST_ADMIN.email}:${TEST_ADMIN.password}`).toString('base64')}`;
    expect(await answer(await get(f.server, basic))).toEqual(NOT_FOUND);
    // A signed-in administrator is no Prometheus either.
    expect(await answer(await f.admin.get('/metrics'))).toEqual(NOT_FOUND);
  });

  it("answers the token with Prometheus' text format, every family described", async () => {
    const res = await get(f.server, `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = parseExposition(await res.text());
    for (const family of families.values()) {
      expect(family.name).toMatch(/^frota_/);
      expect(family.help, family.name).not.toBe('');
      expect(family.type, family.name).not.toBe('');
    }
    // Every protocol a fix may come in by has its series from the start.
    for (const protocol of ['osmand', ...DEVICE_PROTOCOLS.map((p) => p.name)]) {
      expect(
        sampleValue(families, 'frota_fixes_received_total', { protocol }),
      ).toBeGreaterThanOrEqual(0);
      expect(
        sampleValue(families, 'frota_fixes_stored_total', { protocol }),
      ).toBeGreaterThanOrEqual(0);
    }
    expect(families.get('frota_ingest_batch_write_seconds')?.type).toBe('histogram');
    expect(sampleValue(families, 'frota_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sampleValue(families, 'frota_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(families, 'frota_database_up')).toBe(1);
    const ping = sampleValue(families, 'frota_database_ping_seconds');
    expect(ping).toBeGreaterThan(0);
    expect(ping).toBeLessThan(2);
    expect(sampleValue(families, 'frota_ingest_queue_depth')).toBe(0);
    if (postgres) {
      const pool = (state: string) =>
        sampleValue(families, 'frota_database_pool_connections', { state });
      expect(pool('max')).toBe(7);
      expect(pool('open')).toBeGreaterThanOrEqual(1);
      expect(pool('open')).toBeLessThanOrEqual(7);
    } else {
      // SQLite has no pool to show.
      expect(families.has('frota_database_pool_connections')).toBe(false);
    }
  });
});

describe('counts', () => {
  it('counts the fixes received over the OsmAnd port, the stored and the refused ones', async () => {
    const device = await create(f.admin, '/api/devices', { name: 'Counted', uniqueId: 'count-1' });
    const osm = { protocol: 'osmand' };
    // Refusals have a series once one happened.
    const refused = (families: Map<string, Family>, reason: string) =>
      families
        .get('frota_fixes_refused_total')
        ?.samples.find((s) => s.labels.protocol === 'osmand' && s.labels.reason === reason)
        ?.value ?? 0;
    const before = await scrape();
    const stored = sampleValue(before, 'frota_fixes_stored_total', osm);
    const received = sampleValue(before, 'frota_fixes_received_total', osm);
    const batches = sampleValue(before, 'frota_ingest_batch_write_seconds_count');
    const time = Math.floor(Date.now() / 1000) - 60;
    for (let i = 0; i < 3; i++) {
      const res = await osmand(`id=count-1&lat=-23.5${i}&lon=-46.6&timestamp=${time + i}`);
      expect(res.status).toBe(200);
    }
    // The last one again (its answer lost, say) and a device nobody added: neither is stored.
    expect((await osmand(`id=count-1&lat=-23.52&lon=-46.6&timestamp=${time + 2}`)).status).toBe(
      200,
    );
    expect((await osmand(`id=nobody-9&lat=-23.5&lon=-46.6&timestamp=${time}`)).status).toBe(400);

    const after = await scrape();
    expect(sampleValue(after, 'frota_fixes_stored_total', osm)).toBe(stored + 3);
    expect(sampleValue(after, 'frota_fixes_received_total', osm)).toBe(received + 5);
    expect(refused(after, 'duplicate')).toBe(refused(before, 'duplicate') + 1);
    expect(refused(after, 'unknown_device')).toBe(refused(before, 'unknown_device') + 1);
    expect(sampleValue(after, 'frota_ingest_batch_write_seconds_count')).toBeGreaterThan(batches);
    // The other protocols saw none of it.
    expect(sampleValue(after, 'frota_fixes_stored_total', { protocol: 'gt06' })).toBe(
      sampleValue(before, 'frota_fixes_stored_total', { protocol: 'gt06' }),
    );
    await f.admin.delete(`/api/devices/${device.id}`);
  });

  it('follows the live sockets open on the instance', async () => {
    const clients = async () => sampleValue(await scrape(), 'frota_websocket_clients');
    const before = await clients();
    const socket = new WebSocket(`${f.server.wsUrl}/api/socket`, {
      headers: { cookie: f.admin.cookieHeader() },
    });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    await expect.poll(clients, { timeout: 5_000 }).toBe(before + 1);
    socket.close();
    await expect.poll(clients, { timeout: 5_000 }).toBe(before);
  });

  it('counts the notifications sent per channel, and those a channel could not deliver', async () => {
    const device = await create(f.admin, '/api/devices', {
      name: 'Notified',
      uniqueId: 'notify-1',
    });
    // SMS has no gateway configured on this server: its copy cannot be delivered.
    const notification = await create(f.admin, '/api/notifications', {
      type: 'deviceOnline',
      always: true,
      notificators: 'web,mail,sms',
    });
    const sent = (families: Map<string, Family>, channel: string) =>
      sampleValue(families, 'frota_notifications_sent_total', { channel });
    const failed = (families: Map<string, Family>, channel: string) =>
      sampleValue(families, 'frota_notifications_failed_total', { channel });
    const before = await scrape();
    // Its first fix brings the device online.
    const time = Math.floor(Date.now() / 1000);
    expect((await osmand(`id=notify-1&lat=-23.5&lon=-46.6&timestamp=${time}`)).status).toBe(200);
    await smtp.waitForMail(TEST_ADMIN.email);
    await expect
      .poll(async () => sent(await scrape(), 'mail'), { timeout: 5_000 })
      .toBe(sent(before, 'mail') + 1);
    const after = await scrape();
    expect(sent(after, 'web')).toBe(sent(before, 'web') + 1);
    expect(failed(after, 'sms')).toBe(failed(before, 'sms') + 1);
    expect(failed(after, 'mail')).toBe(failed(before, 'mail'));
    expect(sent(after, 'sms')).toBe(sent(before, 'sms'));
    await f.admin.delete(`/api/notifications/${notification.id}`);
    await f.admin.delete(`/api/devices/${device.id}`);
  });
});
