/**
 * List exports are spreadsheets for people: the screen's labels in the reader's language, names
 * instead of ids, the reader's units and time zone, a file named for the list and the day. The
 * sheets are written with the layout the server's report sheets use and read back with exceljs.
 */
import ExcelJS from 'exceljs';
import { vi } from 'vitest';
import type { RaRecord } from 'react-admin';
import type { Device } from '../../../../../model/device';
import type { Group } from '../../../../../model/group';
import type { Notification } from '../../../../../model/notification';
import { VOCABULARY } from '../../../../../model/vocabulary';
import { CellFormat, type SheetPrefs } from '../../../../../model/spreadsheet';
import { spreadsheetBytes } from '../../../../../src/common/spreadsheetFile';
import type { AppLocale } from '../../../../../src/i18n/locales';
import coreEnUS from '../../../../../src/i18n/messages/core/enUS';
import coreEsES from '../../../../../src/i18n/messages/core/esES';
import corePtBR from '../../../../../src/i18n/messages/core/ptBR';
import {
  fetchReferences,
  listSheet,
  type ExportColumn,
  type ListSheet,
  type RelatedRecords,
} from '../../../../../src/resources/common/listSheet';
import { deviceExportColumns } from '../../../../../src/resources/devices/exportColumns';
import { groupExportColumns } from '../../../../../src/resources/groups/exportColumns';
import { notificationExportColumns } from '../../../../../src/resources/notifications/exportColumns';
import { createI18nProvider } from '../../i18nCatalogs';

// 22:30 on 2 December in São Paulo, already the 3rd in UTC.
const NOW = Date.parse('2026-12-03T01:30:00Z');

const device = (over: Partial<Device>): Device => ({
  id: 1,
  name: 'DZY-4502',
  uniqueId: '358899051234567',
  status: 'online',
  disabled: false,
  lastUpdate: '2026-11-24T23:27:04Z',
  positionId: 0,
  groupId: 0,
  calendarId: 0,
  phone: null,
  model: null,
  contact: null,
  category: null,
  expirationTime: null,
  attributes: {},
  ...over,
});

const DEVICES: Device[] = [
  device({
    id: 1,
    groupId: 10,
    category: 'truck',
    // 43.2 knots is 80 km/h, 49.7 mph.
    attributes: { placa: 'DZY4B02', speedLimit: 43.2, simValidity: '2027-03-31' },
  }),
  device({ id: 2, name: 'Van 7', uniqueId: '77', status: 'offline', lastUpdate: null }),
];

const GROUPS: Record<number, Group> = {
  10: { id: 10, name: 'Frota Sul', groupId: 11, attributes: {} },
  11: { id: 11, name: 'Matriz', groupId: 0, attributes: {} },
};

/** react-admin's `fetchRelatedRecords` over a fixed set of groups, recording what it was asked. */
const lookUp = vi.fn(async (records: RaRecord[], field: string, resource: string) => {
  expect(resource).toBe('groups');
  const found: Record<string, RaRecord> = {};
  records.forEach((record) => {
    const group = GROUPS[record[field] as number];
    if (group) found[group.id] = group;
  });
  return found;
});
const fetchRelated = lookUp as unknown as Parameters<typeof fetchReferences>[2];

const prefsFor = (language: AppLocale, over: Partial<SheetPrefs> = {}): SheetPrefs => ({
  language,
  timezone: 'America/Sao_Paulo',
  speedUnit: 'kmh',
  distanceUnit: 'km',
  ...over,
});

const translateIn = (locale: AppLocale) => {
  const provider = createI18nProvider(locale);
  return (key: string, options?: Record<string, unknown>) => provider.translate(key, options);
};

