/**
 * The geofence report (`/api/reports/geofences`): each enter paired with its exit, per geofence
 * asked for, as JSON and as a localised spreadsheet.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  XLSX,
  START,
  MIN,
  iso,
  range,
  getJson,
  refused,
  header,
  reportWorldForFile,
} from './reportWorld';

const w = reportWorldForFile();

describe('geofence report', () => {
  it('pairs each enter with its exit, per geofence asked for, by entry time', async () => {
    const items = await getJson<Record<string, unknown>[]>(
      w.alice.client,
      `/api/reports/geofences?deviceId=${w.van.id}&geofenceId=${w.depot.id}&geofenceId=${w.yard.id}&${range}`,
    );
    expect(items.map((i) => [i.geofenceId, i.startTime, i.endTime])).toEqual([
      [w.depot.id, iso(START), iso(START + 20 * MIN)],
      [w.yard.id, iso(START + 30 * MIN), iso(START + 50 * MIN)],
    ]);
    expect(Object.keys(items[0]).sort()).toEqual(
      [
        'averageSpeed',
        'deviceId',
        'deviceName',
        'distance',
        'endOdometer',
        'endTime',
        'geofenceId',
        'maxSpeed',
        'spentFuel',
        'startOdometer',
        'startTime',
      ].sort(),
    );
    expect(items[0]).toMatchObject({ deviceId: w.van.id, deviceName: 'Van' });
    const onlyYard = await getJson(
      w.alice.client,
      `/api/reports/geofences?deviceId=${w.van.id}&geofenceId=${w.yard.id}&${range}`,
    );
    expect(onlyYard).toHaveLength(1);
    // No geofence named: no visits, as in Traccar.
    expect(
      await getJson(w.alice.client, `/api/reports/geofences?deviceId=${w.van.id}&${range}`),
    ).toEqual([]);
    await refused(
      await w.bob.client.request(
        `/api/reports/geofences?deviceId=${w.van.id}&geofenceId=${w.depot.id}&${range}`,
      ),
    );
  });

  it('exports a localised sheet at /xlsx and with the Excel header', async () => {
    const path = `/api/reports/geofences/xlsx?deviceId=${w.van.id}&geofenceId=${w.depot.id}&geofenceId=${w.yard.id}&${range}&timezone=America/Sao_Paulo`;
    for (const res of [
      await w.alice.client.request(path),
      await w.alice.client.request(path.replace('/xlsx', ''), { headers: { accept: XLSX } }),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(XLSX);
      expect(res.headers.get('content-disposition')).toBe(
        'attachment; filename="cercas_2025-03-10_2025-03-10.xlsx"',
      );
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await res.arrayBuffer());
      const sheet = book.worksheets[0];
      expect(sheet.name).toBe('Cercas');
      expect(header(sheet)).toEqual(['Cerca', 'Dispositivo', 'Início', 'Fim', 'Duração']);
      expect(sheet.getRow(2).getCell(1).value).toBe('Depot');
      expect(sheet.getRow(3).getCell(1).value).toBe('Yard');
      // 09:00 in São Paulo, written as a zone-less date.
      expect((sheet.getRow(2).getCell(3).value as Date).toISOString()).toBe(
        '2025-03-10T09:00:00.000Z',
      );
      expect(sheet.rowCount).toBe(3);
    }
  });
});
