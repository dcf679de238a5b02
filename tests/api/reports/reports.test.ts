/**
 * The reports over HTTP against the real server: shapes, access (visibility, disableReports,
 * advanced permission bits), dates, group expansion, event filters and the .xlsx export parsed
 * back with exceljs.
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodePerms } from '../../../model';
import { insertEvents, insertPositions } from '../../../server/ingest/store';
import type { PositionRecord } from '../../../server/processing/types';
import { knotsFromMps } from '../../../model/units';
import { Client } from '../../support/http';
import { create, link, makeUser, apiFixtureForFile, makeUserSeeing } from '../../support/entityApi';
import { positionRecord } from '../../support/positionRecord';

const M = (6378137 * Math.PI) / 180;
/** 2025-03-10 23:50 in São Paulo (UTC-3): a drive that crosses midnight. */
const START = Date.parse('2025-03-10T23:50:00-03:00');
const STEP = 30_000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Parked 0–19, driving 20 × 300 m (20–39), parked 40–59; engine on 19–40. */
function track(deviceId: number): PositionRecord[] {
  const out: PositionRecord[] = [];
  let y = 0;
  let hours = 0;
  for (let i = 0; i < 60; i++) {
    const driving = i >= 20 && i <= 39;
    const ignition = i >= 19 && i <= 40;
    if (driving) y += 300;
    if (ignition && i > 19) hours += STEP;
    const speed = driving ? knotsFromMps(10) : 0;
    out.push(
      positionRecord({
        id: 0,
        deviceId,
        serverTime: START + i * STEP,
        deviceTime: START + i * STEP,
        fixTime: START + i * STEP,
        latitude: -23.5 + y / M,
        longitude: -46.6,
        altitude: 700,
        speed,
        address: i === 19 ? 'Rua Augusta, 100' : null,
        accuracy: 5,
        attributes: { ignition, motion: speed > 0, totalDistance: y, hours },
      }),
    );
  }
  return out;
}

const at = (i: number) => new Date(START + i * STEP).toISOString();
const range = `from=${encodeURIComponent(at(0))}&to=${encodeURIComponent(at(59))}`;
const json = { accept: 'application/json' };

let van: { id: number };
let truck: { id: number };
let bus: { id: number };
let parentGroup: { id: number };
let alice: { client: Client; id: number };

async function get(client: Client, path: string, headers: Record<string, string> = json) {
  const res = await client.request(path, { headers });
  return { status: res.status, res };
}

async function getJson<T = Record<string, unknown>[]>(client: Client, path: string): Promise<T> {
  const res = await client.request(path, { headers: json });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as T;
}

async function workbook(res: Response): Promise<ExcelJS.Worksheet> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain(XLSX);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  expect(book.worksheets).toHaveLength(1);
  return book.worksheets[0];
}

/** Minutes of an `[h]:mm` cell, which exceljs reads back as a date from 1899-12-30. */
const minutes = (value: unknown) => ((value as Date).getTime() - Date.UTC(1899, 11, 30)) / 60_000;

const headerRow = (sheet: ExcelJS.Worksheet) =>
  (sheet.getRow(1).values as unknown[]).slice(1).map(String);

// The advanced-permission bits exercised here apply only with the plus licence.
const f = apiFixtureForFile({ LICENSE_MODE: 'plus' });
beforeAll(async () => {
  van = await create(f.admin, '/api/devices', { name: 'Van', uniqueId: 'rep-van' });
  truck = await create(f.admin, '/api/devices', { name: 'Truck', uniqueId: 'rep-truck' });
  parentGroup = await create(f.admin, '/api/groups', { name: 'Fleet' });
  const child = await create(f.admin, '/api/groups', { name: 'Buses', groupId: parentGroup.id });
  bus = await create(f.admin, '/api/devices', {
    name: 'Bus',
    uniqueId: 'rep-bus',
    groupId: child.id,
  });
  for (const device of [van, truck, bus]) {
    await insertPositions(f.db.kysely, f.db.dialect, track(device.id));
  }
  await insertEvents(f.db.kysely, [
    ...(['deviceMoving', 'deviceStopped'] as const).map((type, i) => ({
      type,
      deviceId: van.id,
      eventTime: START + (20 + i * 20) * STEP,
      positionId: 0,
      geofenceId: 0,
      maintenanceId: 0,
      attributes: {},
    })),
    ...['sos', 'powerCut'].map((alarm, i) => ({
      type: 'alarm' as const,
      deviceId: van.id,
      eventTime: START + (30 + i) * STEP,
      positionId: 0,
      geofenceId: 0,
      maintenanceId: 0,
      attributes: { alarm },
    })),
  ]);
  alice = await makeUserSeeing(f, van.id);
}, 120_000);