async function sheetOf<R extends RaRecord>(
  records: R[],
  columns: ExportColumn<R>[],
  resource: string,
  prefs: SheetPrefs,
) {
  const related: RelatedRecords = await fetchReferences(
    records,
    columns as ExportColumn[],
    fetchRelated,
  );
  return listSheet(records, columns, {
    resource,
    translate: translateIn(prefs.language),
    prefs,
    related,
    now: NOW,
  });
}

const devicesSheet = (prefs: SheetPrefs) =>
  sheetOf(DEVICES, deviceExportColumns(true), 'device-admin', prefs);

/** The header row as written: each label with the unit its column is in. */
const headers = (sheet: ListSheet) => {
  const format = new CellFormat(sheet.prefs);
  return sheet.columns.map((column) => format.header(column.header, column.kind));
};

/** One row as a map from header to cell, so a test names the column it reads. */
const rowOf = (sheet: ListSheet, index: number) => {
  const names = headers(sheet);
  return Object.fromEntries(names.map((name, i) => [name, sheet.rows[index][i]]));
};

describe('list export headers', () => {
  it.each([
    [
      'pt-BR',
      ['Nome', 'Identificador único (IMEI)', 'Placa', 'Grupo', 'Situação', 'Última atualização'],
    ],
    [
      'es-ES',
      [
        'Nombre',
        'Identificador único (IMEI)',
        'Matrícula',
        'Grupo',
        'Estado',
        'Última actualización',
      ],
    ],
    ['en-US', ['Name', 'Unique identifier (IMEI)', 'Plate', 'Group', 'Status', 'Last update']],
  ] as const)('are the screen labels in %s', async (locale, first) => {
    const sheet = await devicesSheet(prefsFor(locale));
    expect(headers(sheet).slice(0, first.length)).toEqual(first);
    // No API key reaches a header.
    for (const key of ['groupId', 'uniqueId', 'lastUpdate', 'attributes.placa', 'speedLimit']) {
      expect(headers(sheet)).not.toContain(key);
    }
  });

  it('name the unit a column is in, and leave out attributes no device has', async () => {
    const kmh = await devicesSheet(prefsFor('pt-BR'));
    expect(headers(kmh)).toContain('Limite de velocidade (km/h)');
    expect(headers(kmh)).toContain('Validade do chip');
    expect(headers(kmh)).not.toContain('Operadora');
    const mph = await devicesSheet(prefsFor('en-US', { speedUnit: 'mph' }));
    expect(headers(mph)).toContain('Speed limit (mph)');
  });
});

