/**
 * One odometer: a device that reports its vehicle's own meter (`odometer`) beside the server's GPS
 * distance (`totalDistance`) shows the vehicle's figure in the trips, the summary and the route
 * spreadsheet alike, and `report.ignoreOdometer` makes all three the GPS distance.
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertPositions } from '../../../server/ingest/store';
import type { PositionRecord } from '../../../server/processing/types';
import { knotsFromMps } from '../../../model/units';
import { create, apiFixtureForFile } from '../../support/entityApi';
import { positionRecord } from '../../support/positionRecord';

const M = (6378137 * Math.PI) / 180;
const START = Date.parse('2025-03-10T12:00:00Z');
const STEP = 30_000;
/** The vehicle's meter when the device was installed: 236,306 km. */
const VEHICLE_METRES = 236_306_000;

/** Parked 0–4, driving 10 × 500 m (5–14), parked 15–19. */
function track(deviceId: number): PositionRecord[] {
  let y = 0;
  return Array.from({ length: 20 }, (_, i) => {
    const driving = i >= 5 && i <= 14;
    if (driving) y += 500;
    const speed = driving ? knotsFromMps(15) : 0;
    return positionRecord({
      id: 0,
      deviceId,
      serverTime: START + i * STEP,
      deviceTime: START + i * STEP,
      fixTime: START + i * STEP,
      latitude: -23.5 + y / M,
      longitude: -46.6,
      altitude: 700,
      speed,
      accuracy: 5,
      // The GPS distance since the device was installed (19.9 km before this drive) and the
      // vehicle's own meter, both in metres.
      attributes: { motion: speed > 0, totalDistance: 19_900 + y, odometer: VEHICLE_METRES + y },
    });
  });
}

const at = (i: number) => new Date(START + i * STEP).toISOString();
const range = `from=${encodeURIComponent(at(0))}&to=${encodeURIComponent(at(19))}`;

let own: { id: number };
let ignoring: { id: number };

const f = apiFixtureForFile();
beforeAll(async () => {
  own = await create(f.admin, '/api/devices', { name: 'Own meter', uniqueId: 'odo-own' });
  ignoring = await create(f.admin, '/api/devices', {
    name: 'GPS only',
    uniqueId: 'odo-gps',
    attributes: { 'report.ignoreOdometer': true },
  });
  for (const device of [own, ignoring]) {
    await insertPositions(f.db.kysely, f.db.dialect, track(device.id));
  }
}, 120_000);

async function json<T>(path: string): Promise<T> {
  const res = await f.admin.request(path, { headers: { accept: 'application/json' } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** The route spreadsheet's odometer column (km), first and last rows. */
async function routeOdometers(deviceId: number): Promise<[unknown, unknown]> {
  const res = await f.admin.request(`/api/reports/route/xlsx?deviceId=${deviceId}&${range}`);
  expect(res.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  const sheet = book.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  // exceljs numbers cells from 1.
  const column = header.findIndex((name) => name.startsWith('Odômetro')) + 1;
  expect(column).toBeGreaterThan(0);
  return [
    sheet.getRow(2).getCell(column).value,
    sheet.getRow(sheet.rowCount).getCell(column).value,
  ];
}

type Odometers = { startOdometer: number; endOdometer: number; distance: number };

describe('one odometer across reports', () => {
  it('is the vehicle’s own meter when the device reports one', async () => {
    const [trip] = await json<Odometers[]>(`/api/reports/trips?deviceId=${own.id}&${range}`);
    expect(trip).toMatchObject({
      startOdometer: VEHICLE_METRES,
      endOdometer: VEHICLE_METRES + 5000,
      distance: 5000,
    });
    const [summary] = await json<Odometers[]>(`/api/reports/summary?deviceId=${own.id}&${range}`);
    expect(summary).toMatchObject({
      startOdometer: VEHICLE_METRES,
      endOdometer: VEHICLE_METRES + 5000,
    });
    // The spreadsheet's column is the same meter, not the GPS distance beside it.
    expect(await routeOdometers(own.id)).toEqual([236_306, 236_311]);
  });

  it('is the GPS distance everywhere when the device’s meter is ignored', async () => {
    const [trip] = await json<Odometers[]>(`/api/reports/trips?deviceId=${ignoring.id}&${range}`);
    expect(trip).toMatchObject({ startOdometer: 19_900, endOdometer: 24_900, distance: 5000 });
    expect(await routeOdometers(ignoring.id)).toEqual([19.9, 24.9]);
  });
});
