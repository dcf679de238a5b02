import fp from 'fastify-plugin';
import type { Position, User } from '../../model';
import { BatchRelay, HubBridge, SharedMessageLog } from '../cluster/liveRelay';
import { BatchFeed } from '../ingest/batchFeed';
import { TrackingCache } from '../ingest/cache';
import { maxFixAgeMs } from '../ingest/fixAge';
import { Ingest, type IngestOptions } from '../ingest/ingest';
import { StatusSweep } from '../ingest/statusSweep';
import { AdministratorRoles } from '../live/administrators';
import { AudienceCache } from '../live/audience';
import { AudienceChanges } from '../live/audienceChanges';
import { ChangeFollower } from '../live/changeFollower';
import { LiveFanout } from '../live/fanout';
import { Greeting } from '../live/greeting';
import { LiveLogs } from '../live/logs';
import { showRelayedBatch, showReplacedLatest } from '../live/outsideBatches';
import { resyncSockets } from '../live/resync';
import { deliverWebNotification } from '../live/webNotifications';
import { NotificationDispatcher } from '../notifications/dispatcher';
import { LatestPositionsJson } from '../positions/latestJson';
import type { MessageLog } from '../protocol/shared/messageLog';
import type { EventRecord, PositionRecord } from '../processing/types';

/**
 * The embedded tracking core, wired one way: ingest publishes each committed batch on a feed, and
 * the live fan-out, notifications and the `onEvents` listeners subscribe to it beside each other.
 */
export interface Tracking {
  cache: TrackingCache;
  ingest: Ingest;
  sweep: StatusSweep;
  /**
   * The committed-batch feed: `idle()` settles once every subscriber has delivered what was
   * committed so far (positions, devices and web notifications on the sockets).
   */
  batches: BatchFeed;
  /** Who sees each device (shared with the live fan-out and the notifications). */
  audience: AudienceCache;
  /** The live protocol logs: the sockets that asked for them read them here. */
  logs: LiveLogs;
  /**
   * Where the protocol listeners report the messages they read: `logs`, and in cluster mode the
   * other instances' logs too.
   */
  messages: MessageLog;
  /** The latest position of every device the user sees. */
  latestPositions(user: Pick<User, 'id' | 'administrator'>): Promise<Position[]>;
  /**
   * The socket's opening messages, `{"positions":[…]}` with the same positions in parts of
   * `GREETING_PART` (all but the last marked `"more":true`): each position's text is built once
   * and reused by every later greeting, which at tens of thousands of devices saves the
   * serialisation and its garbage on every sign-in.
   */
  greeting(user: Pick<User, 'id' | 'administrator'>): Promise<Buffer[]>;
  /** Calls `listener` with each committed batch's events; it must return at once and not throw. */
  onEvents(listener: (events: readonly EventRecord[]) => void): () => void;
  /**
   * A device's latest position was deleted through the API: the one now latest takes its place
   * in memory (the next fix's "previous", the `positionId` ingest writes back) and on the map, on
   * every instance.
   */
  latestDeleted(deviceId: number, previousId: number, latest: PositionRecord | null): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    tracking: Tracking;
  }
}

export interface TrackingOptions {
  ingest?: IngestOptions;
  /** How often configuration caches are re-read as a safety net (ms). Default 60 s. */
  refreshMs?: number;
}