describe('reports JSON', () => {
  it('trips, stops and summary of a drive across midnight (units: m, knots, ms)', async () => {
    const trips = await getJson(f.admin, `/api/reports/trips?deviceId=${van.id}&${range}`);
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatchObject({
      deviceId: van.id,
      deviceName: 'Van',
      startPositionId: expect.any(Number),
      endPositionId: expect.any(Number),
      startTime: at(19),
      endTime: at(45),
      duration: 26 * STEP,
      distance: 6000,
      startOdometer: 0,
      endOdometer: 6000,
      startAddress: 'Rua Augusta, 100',
      endAddress: null,
      spentFuel: 0,
      driverUniqueId: null,
      driverName: null,
    });
    expect(trips[0].maxSpeed).toBeCloseTo(knotsFromMps(10), 6);
    expect(trips[0].startLat).toBeCloseTo(-23.5, 9);
    expect(Object.keys(trips[0]).sort()).toEqual(
      [
        'averageSpeed',
        'deviceId',
        'deviceName',
        'distance',
        'driverName',
        'driverUniqueId',
        'duration',
        'endAddress',
        'endLat',
        'endLon',
        'endOdometer',
        'endPositionId',
        'endTime',
        'maxSpeed',
        'spentFuel',
        'startAddress',
        'startLat',
        'startLon',
        'startOdometer',
        'startPositionId',
        'startTime',
      ].sort(),
    );

    const stops = await getJson(f.admin, `/api/reports/stops?deviceId=${van.id}&${range}`);
    expect(stops.map((s) => [s.startTime, s.endTime, s.duration])).toEqual([
      [at(0), at(19), 19 * STEP],
      [at(45), at(59), 14 * STEP],
    ]);
    expect(Object.keys(stops[0])).toEqual(
      expect.arrayContaining(['positionId', 'latitude', 'longitude', 'address', 'engineHours']),
    );

    const [summary] = await getJson(f.admin, `/api/reports/summary?deviceId=${van.id}&${range}`);
    expect(summary).toMatchObject({
      deviceName: 'Van',
      distance: 6000,
      startHours: 0,
      endHours: 21 * STEP,
      engineHours: 21 * STEP,
      startTime: at(0),
      endTime: at(59),
    });

    // Midnight in São Paulo falls at position 20: the daily summary has two days.
    const days = await getJson(
      f.admin,
      `/api/reports/summary?deviceId=${van.id}&daily=true&${range}`,
    );
    expect(days.map((d) => [d.startTime, d.endTime, d.distance])).toEqual([
      [at(0), at(20), 300],
      [at(20), at(59), 5700],
    ]);
  });

  it('ignores the ExtJS leftovers Tarkan sends with trips', async () => {
    const trips = await getJson(
      f.admin,
      `/api/reports/trips?deviceId=${van.id}&groupId=${parentGroup.id}&${range}&page=1&start=0&limit=25&_dc=1616717856816`,
    );
    expect(trips.map((t) => t.deviceName)).toEqual(['Bus', 'Van']);
  });

  it('route: positions ascending by fixTime, in the Position shape', async () => {
    const route = await getJson(f.admin, `/api/reports/route?deviceId=${van.id}&${range}`);
    expect(route).toHaveLength(60);
    expect(route.map((p) => p.fixTime)).toEqual(Array.from({ length: 60 }, (_, i) => at(i)));
    expect(route[19]).toMatchObject({
      deviceId: van.id,
      protocol: 'osmand',
      outdated: false,
      valid: true,
      altitude: 700,
      address: 'Rua Augusta, 100',
      network: null,
      geofenceIds: null,
      attributes: { ignition: true, motion: false, totalDistance: 0, hours: 0 },
    });
    const positions = await getJson(
      f.admin,
      `/api/positions?deviceId=${van.id}&from=${encodeURIComponent(at(0))}&to=${encodeURIComponent(at(59))}`,
    );
    expect(route).toEqual(positions);
  });

  it('events: all, by type, by alarm', async () => {
    const all = await getJson(f.admin, `/api/reports/events?deviceId=${van.id}&${range}`);
    expect(all.map((e) => e.type)).toEqual(['deviceMoving', 'alarm', 'alarm', 'deviceStopped']);
    const allEvents = await getJson(
      f.admin,
      `/api/reports/events?deviceId=${van.id}&type=allEvents&${range}`,
    );
    expect(allEvents).toEqual(all);
    const alarms = await getJson(
      f.admin,
      `/api/reports/events?deviceId=${van.id}&type=alarm&${range}`,
    );
    expect(alarms.map((e) => (e.attributes as { alarm: string }).alarm)).toEqual([
      'sos',
      'powerCut',
    ]);
    const sos = await getJson(
      f.admin,
      `/api/reports/events?deviceId=${van.id}&type=alarm&alarm=sos&${range}`,
    );
    expect(sos).toHaveLength(1);
    expect(sos[0]).toMatchObject({ type: 'alarm', deviceId: van.id, geofenceId: 0 });
    const moving = await getJson(
      f.admin,
      `/api/reports/events?deviceId=${van.id}&type=deviceMoving&type=deviceStopped&${range}`,
    );
    expect(moving.map((e) => e.type)).toEqual(['deviceMoving', 'deviceStopped']);
  });

  it('groups expand through sub-groups; no device or group means every device one sees', async () => {
    const byGroup = await getJson(
      f.admin,
      `/api/reports/summary?groupId=${parentGroup.id}&${range}`,
    );
    expect(byGroup.map((s) => s.deviceName)).toEqual(['Bus']);
    const everything = await getJson(f.admin, `/api/reports/summary?${range}`);
    expect(everything.map((s) => s.deviceName)).toEqual(['Bus', 'Truck', 'Van']);
    const mine = await getJson(alice.client, `/api/reports/summary?${range}`);
    expect(mine.map((s) => s.deviceName)).toEqual(['Van']);
  });
});

