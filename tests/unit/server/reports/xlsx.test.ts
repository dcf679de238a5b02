/**
 * Report spreadsheets name events and alarms as the screens do, in the reader's language: a
 * pt-BR sheet says "Vibração", not the "vibration" the device sent.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Event } from '../../../../model';
import { ALARM_KEYS } from '../../../../model/alarm';
import { EVENT_TYPES, EXTENSION_EVENT_TYPES } from '../../../../model/event';
import { VOCABULARY } from '../../../../model/vocabulary';
import { preferences, type Preferences } from '../../../../server/reports/preferences';
import { eventRows, writeSheet } from '../../../../server/reports/xlsx';

const event = (over: Partial<Event>): Event => ({
  id: 1,
  type: 'alarm',
  eventTime: '2025-03-10T12:00:00.000Z',
  deviceId: 7,
  positionId: 0,
  geofenceId: 0,
  maintenanceId: 0,
  attributes: {},
  ...over,
});

const EVENTS = [
  event({ attributes: { alarm: 'vibration' } }),
  event({ attributes: { alarm: 'sos,powerCut' } }),
  event({ attributes: { alarm: 'madeUpByAFirmware' } }),
  event({ type: 'ignitionOn' }),
];

const prefsIn = (language: string): Preferences =>
  preferences({ language }, {}, false, 'America/Sao_Paulo');

/** The events sheet as written and read back: each row's type and details. */
async function writtenRows(prefs: Preferences): Promise<unknown[][]> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => output.on('end', resolve));
  await writeSheet(
    output,
    'events',
    prefs,
    eventRows(EVENTS, new Map([[7, 'Van']]), new Map(), prefs),
  );
  await ended;
  const book = new ExcelJS.Workbook();
  const bytes = Buffer.concat(chunks);
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  const sheet = book.worksheets[0];
  return EVENTS.map((_, i) => [
    sheet.getRow(i + 2).getCell(3).value,
    sheet.getRow(i + 2).getCell(4).value,
  ]);
}

describe('event report sheets', () => {
  it('name alarms and event types in pt-BR as the screens do', async () => {
    expect(await writtenRows(prefsIn('pt-BR'))).toEqual([
      ['Alarme', 'Vibração'],
      ['Alarme', 'SOS, Corte de alimentação'],
      // A key the screens have no name for stays as the device sent it.
      ['Alarme', 'madeUpByAFirmware'],
      ['Ignição ligada', null],
    ]);
  });

  it('follow the reader’s language', async () => {
    const [vibration, , , ignition] = await writtenRows(prefsIn('es'));
    expect(vibration).toEqual(['Alarma', VOCABULARY['es-ES'].alarms.vibration]);
    expect(vibration[1]).not.toBe('vibration');
    expect(ignition[0]).toBe(VOCABULARY['es-ES'].events.ignitionOn);
    const [english] = await writtenRows(prefsIn('en'));
    expect(english).toEqual(['Alarm', 'Vibration']);
  });

  it.each(['pt-BR', 'es-ES', 'en-US'] as const)(
    'have a %s name for every event type and alarm a device can send',
    (language) => {
      const names = VOCABULARY[language];
      for (const type of [...EVENT_TYPES, ...EXTENSION_EVENT_TYPES]) {
        expect(names.events[type], type).toBeTruthy();
      }
      for (const alarm of ALARM_KEYS) expect(names.alarms[alarm], alarm).toBeTruthy();
    },
  );
});
