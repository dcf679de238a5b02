import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { createMailer, type Mailer } from '../mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** Null when SMTP_URL is unset: mail is then logged instead of sent. */
    mailer: Mailer | null;
  }
}

/** Shares the config, the open database and the mailer with every route. */
export const servicesPlugin = fp<{ config: Config; db: Db }>(
  async (app, { config, db }) => {
    app.decorate('config', config);
    app.decorate('db', db);
    const mailer = config.smtpUrl ? createMailer(config.smtpUrl, config.smtpFrom) : null;
    app.decorate('mailer', mailer);
    // The database belongs to main (it outlives the app in tests); the mail transport does not.
    app.addHook('onClose', async () => mailer?.close());
  },
  { name: 'services' },
);
