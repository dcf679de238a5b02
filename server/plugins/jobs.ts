import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AUDIT_RETENTION_MS, deleteOldAuditLogs } from '../audit/store';
import { BILLING_CYCLE_MS, runBillingJob } from '../billing/job';
import { ScheduledNotifications } from '../notifications/scheduled';
import { PARTITION_MAINTENANCE_MS, maintainPositionPartitions } from '../positions/partitions';
import { QrRules } from '../qrDriver/rules';
import { ScheduledReports } from '../reports/scheduled';
import { cleanupExpiredTemporaryUsers } from '../shares/objectShare';
import { cleanupExpiredShares } from '../shares/service';

const AUDIT_CLEANUP_MS = 24 * 60 * 60 * 1000;
const SHARE_CLEANUP_MS = 60 * 60 * 1000;
const SCHEDULE_TICK_MS = 60 * 1000;
/** Scheduled reports look for ended calendar periods this often. */
const REPORT_TICK_MS = 60 * 1000;
/** After a notification or calendar changes, the tracking cache has re-read it by then. */
const SCHEDULE_CHANGE_DELAY_MS = 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The QR driver rules: check-in/out effects now, auto-logout and lock timers later. */
    qrRules: QrRules;
  }
}

/**
 * Runs `task` once the app is ready and then every `intervalMs` (the timer never keeps the
 * process alive); a failure is logged and the next run tries again.
 */
function every(
  app: FastifyInstance,
  intervalMs: number,
  failure: string,
  task: () => Promise<unknown>,
): void {
  const run = () => task().catch((err: unknown) => app.log.error({ err }, failure));
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    void run();
    timer = setInterval(() => void run(), intervalMs).unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}

/**
 * Scheduled notifications: every minute, and shortly after a notification, its links or a
 * calendar change, so
 * one whose calendar event starts now fires without waiting for the next minute.
 */
function scheduledNotifications(app: FastifyInstance): void {
  const { tracking } = app;
  const scheduler = new ScheduledNotifications(
    app.db,
    tracking.cache,
    tracking.audience,
    (events) => tracking.batches.publish({ positions: [], devices: [], events }),
    app.log,
  );
  const failure = 'scheduled notifications failed';
  every(app, SCHEDULE_TICK_MS, failure, () => scheduler.tick());
  const pending = new Set<NodeJS.Timeout>();
  const stopListening = app.changes.on((change) => {
    const relevant =
      change.kind === 'notification' ||
      change.kind === 'calendar' ||
      (change.kind === 'permission' && change.property === 'notification');
    if (!relevant) return;
    const timer = setTimeout(() => {
      pending.delete(timer);
      scheduler.tick().catch((err: unknown) => app.log.error({ err }, failure));
    }, SCHEDULE_CHANGE_DELAY_MS).unref();
    pending.add(timer);
  });
  app.addHook('onClose', async () => {
    stopListening();
    for (const timer of pending) clearTimeout(timer);
  });
}

/**
 * The scheduled work of the server. In both modes: audit records past their retention go daily.
 * In embedded mode also: expired shares and their users (hourly), the billing job (every 10
 * minutes), on PostgreSQL the positions' partitions and retention (every 6 hours), scheduled
 * notifications and scheduled reports (every minute) and the QR driver rules, which follow
 * ignition events and run their due timers.
 */
export const jobsPlugin = fp(
  async (app) => {
    const { db } = app;
    every(app, AUDIT_CLEANUP_MS, 'audit cleanup failed', () =>
      deleteOldAuditLogs(db, AUDIT_RETENTION_MS),
    );
    if (app.config.traccarUrl) return;

    every(app, SHARE_CLEANUP_MS, 'share cleanup failed', async () => {
      const userIds = [
        ...(await cleanupExpiredShares(db)),
        ...(await cleanupExpiredTemporaryUsers(db)),
      ];
      for (const id of userIds) app.hub.closeUser(id);
      if (userIds.length > 0) app.log.info(`removed ${userIds.length} expired share(s)`);
    });

    every(app, BILLING_CYCLE_MS, 'billing cycle failed', () =>
      runBillingJob(app.billing, (id) => app.hub.closeUser(id), app.log),
    );

    // PostgreSQL: month partitions of positions ahead, and the retention. Several instances may
    // run it at once (it takes an advisory lock), so it needs no lease.
    if (db.dialect === 'postgres') {
      const settings = {
        retentionDays: app.config.positionsRetentionDays,
        maxFixAgeDays: app.config.maxFixAgeDays,
      };
      every(app, PARTITION_MAINTENANCE_MS, 'positions partition maintenance failed', async () => {
        const done = await maintainPositionPartitions(db, Date.now(), settings);
        if (done.created.length > 0 || done.dropped.length > 0 || done.deletedStrays > 0) {
          app.log.info(done, 'positions partitions maintained');
        }
      });
    } else if (app.config.positionsRetentionDays !== null) {
      app.log.warn(
        'POSITIONS_RETENTION_DAYS applies to PostgreSQL only; SQLite keeps every position',
      );
    }

    scheduledNotifications(app);

    const reports = new ScheduledReports({
      db,
      changes: app.changes,
      mailer: () => app.mailer,
      plus: Boolean(app.config.licenseMode),
      log: app.log,
    });
    every(app, REPORT_TICK_MS, 'scheduled reports failed', () => reports.tick());

    const rules = new QrRules(db, app.changes, app.log);
    app.decorate('qrRules', rules);
    const stopListening = app.tracking.onEvents((events) => rules.onEvents(events));
    app.addHook('onReady', async () => rules.start());
    app.addHook('onClose', async () => {
      stopListening();
      await rules.stop();
    });
  },
  { name: 'jobs', dependencies: ['services'] },
);
