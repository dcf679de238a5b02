import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AUDIT_RETENTION_MS, deleteOldAuditLogs } from '../audit/store';
import { BILLING_CYCLE_MS, runBillingJob } from '../billing/job';
import { GeofenceLockRules } from '../geofences/lockRules';
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
 * process alive), on the instance holding the jobs lease only: with several instances exactly one
 * runs it, and an instance that takes the lease over runs it at once (docs/scaling.md). A failure
 * is logged and the next run tries again. A long task checks `app.lease.held` between its steps.
 *
 * This is the way to add a cluster-wide job: `every(app, 'name', intervalMs, () => work())`.
 */
export function every(
  app: FastifyInstance,
  name: string,
  intervalMs: number,
  task: () => Promise<unknown>,
): void {
  let running: Promise<unknown> | null = null;
  const run = () => {
    // Not the holder, or the previous run still going (a takeover right after a tick).
    if (!app.lease.held || running) return;
    app.log.debug({ job: name }, 'job run');
    running = task()
      .catch((err: unknown) => app.log.error({ err, job: name }, `${name} failed`))
      .finally(() => (running = null));
  };
  let timer: NodeJS.Timeout | null = null;
  let stopAcquired: (() => void) | null = null;
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, intervalMs).unref();
    stopAcquired = app.lease.onAcquired(run);
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    stopAcquired?.();
    await running;
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
  every(app, 'scheduled notifications', SCHEDULE_TICK_MS, () => scheduler.tick());
  const pending = new Set<NodeJS.Timeout>();
  const stopListening = app.changes.on((change) => {
    // The instance running the jobs ticks; a change made on another one reaches it too.
    if (!app.lease.held) return;
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
    every(app, 'audit cleanup', AUDIT_CLEANUP_MS, () => deleteOldAuditLogs(db, AUDIT_RETENTION_MS));
    if (app.config.traccarUrl) return;

    every(app, 'share cleanup', SHARE_CLEANUP_MS, async () => {
      const userIds = [
        ...(await cleanupExpiredShares(db)),
        ...(await cleanupExpiredTemporaryUsers(db)),
      ];
      for (const id of userIds) app.hub.closeUser(id);
      if (userIds.length > 0) app.log.info(`removed ${userIds.length} expired share(s)`);
    });

    every(app, 'billing cycle', BILLING_CYCLE_MS, () =>
      runBillingJob(app.billing, (id) => app.hub.closeUser(id), app.log),
    );

    // PostgreSQL: month partitions of positions ahead, and the retention. It runs on the lease
    // holder like every job; each step also takes an advisory lock, so a holder that lost the
    // lease mid-run and its successor cannot step on each other.
    if (db.dialect === 'postgres') {
      const settings = {
        retentionDays: app.config.positionsRetentionDays,
        maxFixAgeDays: app.config.maxFixAgeDays,
      };
      every(app, 'positions partition maintenance', PARTITION_MAINTENANCE_MS, async () => {
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
    every(app, 'scheduled reports', REPORT_TICK_MS, () => reports.tick());

    const live = app.hasDecorator('deviceSessions') ? app.deviceSessions : null;
    const plus = Boolean(app.config.licenseMode);
    const rules = new QrRules(db, app.changes, app.log, Date.now, live, plus);
    app.decorate('qrRules', rules);
    // Ignition events are handled where they were committed (once); the due timers run on the
    // jobs lease holder.
    const stopListening = app.tracking.onEvents((events) => rules.onEvents(events));
    app.addHook('onReady', async () => rules.start(15_000, () => app.lease.held));
    // Geofences that lock on entry or exit, also where the event was committed.
    const lockRules = new GeofenceLockRules(
      db,
      app.changes,
      app.tracking.cache.geofences,
      app.log,
      live,
      Date.now,
      plus,
    );
    const stopLocking = app.tracking.onEvents((events) => lockRules.onEvents(events));
    app.addHook('onClose', async () => {
      stopListening();
      stopLocking();
      await rules.stop();
      await lockRules.idle();
    });
  },
  { name: 'jobs', dependencies: ['services'] },
);
