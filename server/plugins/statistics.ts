import fp from 'fastify-plugin';
import { flushStatistics } from '../statistics/store';

const FLUSH_MS = 60_000;

/**
 * Usage statistics (embedded mode): counts each authenticated API request for its user once its
 * credentials were looked up (an anonymous call is not counted, as in Traccar), before its handler
 * runs so a client that reads the statistics next always finds it, and adds the counts to the
 * database every minute and on shutdown.
 */
export const statisticsPlugin = fp(
  async (app) => {
    const recorder = app.statistics;
    app.addHook('preValidation', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      const known = app.auth.known(request);
      const auth = known ? await known.catch(() => null) : null;
      if (auth) recorder.request(auth.user.id);
    });
    const flush = () =>
      flushStatistics(app.db, recorder).catch((err: unknown) =>
        app.log.error({ err }, 'statistics flush failed'),
      );
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      timer = setInterval(() => void flush(), FLUSH_MS).unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await flush();
    });
  },
  { name: 'statistics', dependencies: ['services', 'auth', 'tracking'] },
);