describe('reports access', () => {
  it('a user reports on the devices they see and gets SecurityException for others', async () => {
    for (const report of ['route', 'events', 'trips', 'stops', 'summary']) {
      const ok = await get(alice.client, `/api/reports/${report}?deviceId=${van.id}&${range}`);
      expect(ok.status, report).toBe(200);
      const denied = await get(
        alice.client,
        `/api/reports/${report}?deviceId=${truck.id}&${range}`,
      );
      expect(denied.status, report).toBe(400);
      expect(await denied.res.text()).toBe('Device access denied - SecurityException');
      const xlsx = await get(
        alice.client,
        `/api/reports/${report}/xlsx?deviceId=${truck.id}&${range}`,
      );
      expect(xlsx.status, report).toBe(400);
    }
    const group = await get(alice.client, `/api/reports/trips?groupId=${parentGroup.id}&${range}`);
    expect(await group.res.text()).toBe('Group access denied - SecurityException');
    expect((await get(new Client(f.server.url), `/api/reports/trips?${range}`)).status).toBe(401);
  });

  it('disableReports on the user or the server blocks every report', async () => {
    const restricted = await makeUserSeeing(f, van.id, { disableReports: true });
    for (const report of ['route', 'events', 'trips', 'stops', 'summary']) {
      const res = await get(
        restricted.client,
        `/api/reports/${report}?deviceId=${van.id}&${range}`,
      );
      expect(res.status).toBe(400);
      expect(await res.res.text()).toBe('Reports are disabled - SecurityException');
    }
    const server = (await (await f.admin.get('/api/server')).json()) as Record<string, unknown>;
    expect(
      (await f.admin.json('/api/server', { ...server, disableReports: true }, 'PUT')).status,
    ).toBe(200);
    try {
      const res = await get(alice.client, `/api/reports/summary?deviceId=${van.id}&${range}`);
      expect(await res.res.text()).toBe('Reports are disabled - SecurityException');
      // Administrators are never restricted.
      expect((await get(f.admin, `/api/reports/summary?deviceId=${van.id}&${range}`)).status).toBe(
        200,
      );
    } finally {
      await f.admin.json('/api/server', { ...server, disableReports: false }, 'PUT');
    }
  });

  it('advanced permissions: bit 72 for any report, 73–76 for route, stops, trips, events', async () => {
    const user = await makeUser(f, {
      attributes: { 'tarkan.advancedPerms': encodePerms(['devices', 'reports', 'reportTrips']) },
    });
    const none = await makeUser(f, {
      attributes: { 'tarkan.advancedPerms': encodePerms(['devices', 'reportTrips']) },
    });
    for (const u of [user, none]) await link(f.admin, { userId: u.id, deviceId: van.id });
    const server = (await (await f.admin.get('/api/server')).json()) as Record<string, unknown>;
    await f.admin.json(
      '/api/server',
      { ...server, attributes: { 'tarkan.enableAdvancedPerms': true } },
      'PUT',
    );
    try {
      const status = async (client: Client, report: string) =>
        (await get(client, `/api/reports/${report}?deviceId=${van.id}&${range}`)).status;
      expect(await status(user.client, 'trips')).toBe(200);
      expect(await status(user.client, 'summary')).toBe(200);
      for (const report of ['route', 'stops', 'events']) {
        expect(await status(user.client, report), report).toBe(400);
      }
      expect(await status(none.client, 'trips')).toBe(400);
      expect(await status(none.client, 'summary')).toBe(400);
    } finally {
      await f.admin.json('/api/server', { ...server, attributes: {} }, 'PUT');
    }
    expect((await get(user.client, `/api/reports/route?deviceId=${van.id}&${range}`)).status).toBe(
      200,
    );
  });

  it('from and to must be ISO dates with a zone', async () => {
    const from = encodeURIComponent(at(0));
    for (const query of [
      `to=${from}`,
      `from=${from}`,
      `from=yesterday&to=${from}`,
      `from=2025-03-10T10:00:00&to=${from}`,
      `from=2025-03-10&to=${from}`,
      `from=${from}&to=2025-13-45T99:00:00Z`,
    ]) {
      const res = await get(f.admin, `/api/reports/trips?deviceId=${van.id}&${query}`);
      expect(res.status, query).toBe(400);
      expect(await res.res.text(), query).toMatch(/ - IllegalArgumentException$/);
    }
    const offset = await get(
      f.admin,
      `/api/reports/trips?deviceId=${van.id}&from=${encodeURIComponent('2025-03-10T23:50:00-03:00')}&to=${encodeURIComponent('2025-03-11T03:30:00.000+00:00')}`,
    );
    expect(offset.status).toBe(200);
  });

  it('a period that ends before it starts holds nothing: every report answers empty, as Traccar', async () => {
    const inverted = `from=${encodeURIComponent(at(59))}&to=${encodeURIComponent(at(0))}`;
    for (const report of ['route', 'events', 'trips', 'stops', 'summary']) {
      const res = await get(f.admin, `/api/reports/${report}?deviceId=${van.id}&${inverted}`);
      expect(res.status, report).toBe(200);
      expect(await res.res.json(), report).toEqual([]);
    }
    // The combined report lists each device, as for any period it has nothing in.
    const combined = await get(f.admin, `/api/reports/combined?deviceId=${van.id}&${inverted}`);
    expect([combined.status, await combined.res.json()]).toEqual([
      200,
      [{ deviceId: van.id, route: [], events: [], positions: [] }],
    ]);
    const daily = await get(
      f.admin,
      `/api/reports/summary?deviceId=${van.id}&daily=true&${inverted}`,
    );
    expect([daily.status, await daily.res.json()]).toEqual([200, []]);
    const sheet = await f.admin.request(`/api/reports/trips?deviceId=${van.id}&${inverted}`, {
      headers: { accept: XLSX },
    });
    expect(sheet.status).toBe(200);
  });
});

