/**
 * The combined and geofence reports, mailed reports, the device list export and scheduled
 * reports (`/api/reports` CRUD, their links, and the job that mails each calendar period once)
 * against the real server, with a local SMTP receiver.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessChangeFeed } from '../../../server/changes';
import { insertEvents } from '../../../server/ingest/store';
import type { Mailer } from '../../../server/mail/mailer';
import { ScheduledReports } from '../../../server/reports/scheduled';
import { Client } from '../../support/http';
import { TEST_ADMIN, startServer } from '../../support/server';
import {
  addPosition,
  create,
  link,
  makeUser,
  startApiFixture,
  type ApiFixture,
} from '../../support/entityApi';
import { mailHeader, startSmtp, type ReceivedMail, type TestSmtp } from '../../support/smtp';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const json = { accept: 'application/json' };
const START = Date.parse('2025-03-10T12:00:00Z');
const MIN = 60_000;
const iso = (t: number) => new Date(t).toISOString();
const range = `from=${encodeURIComponent(iso(START - MIN))}&to=${encodeURIComponent(
  iso(START + 120 * MIN),
)}`;

let smtp: TestSmtp;
let f: ApiFixture;
let van: { id: number };
let truck: { id: number };
let fleet: { id: number };
let depot: { id: number };
let yard: { id: number };
let calendar: { id: number };
let alice: { client: Client; id: number; email: string };
let bob: { client: Client; id: number; email: string };
const positions: number[] = [];

const stamp = (time: number) =>
  new Date(time)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Base64 iCalendar with one event [start, end]. */