describe('list export cells', () => {
  it('show the group by name, never its id, and nothing for no group', async () => {
    lookUp.mockClear();
    const sheet = await devicesSheet(prefsFor('pt-BR'));
    expect(rowOf(sheet, 0).Grupo).toBe('Frota Sul');
    expect(rowOf(sheet, 1).Grupo).toBeNull();
    expect(sheet.rows.flat()).not.toContain(10);
    // Only devices with a group are looked up (0 is Traccar's "none").
    expect(lookUp).toHaveBeenCalledTimes(1);
    expect(lookUp.mock.calls[0][0].map((d) => d.id)).toEqual([1]);
  });

  it('name a parent group in the group list', async () => {
    const groups = Object.values(GROUPS);
    const sheet = await sheetOf(groups, groupExportColumns, 'groups', prefsFor('pt-BR'));
    expect(headers(sheet)).toEqual(['Nome', 'Grupo pai']);
    expect(sheet.rows).toEqual([
      ['Frota Sul', 'Matriz'],
      ['Matriz', null],
    ]);
  });

  it('translate choices and booleans in the reader’s language', async () => {
    const pt = rowOf(await devicesSheet(prefsFor('pt-BR')), 0);
    expect(pt['Situação']).toBe('Online');
    expect(pt['Ícone']).toBe('Caminhão');
    expect(pt.Desativado).toBe('Não');
    const es = rowOf(await devicesSheet(prefsFor('es-ES')), 1);
    expect(es.Estado).toBe('Desconectado');
  });

  it('write instants as dates in the reader’s zone, and calendar days as they are', async () => {
    const sp = rowOf(await devicesSheet(prefsFor('pt-BR')), 0);
    // Excel dates have no zone: the wall-clock time is written as if it were UTC.
    expect(sp['Última atualização']).toEqual(new Date('2026-11-24T20:27:04Z'));
    expect(sp['Validade do chip']).toEqual(new Date('2027-03-31T00:00:00Z'));
    const tokyo = rowOf(await devicesSheet(prefsFor('pt-BR', { timezone: 'Asia/Tokyo' })), 0);
    expect(tokyo['Última atualização']).toEqual(new Date('2026-11-25T08:27:04Z'));
    expect(tokyo['Validade do chip']).toEqual(new Date('2027-03-31T00:00:00Z'));
  });

  it('convert speeds from knots to the reader’s unit', async () => {
    expect(rowOf(await devicesSheet(prefsFor('pt-BR')), 0)['Limite de velocidade (km/h)']).toBe(80);
    const mph = rowOf(await devicesSheet(prefsFor('en-US', { speedUnit: 'mph' })), 0);
    expect(mph['Speed limit (mph)']).toBe(49.7);
  });

  it('name alarms as the screens do', async () => {
    const rule: Notification = {
      id: 3,
      type: 'alarm',
      description: 'Pânico',
      always: true,
      notificators: 'web,mail',
      calendarId: 0,
      commandId: 0,
      attributes: { alarms: 'sos,vibration' },
    };
    const sheet = await sheetOf([rule], notificationExportColumns, 'notifications', {
      ...prefsFor('pt-BR'),
    });
    expect(headers(sheet)).toEqual([
      'Tipo',
      'Descrição',
      'Canais',
      'Todos os dispositivos',
      'Alarmes',
    ]);
    expect(sheet.rows[0][0]).toBe('Alarme');
    expect(sheet.rows[0][4]).toBe('SOS, Vibração');
  });
});

describe('list export file', () => {
  it('is named for the list and the reader’s day', async () => {
    expect((await devicesSheet(prefsFor('pt-BR'))).fileName).toBe('Dispositivos 2026-12-02.xlsx');
    expect((await devicesSheet(prefsFor('en-US', { timezone: 'UTC' }))).fileName).toBe(
      'Devices 2026-12-03.xlsx',
    );
    const groups = await sheetOf(Object.values(GROUPS), groupExportColumns, 'groups', {
      ...prefsFor('es-ES'),
    });
    expect(groups.fileName).toBe('Grupos 2026-12-02.xlsx');
  });

  it('opens as a workbook with the localized header row, names and date cells', async () => {
    const sheet = await devicesSheet(prefsFor('pt-BR'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await spreadsheetBytes(sheet)).buffer);
    const written = book.worksheets[0];
    expect(written.name).toBe('Dispositivos');
    const header = written.getRow(1);
    expect(header.getCell(1).value).toBe('Nome');
    expect(header.getCell(4).value).toBe('Grupo');
    expect(header.font?.bold).toBe(true);
    expect(written.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(written.rowCount).toBe(3);
    expect(written.getRow(2).getCell(4).value).toBe('Frota Sul');
    const updated = written.getRow(2).getCell(6);
    expect(updated.value).toEqual(new Date('2026-11-24T20:27:04Z'));
    expect(updated.numFmt).toBe('dd/mm/yyyy hh:mm:ss');
  });
});

describe('one vocabulary for events and alarms', () => {
  // The report spreadsheets (server) and the screens (web) read the same names.
  it.each([
    ['pt-BR', corePtBR],
    ['es-ES', coreEsES],
    ['en-US', coreEnUS],
  ] as const)('the %s screens use the names the spreadsheets use', (locale, core) => {
    expect(core.events).toMatchObject(VOCABULARY[locale].events);
    expect(core.alarms).toEqual(VOCABULARY[locale].alarms);
  });
});
