/**
 * Scheduled reports: the `/api/reports` resource (CRUD, its links, its calendar) and the job that
 * mails each linked user the calendar period that ended, once, across restarts and instances.
 */
import { describe, expect, it } from 'vitest';
import { InProcessChangeFeed } from '../../../server/changes';
import { insertEvents } from '../../../server/ingest/store';
import type { Mailer } from '../../../server/mail/mailer';
import { ScheduledReports } from '../../../server/reports/scheduled';
import { create, link, makeUser, makeUserSeeing } from '../../support/entityApi';
import {
  START,
  MIN,
  calendarData,
  getJson,
  refused,
  attachment,
  subject,
  reportWorldForFile,
} from './reportWorld';

const w = reportWorldForFile();
const f = w.f;

const reportCount = async () =>
  Number(
    (
      await f.db.kysely
        .selectFrom('reports')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('scheduled reports resource', () => {
  const body = (extra: Record<string, unknown> = {}) => ({
    type: 'summary',
    description: 'Weekly summary',
    calendarId: w.calendar.id,
    attributes: { daily: true },
    ...extra,
  });

  it('creates, links the creator, reads, updates and deletes', async () => {
    await link(f.admin, { userId: w.alice.id, calendarId: w.calendar.id });
    const res = await w.alice.client.json('/api/reports', body());
    expect(res.status).toBe(200);
    const report = (await res.json()) as Record<string, unknown>;
    expect(report).toEqual({
      id: expect.any(Number),
      type: 'summary',
      description: 'Weekly summary',
      calendarId: w.calendar.id,
      attributes: { daily: true },
    });
    const id = report.id as number;
    expect((await getJson(w.alice.client, '/api/reports')).map((r) => r.id)).toEqual([id]);
    expect(
      (await getJson(w.alice.client, `/api/reports?userId=${w.alice.id}`)).map((r) => r.id),
    ).toEqual([id]);
    expect(await getJson(w.bob.client, '/api/reports')).toEqual([]);
    await refused(await w.bob.client.request(`/api/reports/${id}`));
    await refused(await w.bob.client.json(`/api/reports/${id}`, body(), 'PUT'));
    await refused(await w.bob.client.delete(`/api/reports/${id}`));

    const updated = await w.alice.client.json(
      `/api/reports/${id}`,
      { ...report, description: 'Renamed' },
      'PUT',
    );
    expect(updated.status).toBe(200);
    expect(((await updated.json()) as Record<string, unknown>).description).toBe('Renamed');
    expect((await getJson(f.admin, '/api/reports')).map((r) => r.id)).toContain(id);
    expect((await w.alice.client.delete(`/api/reports/${id}`)).status).toBe(204);
    expect(await getJson(w.alice.client, '/api/reports')).toEqual([]);
  });

  it('links devices, groups and users through /api/permissions, with list filters', async () => {
    const report = await create(f.admin, '/api/reports', body({ description: 'Fleet' }));
    const bulk = await f.admin.json('/api/permissions/bulk', [
      { deviceId: w.van.id, reportId: report.id },
      { deviceId: w.truck.id, reportId: report.id },
    ]);
    expect(bulk.status).toBe(204);
    await link(f.admin, { groupId: w.fleet.id, reportId: report.id });
    await link(f.admin, { userId: w.alice.id, reportId: report.id });
    const ids = async (query: string) =>
      (await getJson(f.admin, `/api/reports?${query}`)).map((r) => r.id);
    expect(await ids(`deviceId=${w.van.id}`)).toEqual([report.id]);
    expect(await ids(`groupId=${w.fleet.id}`)).toEqual([report.id]);
    expect(await ids(`userId=${w.alice.id}`)).toContain(report.id);
    expect(await ids(`userId=${w.bob.id}`)).toEqual([]);
    // Alice sees it through her link; Bob may not link his way to it or to her device.
    expect((await getJson(w.alice.client, '/api/reports')).map((r) => r.id)).toContain(report.id);
    await refused(
      await w.bob.client.json('/api/permissions', { userId: w.bob.id, reportId: report.id }),
    );
    const own = await create(w.bob.client, '/api/reports', {
      type: 'trips',
      calendarId: 0,
      description: 'x',
    }).catch((error: Error) => error);
    expect(own).toBeInstanceOf(Error);
    await refused(await w.alice.client.request(`/api/reports?userId=${w.bob.id}`));
    const unlink = await f.admin.request('/api/permissions', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deviceId: w.van.id, reportId: report.id }),
    });
    expect(unlink.status).toBe(204);
    expect(await ids(`deviceId=${w.van.id}`)).toEqual([]);
    expect((await f.admin.delete(`/api/reports/${report.id}`)).status).toBe(204);
  });

  it('refuses bad input and restricted accounts with nothing written', async () => {
    const before = await reportCount();
    const hidden = await create(f.admin, '/api/calendars', {
      name: 'Admin only',
      data: calendarData(START, START + 1000),
    });
    await refused(
      await w.alice.client.json('/api/reports', body({ type: 'combined' })),
      'IllegalArgumentException',
    );
    await refused(
      await w.alice.client.json('/api/reports', body({ type: 42 })),
      'IllegalArgumentException',
    );
    await refused(
      await w.alice.client.json('/api/reports', body({ calendarId: 0 })),
      'IllegalArgumentException',
    );
    await refused(
      await w.alice.client.json('/api/reports', body({ attributes: { daily: 'yes' } })),
      'IllegalArgumentException',
    );
    await refused(await w.alice.client.json('/api/reports', body({ calendarId: hidden.id })));
    await refused(await w.alice.client.json('/api/reports', body({ calendarId: 99_999 })));
    const readonly = await makeUser(f, { readonly: true });
    await link(f.admin, { userId: readonly.id, calendarId: w.calendar.id });
    await refused(await readonly.client.json('/api/reports', body()));
    const limited = await makeUser(f, { disableReports: true });
    await link(f.admin, { userId: limited.id, calendarId: w.calendar.id });
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
    await link(f.admin, { userId: manager.id, calendarId: w.calendar.id });
    const report = await create(manager.client, '/api/reports', body());
    await link(manager.client, { userId: managed.id, reportId: report.id });
    expect(
      (await getJson(manager.client, `/api/reports?userId=${managed.id}`)).map((r) => r.id),
    ).toEqual([report.id]);
    expect((await getJson(managed.client, '/api/reports')).map((r) => r.id)).toEqual([report.id]);
    await refused(
      await manager.client.json('/api/permissions', { userId: w.bob.id, reportId: report.id }),
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
    const carol = await makeUserSeeing(f, w.van.id, { attributes: { language: 'en-US' } });
    // Inside the period: an alarm and a geofence entry; the report keeps alarms only.
    await insertEvents(f.db.kysely, [
      ...(['alarm', 'geofenceEnter'] as const).map((type) => ({
        type,
        deviceId: w.van.id,
        eventTime: now - 30 * MIN,
        positionId: 0,
        geofenceId: type === 'alarm' ? 0 : w.depot.id,
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
    await link(f.admin, { deviceId: w.van.id, reportId: report.id });
    await link(f.admin, { userId: w.alice.id, reportId: report.id });
    await link(f.admin, { userId: carol.id, reportId: report.id });
    const count = (email: string) => w.smtp.mails.filter((m) => m.to.includes(email)).length;
    const before = { alice: count(w.alice.email), carol: count(carol.email) };

    // The job runs when the server is ready and every minute after.
    await f.server.restart();
    await expect.poll(() => count(carol.email), { timeout: 15_000 }).toBe(before.carol + 1);
    await expect.poll(() => count(w.alice.email), { timeout: 15_000 }).toBe(before.alice + 1);
    const carolMail = w.smtp.mails.filter((m) => m.to.includes(carol.email)).at(-1)!;
    expect(subject(carolMail)).toBe('Report');
    const sheet = await attachment(carolMail);
    expect(sheet.name).toBe('Events');
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(3).value).toBe('Alarm');
    const aliceMail = w.smtp.mails.filter((m) => m.to.includes(w.alice.email)).at(-1)!;
    expect((await attachment(aliceMail)).name).toBe('Eventos');
    // The creator (the admin) is linked too.
    expect(w.smtp.mails.some((m) => m.to.includes('admin@frota.test'))).toBe(true);

    await f.server.restart();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(count(carol.email)).toBe(before.carol + 1);
    expect(count(w.alice.email)).toBe(before.alice + 1);
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