function calendarData(start: number, end: number): string {
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

async function getJson<T = Record<string, unknown>[]>(client: Client, path: string): Promise<T> {
  const res = await client.request(path, { headers: json });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as T;
}

async function refused(res: Response, kind = 'SecurityException') {
  expect(res.status).toBe(400);
  expect(await res.text()).toContain(kind);
}

/** The first .xlsx attachment of a mail, opened. */
async function attachment(mail: ReceivedMail): Promise<ExcelJS.Worksheet> {
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
function subject(mail: ReceivedMail): string {
  const raw = mailHeader(mail, 'subject') ?? '';
  const word = /^=\?UTF-8\?Q\?(.*)\?=$/i.exec(raw);
  if (!word) return raw;
  const bytes = word[1]
    .replace(/_/g, ' ')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

const header = (sheet: ExcelJS.Worksheet) =>
  (sheet.getRow(1).values as unknown[]).slice(1).map(String);

const reportCount = async () =>
  Number(
    (
      await f.db.kysely
        .selectFrom('reports')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  smtp = await startSmtp();
  f = await startApiFixture({ SMTP_URL: smtp.url });
  van = await create(f.admin, '/api/devices', { name: 'Van', uniqueId: 'more-van' });
  fleet = await create(f.admin, '/api/groups', { name: 'Fleet' });
  truck = await create(f.admin, '/api/devices', {
    name: 'Truck',
    uniqueId: 'more-truck',
    groupId: fleet.id,
  });
  depot = await create(f.admin, '/api/geofences', {
    name: 'Depot',
    area: 'CIRCLE (-23.5 -46.6, 100)',
  });
  yard = await create(f.admin, '/api/geofences', {
    name: 'Yard',
    area: 'CIRCLE (-23.6 -46.6, 100)',
  });
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
  calendar = await create(f.admin, '/api/calendars', {
    name: 'Daily',
    data: calendarData(START, START + 3600_000),
  });
  alice = await makeUser(f);
  bob = await makeUser(f);
  await link(f.admin, { userId: alice.id, deviceId: van.id });
  await link(f.admin, { userId: alice.id, geofenceId: depot.id });
  await link(f.admin, { userId: alice.id, geofenceId: yard.id });
}, 120_000);

afterAll(async () => {
  await f?.stop();
  await smtp?.close();
});

describe('combined report', () => {
  it('answers each device route as [lon, lat], its events with positions, and those positions', async () => {
    const [item, ...rest] = await getJson<Record<string, unknown>[]>(
      alice.client,
      `/api/reports/combined?deviceId=${van.id}&${range}`,
    );
    expect(rest).toHaveLength(0);
    expect(Object.keys(item).sort()).toEqual(['deviceId', 'events', 'positions', 'route']);
    expect(item.deviceId).toBe(van.id);
    const route = item.route as number[][];
    expect(route).toHaveLength(6);
    expect(route[1][0]).toBeCloseTo(-46.6, 9);
    expect(route[1][1]).toBeCloseTo(-23.499, 9);
    const events = item.events as { type: string; positionId: number }[];
    // deviceMoving and the events without a position are left out.
    expect(events.map((e) => e.type)).toEqual([
      'geofenceEnter',
      'geofenceExit',
      'geofenceEnter',
      'geofenceExit',
    ]);
    const shown = (item.positions as { id: number; latitude: number; fixTime: string }[]).map(
      (p) => p.id,
    );
    expect(shown).toEqual([positions[0], positions[2], positions[3], positions[5]]);
    expect((item.positions as Record<string, unknown>[])[0]).toMatchObject({
      deviceId: van.id,
      fixTime: iso(START),
      attributes: {},
    });
  });

  it('covers a group and refuses another user’s device or a user without reports', async () => {
    const items = await getJson<{ deviceId: number; route: unknown[] }[]>(
      f.admin,
      `/api/reports/combined?groupId=${fleet.id}&${range}`,
    );
    expect(items).toEqual([{ deviceId: truck.id, route: [], events: [], positions: [] }]);
    await refused(
      await alice.client.request(`/api/reports/combined?deviceId=${truck.id}&${range}`),
    );
    const limited = await makeUser(f, { disableReports: true });
    await link(f.admin, { userId: limited.id, deviceId: van.id });
    await refused(
      await limited.client.request(`/api/reports/combined?deviceId=${van.id}&${range}`),
    );
    await refused(
      await alice.client.request(`/api/reports/combined?deviceId=${van.id}&from=yesterday&to=x`),
      'IllegalArgumentException',
    );
  });
});

describe('geofence report', () => {
  it('pairs each enter with its exit, per geofence asked for, by entry time', async () => {
    const items = await getJson<Record<string, unknown>[]>(
      alice.client,
      `/api/reports/geofences?deviceId=${van.id}&geofenceId=${depot.id}&geofenceId=${yard.id}&${range}`,
    );
    expect(items.map((i) => [i.geofenceId, i.startTime, i.endTime])).toEqual([
      [depot.id, iso(START), iso(START + 20 * MIN)],
      [yard.id, iso(START + 30 * MIN), iso(START + 50 * MIN)],
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
    expect(items[0]).toMatchObject({ deviceId: van.id, deviceName: 'Van' });
    const onlyYard = await getJson(
      alice.client,
      `/api/reports/geofences?deviceId=${van.id}&geofenceId=${yard.id}&${range}`,
    );
    expect(onlyYard).toHaveLength(1);
    // No geofence named: no visits, as in Traccar.
    expect(
      await getJson(alice.client, `/api/reports/geofences?deviceId=${van.id}&${range}`),
    ).toEqual([]);
    await refused(
      await bob.client.request(
        `/api/reports/geofences?deviceId=${van.id}&geofenceId=${depot.id}&${range}`,
      ),
    );
  });

  it('exports a localised sheet at /xlsx and with the Excel header', async () => {
    const path = `/api/reports/geofences/xlsx?deviceId=${van.id}&geofenceId=${depot.id}&geofenceId=${yard.id}&${range}&timezone=America/Sao_Paulo`;
    for (const res of [
      await alice.client.request(path),
      await alice.client.request(path.replace('/xlsx', ''), { headers: { accept: XLSX } }),
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

describe('mailed reports', () => {
  it('answers 204 at once and mails the spreadsheet to the caller (/mail and mail=true)', async () => {
    const before = smtp.mails.length;
    const res = await alice.client.request(`/api/reports/events/mail?deviceId=${van.id}&${range}`);
    expect(res.status).toBe(204);
    const mail = await smtp.waitForMail(alice.email);
    expect(subject(mail)).toBe('Relatório');
    expect(mail.raw).toContain('eventos_2025-03-10_2025-03-10.xlsx');
    const sheet = await attachment(mail);
    expect(sheet.name).toBe('Eventos');
    expect(sheet.rowCount).toBe(8);

    const viaHeader = await alice.client.request(
      `/api/reports/summary?deviceId=${van.id}&${range}&mail=true`,
      { headers: { accept: XLSX } },
    );
    expect(viaHeader.status).toBe(204);
    await expect.poll(() => smtp.mails.filter((m) => m.to.includes(alice.email)).length).toBe(2);
    expect(smtp.mails.length).toBe(before + 2);
    // With a JSON Accept header, `mail` changes nothing.
    expect(
      await getJson(alice.client, `/api/reports/summary?deviceId=${van.id}&${range}&mail=true`),
    ).toHaveLength(1);
  });

  it('refuses before answering: another user’s device, bad dates, disabled reports', async () => {
    const before = smtp.mails.length;
    await refused(await bob.client.request(`/api/reports/trips/mail?deviceId=${van.id}&${range}`));
    await refused(
      await alice.client.request(`/api/reports/trips/mail?deviceId=${van.id}&from=x&to=y`),
      'IllegalArgumentException',
    );
    const limited = await makeUser(f, { disableReports: true });
    await refused(await limited.client.request('/api/reports/devices/mail'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.mails.length).toBe(before);
  });

  it('refuses before answering when there is no mailer, or no address to mail to', async () => {
    const plain = await startServer();
    try {
      const admin = new Client(plain.url);
      await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
      const res = await admin.request('/api/reports/devices/mail');
      expect(res.status).toBe(400);
      expect(await res.text()).toBe('Mail is not configured - IllegalArgumentException');
    } finally {
      await plain.stop();
    }

    // A sign-in name that is no address (the first administrator's may be a plain `admin`).
    const created = await f.admin.json('/api/users', {
      name: 'Operador',
      email: `operador-${Date.now()}`,
      password: 'user-pass',
    });
    expect(created.status).toBe(200);
    const { email } = (await created.json()) as { email: string };
    const operator = new Client(f.server.url);
    await operator.login(email, 'user-pass');
    const before = smtp.mails.length;
    const res = await operator.request('/api/reports/devices/mail');
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('Account has no email address - IllegalArgumentException');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.mails.length).toBe(before);
  });

  it('exports and mails the device list of what the caller sees', async () => {
    const res = await alice.client.request('/api/reports/devices/xlsx');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain(XLSX);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('Dispositivos');
    expect(header(sheet).slice(0, 3)).toEqual(['Nome', 'Identificador', 'Grupo']);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(2).value).toBe('more-van');

    const admin = await f.admin.request('/api/reports/devices/xlsx');
    const all = new ExcelJS.Workbook();
    await all.xlsx.load(await admin.arrayBuffer());
    expect(all.worksheets[0].rowCount).toBe(3);

    const mailed = await bob.client.request('/api/reports/devices/mail');
    expect(mailed.status).toBe(204);
    const mail = await smtp.waitForMail(bob.email);
    expect((await attachment(mail)).rowCount).toBe(1);
  });
});

describe('scheduled reports resource', () => {
  const body = (extra: Record<string, unknown> = {}) => ({
    type: 'summary',
    description: 'Weekly summary',
    calendarId: calendar.id,
    attributes: { daily: true },
    ...extra,
  });

  it('creates, links the creator, reads, updates and deletes', async () => {
    await link(f.admin, { userId: alice.id, calendarId: calendar.id });
    const res = await alice.client.json('/api/reports', body());
    expect(res.status).toBe(200);
    const report = (await res.json()) as Record<string, unknown>;
    expect(report).toEqual({
      id: expect.any(Number),
      type: 'summary',
      description: 'Weekly summary',
      calendarId: calendar.id,
      attributes: { daily: true },
    });
    const id = report.id as number;
    expect((await getJson(alice.client, '/api/reports')).map((r) => r.id)).toEqual([id]);
    expect(
      (await getJson(alice.client, `/api/reports?userId=${alice.id}`)).map((r) => r.id),
    ).toEqual([id]);
    expect(await getJson(bob.client, '/api/reports')).toEqual([]);
    await refused(await bob.client.request(`/api/reports/${id}`));
    await refused(await bob.client.json(`/api/reports/${id}`, body(), 'PUT'));
    await refused(await bob.client.delete(`/api/reports/${id}`));

    const updated = await alice.client.json(
      `/api/reports/${id}`,
      { ...report, description: 'Renamed' },
      'PUT',
    );
    expect(updated.status).toBe(200);
    expect(((await updated.json()) as Record<string, unknown>).description).toBe('Renamed');
    expect((await getJson(f.admin, '/api/reports')).map((r) => r.id)).toContain(id);
    expect((await alice.client.delete(`/api/reports/${id}`)).status).toBe(204);
    expect(await getJson(alice.client, '/api/reports')).toEqual([]);
  });

  it('links devices, groups and users through /api/permissions, with list filters', async () => {
    const report = await create(f.admin, '/api/reports', body({ description: 'Fleet' }));
    const bulk = await f.admin.json('/api/permissions/bulk', [
      { deviceId: van.id, reportId: report.id },
      { deviceId: truck.id, reportId: report.id },
    ]);
    expect(bulk.status).toBe(204);
    await link(f.admin, { groupId: fleet.id, reportId: report.id });
    await link(f.admin, { userId: alice.id, reportId: report.id });
    const ids = async (query: string) =>
      (await getJson(f.admin, `/api/reports?${query}`)).map((r) => r.id);
    expect(await ids(`deviceId=${van.id}`)).toEqual([report.id]);
    expect(await ids(`groupId=${fleet.id}`)).toEqual([report.id]);
    expect(await ids(`userId=${alice.id}`)).toContain(report.id);
    expect(await ids(`userId=${bob.id}`)).toEqual([]);
    // Alice sees it through her link; Bob may not link his way to it or to her device.
    expect((await getJson(alice.client, '/api/reports')).map((r) => r.id)).toContain(report.id);
    await refused(
      await bob.client.json('/api/permissions', { userId: bob.id, reportId: report.id }),
    );
    const own = await create(bob.client, '/api/reports', {
      type: 'trips',
      calendarId: 0,
      description: 'x',
    }).catch((error: Error) => error);
    expect(own).toBeInstanceOf(Error);
    await refused(await alice.client.request(`/api/reports?userId=${bob.id}`));
    const unlink = await f.admin.request('/api/permissions', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deviceId: van.id, reportId: report.id }),
    });
    expect(unlink.status).toBe(204);
    expect(await ids(`deviceId=${van.id}`)).toEqual([]);
    expect((await f.admin.delete(`/api/reports/${report.id}`)).status).toBe(204);
  });

  it('refuses bad input and restricted accounts with nothing written', async () => {
    const before = await reportCount();
    const hidden = await create(f.admin, '/api/calendars', {
      name: 'Admin only',
      data: calendarData(START, START + 1000),
    });
    await refused(
      await alice.client.json('/api/reports', body({ type: 'combined' })),
      'IllegalArgumentException',
    );
    await refused(
      await alice.client.json('/api/reports', body({ type: 42 })),
      'IllegalArgumentException',
    );
    await refused(
      await alice.client.json('/api/reports', body({ calendarId: 0 })),
      'IllegalArgumentException',
    );
    await refused(
      await alice.client.json('/api/reports', body({ attributes: { daily: 'yes' } })),
      'IllegalArgumentException',
    );
    await refused(await alice.client.json('/api/reports', body({ calendarId: hidden.id })));
    await refused(await alice.client.json('/api/reports', body({ calendarId: 99_999 })));
    const readonly = await makeUser(f, { readonly: true });
    await link(f.admin, { userId: readonly.id, calendarId: calendar.id });
    await refused(await readonly.client.json('/api/reports', body()));
    const limited = await makeUser(f, { disableReports: true });
    await link(f.admin, { userId: limited.id, calendarId: calendar.id });
    await refused(await limited.client.json('/api/reports', body()));
    await refused(await limited.client.request('/api/reports'));
    expect(await reportCount()).toBe(before);
  });

  it('goes with its calendar, as in Traccar', async () => {
    const own = await create(f.admin, '/api/calendars', {
      name: 'Short-lived',
      data: calendarData(START, START + 1000),
    });
    const report = await create(f.admin, '/api/reports', body({ calendarId: own.id }));
    expect((await f.admin.delete(`/api/calendars/${own.id}`)).status).toBe(204);
    expect((await f.admin.request(`/api/reports/${report.id}`)).status).toBe(404);
  });

  it('lets a manager schedule for the users they manage', async () => {
    const manager = await makeUser(f, { userLimit: 5 });
    const managed = await makeUser(f, {}, manager.client);
    await link(f.admin, { userId: manager.id, calendarId: calendar.id });
    const report = await create(manager.client, '/api/reports', body());
    await link(manager.client, { userId: managed.id, reportId: report.id });
    expect(
      (await getJson(manager.client, `/api/reports?userId=${managed.id}`)).map((r) => r.id),
    ).toEqual([report.id]);
    expect((await getJson(managed.client, '/api/reports')).map((r) => r.id)).toEqual([report.id]);
    await refused(
      await manager.client.json('/api/permissions', { userId: bob.id, reportId: report.id }),
    );
  });
});

describe('scheduled report job', () => {
  it('mails each linked user the period that ended, once, across restarts', async () => {
    const now = Date.now();
    // A period that ended a minute ago, within the job's look-back.
    const ended = await create(f.admin, '/api/calendars', {
      name: 'Just ended',
      data: calendarData(now - 3600_000, now - MIN),
    });
    const carol = await makeUser(f, { attributes: { language: 'en-US' } });
    await link(f.admin, { userId: carol.id, deviceId: van.id });
    // Inside the period: an alarm and a geofence entry; the report keeps alarms only.
    await insertEvents(f.db.kysely, [
      ...(['alarm', 'geofenceEnter'] as const).map((type) => ({
        type,
        deviceId: van.id,
        eventTime: now - 30 * MIN,
        positionId: 0,
        geofenceId: type === 'alarm' ? 0 : depot.id,
        maintenanceId: 0,
        attributes: type === 'alarm' ? { alarm: 'sos' } : {},
      })),
    ]);
    const report = await create(f.admin, '/api/reports', {
      type: 'events',
      description: 'Hourly alarms',
      calendarId: ended.id,
      attributes: { types: 'alarm' },
    });
    await link(f.admin, { deviceId: van.id, reportId: report.id });
    await link(f.admin, { userId: alice.id, reportId: report.id });
    await link(f.admin, { userId: carol.id, reportId: report.id });
    const count = (email: string) => smtp.mails.filter((m) => m.to.includes(email)).length;
    const before = { alice: count(alice.email), carol: count(carol.email) };

    // The job runs when the server is ready and every minute after.
    await f.server.restart();
    await expect.poll(() => count(carol.email), { timeout: 15_000 }).toBe(before.carol + 1);
    await expect.poll(() => count(alice.email), { timeout: 15_000 }).toBe(before.alice + 1);
    const carolMail = smtp.mails.filter((m) => m.to.includes(carol.email)).at(-1)!;
    expect(subject(carolMail)).toBe('Report');
    const sheet = await attachment(carolMail);
    expect(sheet.name).toBe('Events');
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(3).value).toBe('Alarm');
    const aliceMail = smtp.mails.filter((m) => m.to.includes(alice.email)).at(-1)!;
    expect((await attachment(aliceMail)).name).toBe('Eventos');
    // The creator (the admin) is linked too.
    expect(smtp.mails.some((m) => m.to.includes('admin@frota.test'))).toBe(true);

    await f.server.restart();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(count(carol.email)).toBe(before.carol + 1);
    expect(count(alice.email)).toBe(before.alice + 1);
    const fires = await f.db.kysely
      .selectFrom('reportFires')
      .selectAll()
      .where('reportId', '=', report.id)
      .execute();
    expect(fires).toHaveLength(1);
    expect(Number(fires[0].occurrence)).toBe(Math.floor((now - 3600_000) / 1000) * 1000);
  });

  it('mails a period once when two server instances share the database', async () => {
    // Two days ahead, so the running server's own job has not reached this period yet.
    const end = Date.now() + 2 * 86_400_000;
    const calendar = await create(f.admin, '/api/calendars', {
      name: 'Ahead',
      data: calendarData(end - 3600_000, end),
    });
    await create(f.admin, '/api/reports', {
      type: 'summary',
      description: 'Shared',
      calendarId: calendar.id,
      attributes: { daily: true },
    });
    const sent: string[] = [];
    const mailer: Mailer = {
      async send(message) {
        expect(message.attachments?.[0].filename).toMatch(/\.xlsx$/);
        sent.push(message.to);
      },
      close() {},
    };
    const instance = () =>
      new ScheduledReports({
        db: f.db,
        changes: new InProcessChangeFeed(),
        mailer: () => mailer,
        plus: false,
        log: { warn: () => {}, error: () => {} },
        now: () => end + MIN,
      });
    const [first, second] = [instance(), instance()];
    await Promise.all([first.tick(), second.tick()]);
    await Promise.all([first.tick(), second.tick()]);
    expect(sent).toEqual(['admin@frota.test']);
  });
});
