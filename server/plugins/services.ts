import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { ChangeFeed } from '../live/changes';
import { createMailer, type Mailer } from '../mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** Null when SMTP_URL is unset: mail is then logged instead of sent. */
    mailer: Mailer | null;
    /** API changes to entities and links, for the caches that must follow them. */
    changes: ChangeFeed;
  }
}

/** Shares the config, the open database and the mailer with every route. */
export const servicesPlugin = fp<{ config: Config; db: Db }>(
  async (app, { config, db }) => {
    app.decorate('config', config);
    app.decorate('db', db);
    const mailer = config.smtpUrl ? createMailer(config.smtpUrl, config.smtpFrom) : null;
    app.decorate('mailer', mailer);
    app.decorate('changes', new ChangeFeed());
    // The database belongs to main (it outlives the app in tests); the mail transport does not.
    app.addHook('onClose', async () => mailer?.close());
  },
  { name: 'services' },
);
