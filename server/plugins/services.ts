import fp from 'fastify-plugin';
import { billingDeps, type BillingDeps } from '../billing/service';
import { redisTarget, type Config } from '../config';
import type { Db } from '../db/database';
import { MailerSource } from '../integrations/mailer';
import { IntegrationStore } from '../integrations/store';
import { InProcessChangeFeed, type ChangeFeed } from '../changes';
import type { Cluster, ClusterOptions } from '../cluster';
import { LocalLease, type Lease } from '../cluster/lease';
import { countingMailer, createMailer, type Mailer } from '../mail/mailer';
import { StatisticsRecorder } from '../statistics/recorder';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /**
     * The `email` integration's mailer when enabled, else SMTP_URL's; null when neither is set
     * (mail is then logged instead of sent). Resolved at each read.
     */
    mailer: Mailer | null;
    /** API changes to entities and links, for the caches that must follow them. */
    changes: ChangeFeed;
    /** Integration settings (payment provider, e-mail, invoice webhook). */
    integrations: IntegrationStore;
    /** What the billing operations need: the database, the payment provider, invoice notices. */
    billing: BillingDeps;
    /** Usage counted in memory for `GET /api/statistics` (flushed by the jobs plugin). */
    statistics: StatisticsRecorder;
    /**
     * Cluster mode (REDIS_URL): the Redis bus, shared change feed and throttle, the jobs lease.
     * Null on a single instance, where nothing goes through Redis (docs/scaling.md).
     */
    cluster: Cluster | null;
    /** Whether this instance runs the cluster's jobs now (always, on a single instance). */
    lease: Lease;
  }
}

export interface ServicesOptions {
  config: Config;
  db: Db;
  /** Cluster mode's timings (tests shorten the lease). */
  cluster?: ClusterOptions;
}

/**
 * Shares the config, database, mailer, integrations and billing with every route and job, and in
 * cluster mode the link to the other instances.
 */
export const servicesPlugin = fp<ServicesOptions>(
  async (app, { config, db, cluster: clusterOptions }) => {
    app.decorate('config', config);
    app.decorate('db', db);
    // Loaded only in cluster mode: one instance runs without any Redis code.
    const redis = redisTarget(config);
    const cluster = redis
      ? await (await import('../cluster')).startCluster(redis, db, app.log, clusterOptions)
      : null;
    app.decorate('cluster', cluster);
    const lease: Lease = cluster ? cluster.lease : new LocalLease();
    app.decorate('lease', lease);
    if (cluster) {
      // Taken once the app is ready: the jobs' own ready hooks (registered later) then know.
      app.addHook('onReady', async () => cluster.lease.start());
      // Last: the other plugins' close hooks still publish what they flush.
      app.addHook('onClose', async () => cluster.close());
    }
    const integrations = new IntegrationStore(db);
    await integrations.load();
    app.decorate('integrations', integrations);
    app.decorate('billing', billingDeps(db, integrations, config.paymentApiUrl, app.log));
    const envMailer = config.smtpUrl ? createMailer(config.smtpUrl, config.smtpFrom) : null;
    const mailers = new MailerSource(integrations, envMailer);
    const statistics = new StatisticsRecorder();
    app.decorate('statistics', statistics);
    // Every mail that leaves counts, whatever sent it (recovery, notifications, announcements).
    const counted = new WeakMap<Mailer, Mailer>();
    app.decorate('mailer', {
      getter: () => {
        const mailer = mailers.current();
        if (!mailer) return null;
        let wrapped = counted.get(mailer);
        if (!wrapped) {
          wrapped = countingMailer(mailer, () => statistics.count('mailSent'));
          counted.set(mailer, wrapped);
        }
        return wrapped;
      },
    });
    const changes: ChangeFeed = cluster ? cluster.changes : new InProcessChangeFeed();
    app.decorate('changes', changes);
    // Integration settings are held in memory: a save elsewhere is re-read here.
    integrations.onChange((key, remote) => {
      if (!remote) changes.emit({ kind: 'integration', key });
    });
    const stopFollowing = changes.on((change, remote) => {
      if (!remote && change.kind !== 'resync') return;
      if (change.kind !== 'integration' && change.kind !== 'resync') return;
      const key = change.kind === 'integration' ? change.key : undefined;
      integrations.reload(key).catch((err: unknown) => {
        app.log.error({ err }, 'integration settings refresh failed');
      });
    });
    app.addHook('onClose', async () => stopFollowing());
    // The database belongs to main (it outlives the app in tests); the mail transports do not.
    app.addHook('onClose', async () => mailers.close());
  },
  { name: 'services' },
);