describe('reports xlsx', () => {
  it('trips in pt-BR by default: localized headers, km/h and km, h:mm, São Paulo time', async () => {
    const res = await f.admin.request(`/api/reports/trips?deviceId=${van.id}&${range}`, {
      headers: { accept: XLSX },
    });
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="viagens_2025-03-10_2025-03-11.xlsx"',
    );
    const sheet = await workbook(res);
    expect(sheet.name).toBe('Viagens');
    expect(headerRow(sheet)).toEqual([
      'Dispositivo',
      'Início',
      'Endereço inicial',
      'Odômetro inicial (km)',
      'Fim',
      'Endereço final',
      'Odômetro final (km)',
      'Duração',
      'Distância (km)',
      'Velocidade média (km/h)',
      'Velocidade máxima (km/h)',
      'Combustível gasto (l)',
      'Motorista',
    ]);
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe('Van');
    // 23:59:30 local written as a zone-less Excel date.
    expect((row.getCell(2).value as Date).toISOString()).toBe('2025-03-10T23:59:30.000Z');
    expect(row.getCell(3).value).toBe('Rua Augusta, 100');
    expect(row.getCell(9).value).toBe(6);
    expect(row.getCell(11).value).toBe(36); // 10 m/s
    // 13 minutes, as a duration shown [h]:mm (exceljs reads time-formatted cells back as dates).
    expect(minutes(row.getCell(8).value)).toBe(13);
    expect(row.getCell(8).numFmt).toBe('[h]:mm');
  });

  it('follows the user language, units and time zone; /xlsx works without the header', async () => {
    const user = await makeUserSeeing(f, van.id, {
      attributes: {
        language: 'en-US',
        speedUnit: 'mph',
        distanceUnit: 'mi',
        timezone: 'Europe/Lisbon',
      },
    });
    const sheet = await workbook(
      (await get(user.client, `/api/reports/summary/xlsx?deviceId=${van.id}&${range}`, {})).res,
    );
    expect(sheet.name).toBe('Summary');
    expect(headerRow(sheet)).toEqual([
      'Device',
      'Start',
      'End',
      'Distance (mi)',
      'Start odometer (mi)',
      'End odometer (mi)',
      'Average speed (mph)',
      'Max speed (mph)',
      'Engine hours',
      'Spent fuel (l)',
    ]);
    const row = sheet.getRow(2);
    expect(row.getCell(4).value).toBe(3.73); // 6 km
    expect(row.getCell(8).value).toBe(22.4); // 10 m/s
    expect(minutes(row.getCell(9).value)).toBe(10); // 10 min 30 s of engine → 0:10
    expect((row.getCell(2).value as Date).toISOString()).toBe('2025-03-11T02:50:00.000Z');

    const es = await makeUserSeeing(f, van.id, { attributes: { 'tarkan.lang': 'es' } });
    const stops = await workbook(
      (await get(es.client, `/api/reports/stops?deviceId=${van.id}&${range}`, { accept: XLSX }))
        .res,
    );
    expect(stops.name).toBe('Paradas');
    expect(headerRow(stops).slice(0, 4)).toEqual(['Dispositivo', 'Inicio', 'Fin', 'Duración']);
    expect(stops.rowCount).toBe(3);
  });

  it('without a zone preference, dates and file name follow the zone the screen shows', async () => {
    // 10 March in New York (UTC-4 then) picked by a browser there: 00:00 → 23:59:59.999.
    const from = encodeURIComponent('2025-03-10T04:00:00.000Z');
    const to = encodeURIComponent('2025-03-11T03:59:59.999Z');
    const res = await f.admin.request(
      `/api/reports/trips?deviceId=${van.id}&from=${from}&to=${to}&timezone=America%2FNew_York`,
      { headers: { accept: XLSX } },
    );
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="viagens_2025-03-10_2025-03-10.xlsx"',
    );
    const sheet = await workbook(res);
    // 23:59:30 in São Paulo is 22:59:30 in New York: the same wall time the table shows.
    expect((sheet.getRow(2).getCell(2).value as Date).toISOString()).toBe(
      '2025-03-10T22:59:30.000Z',
    );

    // The user's own preference wins over the browser's zone, on the screen and in the file.
    const lisbon = await makeUserSeeing(f, van.id, { attributes: { timezone: 'Europe/Lisbon' } });
    const own = await lisbon.client.request(
      `/api/reports/trips?deviceId=${van.id}&${range}&timezone=America%2FNew_York`,
      { headers: { accept: XLSX } },
    );
    expect(own.headers.get('content-disposition')).toBe(
      'attachment; filename="viagens_2025-03-11_2025-03-11.xlsx"',
    );
    expect(((await workbook(own)).getRow(2).getCell(2).value as Date).toISOString()).toBe(
      '2025-03-11T02:59:30.000Z',
    );

    const bad = await f.admin.request(
      `/api/reports/trips?deviceId=${van.id}&${range}&timezone=Mars%2FOlympus`,
      { headers: { accept: XLSX } },
    );
    expect(bad.headers.get('content-disposition')).toBe(
      'attachment; filename="viagens_2025-03-10_2025-03-11.xlsx"',
    );
    await workbook(bad);
  });

  it('route and events export every row', async () => {
    const route = await workbook(
      (
        await get(
          f.admin,
          `/api/reports/route/xlsx?deviceId=${van.id}&deviceId=${truck.id}&${range}`,
          {},
        )
      ).res,
    );
    expect(route.name).toBe('Histórico');
    expect(route.rowCount).toBe(121);
    expect(headerRow(route)).toContain('Velocidade (km/h)');
    expect(route.getRow(2).getCell(1).value).toBe('Truck');
    const events = await workbook(
      (await get(f.admin, `/api/reports/events?deviceId=${van.id}&${range}`, { accept: XLSX })).res,
    );
    expect(events.rowCount).toBe(5);
    expect(events.getRow(3).getCell(3).value).toBe('Alarme');
    // Alarms by the names the screens give them, not the keys devices send.
    expect(events.getRow(3).getCell(4).value).toBe('SOS');
    expect(events.getRow(4).getCell(4).value).toBe('Corte de alimentação');
  });
});
