import fp from 'fastify-plugin';
import { billingDeps, type BillingDeps } from '../billing/service';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { MailerSource } from '../integrations/mailer';
import { IntegrationStore } from '../integrations/store';
import { InProcessChangeFeed, type ChangeFeed } from '../changes';
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
  }
}

/** Shares the config, database, mailer, integrations and billing with every route and job. */
export const servicesPlugin = fp<{ config: Config; db: Db }>(
  async (app, { config, db }) => {
    app.decorate('config', config);
    app.decorate('db', db);
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
    app.decorate('changes', new InProcessChangeFeed());
    // The database belongs to main (it outlives the app in tests); the mail transports do not.
    app.addHook('onClose', async () => mailers.close());
  },
  { name: 'services' },
);
