/**
 * The fleet the combined, geofence, mailed and scheduled report tests read: a server with a local
 * SMTP receiver, a van with six positions and geofence events on 2025-03-10, a truck in a group,
 * two geofences, a calendar, and two users, alice (who sees the van and both geofences) and bob
 * (who sees nothing). Each test file that uses it gets its own.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect } from 'vitest';
import { insertEvents } from '../../../server/ingest/store';
import type { Client } from '../../support/http';
import {
  addPosition,
  create,
  link,
  makeUser,
  apiFixtureForFile,
  type ApiFixture,
} from '../../support/entityApi';
import { mailHeader, startSmtp, type ReceivedMail, type TestSmtp } from '../../support/smtp';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const json = { accept: 'application/json' };
export const START = Date.parse('2025-03-10T12:00:00Z');
export const MIN = 60_000;
export const iso = (t: number) => new Date(t).toISOString();
export const range = `from=${encodeURIComponent(iso(START - MIN))}&to=${encodeURIComponent(
  iso(START + 120 * MIN),
)}`;

const stamp = (time: number) =>
  new Date(time)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Base64 iCalendar with one event [start, end]. */
export function calendarData(start: number, end: number): string {
  const text = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Frota//test//EN',
    'BEGIN:VEVENT',
    `UID:report-${start}@frota.test`,
    `DTSTAMP:${stamp(start)}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(end)}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  return Buffer.from(text, 'utf8').toString('base64');
}

export async function getJson<T = Record<string, unknown>[]>(
  client: Client,
  path: string,
): Promise<T> {
  const res = await client.request(path, { headers: json });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as T;
}

export async function refused(res: Response, kind = 'SecurityException') {
  expect(res.status).toBe(400);
  expect(await res.text()).toContain(kind);
}

/** The first .xlsx attachment of a mail, opened. */
export async function attachment(mail: ReceivedMail): Promise<ExcelJS.Worksheet> {
  const parts = mail.raw.split(/\r\n--[^\r\n]+\r\n/);
  const part = parts.find((p) => p.toLowerCase().includes(XLSX));
  expect(part, 'an xlsx attachment').toBeDefined();
  const split = part!.indexOf('\r\n\r\n');
  const body = part!.slice(split + 4).split('\r\n--')[0];
  const book = new ExcelJS.Workbook();
  const bytes = Buffer.from(body.replace(/\s+/g, ''), 'base64');
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  return book.worksheets[0];
}

/** The subject with an RFC 2047 quoted-printable word decoded. */
export function subject(mail: ReceivedMail): string {
  const raw = mailHeader(mail, 'subject') ?? '';
  const word = /^=\?UTF-8\?Q\?(.*)\?=$/i.exec(raw);
  if (!word) return raw;
  const bytes = word[1]
    .replace(/_/g, ' ')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export const header = (sheet: ExcelJS.Worksheet) =>
  (sheet.getRow(1).values as unknown[]).slice(1).map(String);

type Account = { client: Client; id: number; email: string };

interface Seeded {
  van: { id: number };
  truck: { id: number };
  fleet: { id: number };
  depot: { id: number };
  yard: { id: number };
  calendar: { id: number };
  alice: Account;
  bob: Account;
  /** The van's positions, ten minutes apart from START. */
  positions: number[];
}

export interface ReportWorld extends Seeded {
  f: ApiFixture;
  smtp: TestSmtp;
}

async function seed(f: ApiFixture): Promise<Seeded> {
  const van = await create(f.admin, '/api/devices', { name: 'Van', uniqueId: 'report-van' });
  const fleet = await create(f.admin, '/api/groups', { name: 'Fleet' });
  const truck = await create(f.admin, '/api/devices', {
    name: 'Truck',
    uniqueId: 'report-truck',
    groupId: fleet.id,
  });
  const depot = await create(f.admin, '/api/geofences', {
    name: 'Depot',
    area: 'CIRCLE (-23.5 -46.6, 100)',
  });
  const yard = await create(f.admin, '/api/geofences', {
    name: 'Yard',
    area: 'CIRCLE (-23.6 -46.6, 100)',
  });
  const positions: number[] = [];
  for (let i = 0; i < 6; i++) {
    positions.push(
      await addPosition(f.db, van.id, START + i * 10 * MIN, {
        latitude: -23.5 + i * 0.001,
        longitude: -46.6,
      }),
    );
  }
  const event = (type: string, minute: number, extra: Record<string, number> = {}) => ({
    type: type as 'geofenceEnter',
    deviceId: van.id,
    eventTime: START + minute * MIN,
    positionId: 0,
    geofenceId: 0,
    maintenanceId: 0,
    attributes: {},
    ...extra,
  });
  await insertEvents(f.db.kysely, [
    event('geofenceEnter', 0, { geofenceId: depot.id, positionId: positions[0] }),
    event('deviceMoving', 5, { positionId: positions[0] }),
    event('geofenceExit', 20, { geofenceId: depot.id, positionId: positions[2] }),
    event('geofenceEnter', 30, { geofenceId: yard.id, positionId: positions[3] }),
    // An exit with no open enter is no visit.
    event('geofenceExit', 35, { geofenceId: depot.id }),
    event('geofenceExit', 50, { geofenceId: yard.id, positionId: positions[5] }),
    // Still inside at the end of the period: no visit.
    event('geofenceEnter', 55, { geofenceId: depot.id }),
  ]);
  const calendar = await create(f.admin, '/api/calendars', {
    name: 'Daily',
    data: calendarData(START, START + 3600_000),
  });
  const alice = await makeUser(f);
  const bob = await makeUser(f);
  await link(f.admin, { userId: alice.id, deviceId: van.id });
  await link(f.admin, { userId: alice.id, geofenceId: depot.id });
  await link(f.admin, { userId: alice.id, geofenceId: yard.id });
  return { van, truck, fleet, depot, yard, calendar, alice, bob, positions };
}

/** Starts the mail receiver, the server and the fleet before the file's tests; stops them after. */
export function reportWorldForFile(): ReportWorld {
  let smtp: TestSmtp | undefined;
  let seeded: Seeded | undefined;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp?.close());
  const f = apiFixtureForFile(() => ({ SMTP_URL: receiver().url }));
  beforeAll(async () => {
    seeded = await seed(f);
  }, 120_000);

  function receiver(): TestSmtp {
    if (!smtp) throw new Error('the mail receiver is used before its beforeAll ran');
    return smtp;
  }
  function fleet(): Seeded {
    if (!seeded) throw new Error('the report fleet is used before its beforeAll ran');
    return seeded;
  }
  return {
    f,
    get smtp() {
      return receiver();
    },
    get van() {
      return fleet().van;
    },
    get truck() {
      return fleet().truck;
    },
    get fleet() {
      return fleet().fleet;
    },
    get depot() {
      return fleet().depot;
    },
    get yard() {
      return fleet().yard;
    },
    get calendar() {
      return fleet().calendar;
    },
    get alice() {
      return fleet().alice;
    },
    get bob() {
      return fleet().bob;
    },
    get positions() {
      return fleet().positions;
    },
  };
}