export const trackingPlugin = fp<TrackingOptions>(
  async (app, options) => {
    const now = options.ingest?.now ?? Date.now;
    const { metrics } = app;
    const cache = new TrackingCache(app.db);
    await cache.load();
    const audience = new AudienceCache(app.db);
    const batches = new BatchFeed(app.log);
    const fanout = new LiveFanout(
      app.hub,
      audience,
      app.log,
      1000,
      now,
      metrics ? (seconds) => metrics.batchDelivered(seconds) : null,
    );
    batches.subscribe(fanout);
    // Notifications match against the same audience cache and send web copies on the sockets.
    const countWeb = metrics ? (count: number) => metrics.notificationSent('web', count) : null;
    batches.subscribe(
      new NotificationDispatcher({
        db: app.db,
        cache,
        audiences: audience,
        sendWeb: (userId, events) => deliverWebNotification(app.hub, userId, events, countWeb),
        mailer: () => app.mailer,
        brands: app.notificationBrands,
        log: app.log,
        now,
        onSent: (channel) => {
          app.statistics.delivered(channel);
          metrics?.notificationSent(channel);
        },
        onFailed: (channel) => metrics?.notificationFailed(channel),
        onCommandQueued: (deviceId) => {
          metrics?.notificationSent('command');
          app.changes.emit({ kind: 'commandQueued', deviceId });
        },
      }),
    );
    const ingest = new Ingest(app.db, cache, batches, app.log, {
      maxFixAgeMs: maxFixAgeMs(app.config, app.db.dialect),
      messages: app.statistics,
      ...(metrics ? { metrics } : {}),
      // Cluster mode: any instance may receive any device's fixes (docs/scaling.md).
      shared: app.config.redisUrl !== null && app.db.dialect === 'postgres',
      ...options.ingest,
    });
    // Fed by the protocol listeners directly (not through ingest), as Traccar logs a message
    // before it is decoded; it names devices from the same cache and audience as the fan-out.
    const logs = new LiveLogs(audience, (uniqueId) => cache.findDeviceId(uniqueId), app.log);
    const sweep = new StatusSweep(cache, ingest, now);
    // One instance of a cluster turns silent devices unknown: the lease holder, whose cache
    // follows the others' batches (docs/scaling.md).
    sweep.start(1000, () => app.lease.held);

    const greeting = new Greeting(app.db, cache, new LatestPositionsJson());
    batches.subscribe(greeting);
    greeting.warmUp().catch((error: unknown) => app.log.error({ err: error }, 'greeting warm-up'));

    const roles = new AdministratorRoles(app.db, cache, app.hub, fanout);
    const follower = new ChangeFollower({
      cache,
      audience,
      hub: app.hub,
      fanout,
      audienceChanges: new AudienceChanges({ db: app.db, cache, hub: app.hub, fanout, roles }),
      resync: () => resyncSockets({ db: app.db, cache, audience, hub: app.hub, greeting }),
      log: app.log,
    });
    const stopListening = app.changes.on((change) => follower.heard(change));
    // Server settings are saved by a route that predates the change feed.
    app.addHook('onResponse', async (request, reply) => {
      if (
        request.method === 'PUT' &&
        request.routeOptions.url === '/api/server' &&
        reply.statusCode === 200
      ) {
        app.changes.emit({ kind: 'server', action: 'update' });
      }
    });
    // A safety net for changes made outside the API (or a missed notice).
    const refresh = setInterval(() => {
      cache.loadConfiguration().catch((error: unknown) => {
        app.log.error({ err: error }, 'tracking cache refresh failed');
      });
      roles.prune();
    }, options.refreshMs ?? 60_000).unref();

    // Cluster mode: batches committed here go to the other instances, theirs come here; hub
    // messages and closes reach every instance; protocol logs cross too.
    const { cluster } = app;
    let relay: BatchRelay | null = null;
    let messages: MessageLog = logs;
    if (cluster) {
      relay = new BatchRelay(cluster.bus, {
        batch: (remote) => {
          if (remote.publishedAt !== null)
            metrics?.batchRelayed((Date.now() - remote.publishedAt) / 1000);
          showRelayedBatch(cache, fanout, greeting, remote);
        },
        latestDeleted: ({ deviceId, previousId, latest }) =>
          showReplacedLatest(cache, fanout, deviceId, previousId, latest),
      });
      batches.subscribe(relay);
      app.hub.relayTo(new HubBridge(cluster.bus, app.hub));
      const shared = new SharedMessageLog(cluster.bus, logs);
      logs.onStart(() => shared.announce());
      messages = shared;
      app.addHook('onClose', async () => shared.close());
    }

    const tracking: Tracking = {
      cache,
      ingest,
      sweep,
      batches,
      audience,
      logs,
      messages,
      latestPositions: (user) => greeting.latestPositions(user),
      greeting(user) {
        roles.greeted(user);
        return greeting.messages(user);
      },
      latestDeleted(deviceId, previousId, latest) {
        showReplacedLatest(cache, fanout, deviceId, previousId, latest);
        relay?.latestDeleted({ deviceId, previousId, latest });
      },
      onEvents(listener) {
        return batches.subscribe({
          committed: ({ events }) => {
            if (events.length > 0) listener(events);
          },
        });
      },
    };
    app.decorate('tracking', tracking);

    app.addHook('onClose', async () => {
      stopListening();
      clearInterval(refresh);
      sweep.stop();
      await ingest.close();
      await batches.idle();
      fanout.close();
      logs.close();
    });
  },
  { name: 'tracking', dependencies: ['services', 'live', 'metrics'] },
);
