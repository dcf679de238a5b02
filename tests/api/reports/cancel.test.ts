/**
 * A report the client stops waiting for (the web app's cancel button, a closed tab): the server
 * stops its work at the next page of positions, writes no error to its log, and keeps answering.
 */
import { beforeAll, expect, it } from 'vitest';
import { insertPositions } from '../../../server/ingest/store';
import type { PositionRecord } from '../../../server/processing/types';
import { knotsFromMps } from '../../../model/units';
import { create, apiFixtureForFile } from '../../support/entityApi';
import { positionRecord } from '../../support/positionRecord';

const M = (6378137 * Math.PI) / 180;
const START = Date.parse('2025-03-10T08:00:00Z');
/** A day and more of fixes a second apart: a route answer of tens of megabytes. */
const COUNT = 120_000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// Room for a slow start on a busy machine, and for storing the whole track afterwards.
const f = apiFixtureForFile({}, { startTimeoutMs: 120_000, hookTimeoutMs: 240_000 });
let device: { id: number };

/** Driving back and forth, 10 m/s, with the engine on. */
function track(deviceId: number): PositionRecord[] {
  return Array.from({ length: COUNT }, (_, i) =>
    positionRecord({
      id: 0,
      deviceId,
      serverTime: START + i * 1000,
      deviceTime: START + i * 1000,
      fixTime: START + i * 1000,
      latitude: -23.5 + ((i % 2000) * 10) / M,
      longitude: -46.6,
      altitude: 700,
      speed: knotsFromMps(10),
      address: `Rua ${i % 97}, ${i}`,
      accuracy: 5,
      attributes: { ignition: true, motion: true, totalDistance: i * 10 },
    }),
  );
}

const period = () =>
  `from=${encodeURIComponent(new Date(START).toISOString())}` +
  `&to=${encodeURIComponent(new Date(START + COUNT * 1000).toISOString())}`;

/** The server's log lines at error level or worse (pino: 50 and 60), from line `from` on. */
const errorLines = (from: number) =>
  f.server.lines.slice(from).filter((line) => /"level":\s*(50|60)/.test(line));

/** Starts a report, reads its first bytes (the server is mid-answer), then hangs up. */
async function startThenCancel(path: string, accept: string): Promise<void> {
  const controller = new AbortController();
  const res = await f.admin.request(path, { headers: { accept }, signal: controller.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const first = await reader.read();
  expect(first.done).toBe(false);
  controller.abort();
  await reader.cancel().catch(() => undefined);
}

beforeAll(async () => {
  device = await create(f.admin, '/api/devices', { name: 'Cancelled', uniqueId: 'cancel-1' });
  const positions = track(device.id);
  for (let i = 0; i < positions.length; i += 10_000) {
    await insertPositions(f.db.kysely, f.db.dialect, positions.slice(i, i + 10_000));
  }
}, 240_000);

it('stops a route answer the client hangs up on, without an error in the log', async () => {
  const from = f.server.lines.length;
  await startThenCancel(`/api/reports/route?deviceId=${device.id}&${period()}`, 'application/json');
  await f.server.waitForLine(/report cancelled by the client/, 20_000, from);
  expect(errorLines(from)).toEqual([]);

  // The server goes on answering, the same report included.
  const res = await f.admin.request(`/api/reports/summary?deviceId=${device.id}&${period()}`, {
    headers: { accept: 'application/json' },
  });
  expect(res.status).toBe(200);
  expect(((await res.json()) as unknown[]).length).toBe(1);
}, 60_000);

it('stops writing a spreadsheet the client hangs up on, without an error in the log', async () => {
  const from = f.server.lines.length;
  const controller = new AbortController();
  // The whole track makes a workbook that takes seconds to write; the client leaves meanwhile.
  const pending = f.admin
    .request(`/api/reports/route/xlsx?deviceId=${device.id}&${period()}`, {
      headers: { accept: XLSX },
      signal: controller.signal,
    })
    .then((res) => res.arrayBuffer())
    .catch((error: unknown) => error);
  await new Promise((resolve) => setTimeout(resolve, 500));
  controller.abort();
  expect(await pending).toBeInstanceOf(Error);
  await f.server.waitForLine(/report cancelled by the client/, 20_000, from);
  // Had the writing gone on into the closed connection, its failure would be logged by now.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(errorLines(from)).toEqual([]);
  const res = await f.admin.request('/api/health');
  expect(res.status).toBe(200);
}, 60_000);
