import { sql } from 'kysely';
import fp from 'fastify-plugin';
import { Metrics } from '../metrics/metrics';
import { DEVICE_PROTOCOLS } from '../protocol';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The Prometheus metrics (`GET /metrics`, docs/scaling.md); null unless METRICS_TOKEN is
     * set, and then nothing is counted.
     */
    metrics: Metrics | null;
  }
}

/**
 * Creates the app's metrics when METRICS_TOKEN is set. The parts that count (ingest, the
 * notifications) are handed `app.metrics` where the tracking plugin wires them; the gauges read
 * the hub, the ingest queue, the database and Redis when Prometheus scrapes, once every plugin
 * has registered what it provides.
 */
export const metricsPlugin = fp(
  async (app) => {
    if (!app.config.metricsToken) {
      app.decorate('metrics', null);
      return;
    }
    // Proxy mode stores no fix: no protocol has a series to show.
    const protocols = app.config.traccarUrl
      ? []
      : ['osmand', ...DEVICE_PROTOCOLS.map((protocol) => protocol.name)];
    const metrics = new Metrics(protocols);
    app.decorate('metrics', metrics);
    app.addHook('onReady', async () => {
      const { db, cluster } = app;
      const tracking = app.hasDecorator('tracking') ? app.tracking : null;
      const hub = app.hasDecorator('hub') ? app.hub : null;
      metrics.observe({
        ingestQueue: tracking ? () => tracking.ingest.queued : undefined,
        websocketClients: hub ? () => hub.size : undefined,
        databasePing: () => sql`select 1`.execute(db.kysely),
        databasePool: db.poolState,
        redisPing: cluster ? () => cluster.bus.redis.ping() : undefined,
        redisSubscribed: cluster ? () => cluster.bus.connected : undefined,
        leaseHeld: cluster ? () => cluster.lease.held : undefined,
      });
    });
  },
  { name: 'metrics', dependencies: ['services'] },
);
