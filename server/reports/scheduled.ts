import type { Db } from '../db/database';
import { getServerSettings } from '../db/servers';
import { toUser } from '../db/users';
import { accountProblem } from '../users/accountState';
import type { ChangeFeed } from '../changes';
import type { Mailer } from '../mail/mailer';
import { makeActor } from '../access/actor';
import { CalendarSchedule } from '../processing/calendar';
import { parseAttributes } from '../db/json';
import { isSchedulable, type SchedulableType } from './scheduledDef';
import { mailSheet, prepareSheet } from './sheets';

/**
 * Scheduled reports (Traccar's TaskReports): when a period of a report's calendar ends, the report
 * runs over that period and its linked devices and groups, once for each linked user, as that
 * user (their access, language, units and time zone), and the spreadsheet is mailed to them.
 *
 * Each period is claimed in `report_fires` before anything is mailed: the server instance whose
 * insert wins mails it, once, whatever restarts or other instances do. A period that ended while
 * no instance ran is still mailed when it ended within the look-back window.
 */

/** How far back a tick looks for a period end: Traccar checks every 15 minutes. */
export const REPORT_WINDOW_MS = 15 * 60_000;

export interface ReportLog {
  warn(object: unknown, message?: string): void;
  error(object: unknown, message?: string): void;
}

export interface ScheduledReportsDeps {
  db: Db;
  changes: ChangeFeed;
  mailer: () => Mailer | null;
  plus: boolean;
  log: ReportLog;
  now?: () => number;
}

export class ScheduledReports {
  private running: Promise<number> | null = null;

  constructor(private readonly deps: ScheduledReportsDeps) {}

  /** One pass; returns how many mails were attempted. Overlapping calls share the pass. */
  tick(): Promise<number> {
    this.running ??= this.pass().finally(() => (this.running = null));
    return this.running;
  }

  private async pass(): Promise<number> {
    const { db } = this.deps;
    const now = (this.deps.now ?? Date.now)();
    const reports = await db.kysely
      .selectFrom('reports')
      .innerJoin('calendars', 'calendars.id', 'reports.calendarId')
      .select(['reports.id', 'reports.type', 'reports.attributes', 'calendars.data'])
      .execute();
    let sent = 0;
    // Floating times and all-day dates read in the server's zone, as the tracking core reads them.
    const floatingZone =
      reports.length > 0 ? (await getServerSettings(db)).attributes.timezone : undefined;
    for (const report of reports) {
      const schedule = CalendarSchedule.fromBase64(report.data, {
        floatingZone: typeof floatingZone === 'string' ? floatingZone : undefined,
      });
      if (!schedule || !isSchedulable(report.type)) continue;
      for (const [from, to] of schedule.endedPeriods(now - REPORT_WINDOW_MS, now)) {
        try {
          if (!(await this.claim(Number(report.id), from, now))) continue;
          sent += await this.run(Number(report.id), report.type, report.attributes, from, to, now);
        } catch (err) {
          this.deps.log.error({ err, reportId: report.id }, 'Scheduled reports error');
        }
      }
    }
    return sent;
  }

  private async claim(reportId: number, occurrence: number, now: number): Promise<boolean> {
    const result = await this.deps.db.kysely
      .insertInto('reportFires')
      .values({ reportId, occurrence, fired: now })
      .onConflict((conflict) => conflict.columns(['reportId', 'occurrence']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  private async run(
    reportId: number,
    type: SchedulableType,
    attributesText: string,
    from: number,
    to: number,
    now: number,
  ): Promise<number> {
    const { db, log } = this.deps;
    const [devices, groups, users, server] = await Promise.all([
      db.kysely
        .selectFrom('deviceReport')
        .select('deviceId')
        .where('reportId', '=', reportId)
        .execute(),
      db.kysely
        .selectFrom('groupReport')
        .select('groupId')
        .where('reportId', '=', reportId)
        .execute(),
      db.kysely
        .selectFrom('users')
        .innerJoin('userReport', 'userReport.userId', 'users.id')
        .selectAll('users')
        .where('userReport.reportId', '=', reportId)
        .orderBy('users.id')
        .execute(),
      getServerSettings(db),
    ]);
    const { daily, types } = parseAttributes(attributesText);
    const params = {
      deviceId: devices.map((row) => Number(row.deviceId)),
      groupId: groups.map((row) => Number(row.groupId)),
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      daily: daily === true,
      // The events report's types, as traccar-web saves them; none means every type.
      type: typeof types === 'string' && types !== '' ? [types] : undefined,
    };
    let sent = 0;
    for (const row of users) {
      const user = toUser(row);
      if (accountProblem(user, now) || !user.email) continue;
      const actor = makeActor(user, server, this.deps.plus);
      try {
        const sheet = await prepareSheet({ db, actor, changes: this.deps.changes }, type, params);
        sent += 1;
        await mailSheet(this.deps.mailer(), user.email, sheet);
      } catch (err) {
        log.warn({ err, reportId, userId: user.id }, 'Email report failed');
      }
    }
    return sent;
  }
}
