import fp from 'fastify-plugin';
import type { Position, User } from '../../model';
import { isDeletedUniqueId } from '../../model/device';
import { TrackingCache } from '../ingest/cache';
import { Ingest, type IngestOptions, type IngestSink } from '../ingest/ingest';
import { StatusSweep } from '../ingest/statusSweep';
import { AudienceCache } from '../live/audience';
import { LiveBroadcaster } from '../live/broadcaster';
import { NotificationDispatcher } from '../notifications/dispatcher';
import { visibleDeviceIds } from '../permissions/visibility';
import { positionJson } from '../serialize';
import type { EventRecord } from '../processing/types';

/** The embedded tracking core: caches, ingest, status sweep, live delivery, notifications. */
export interface Tracking {
  cache: TrackingCache;
  ingest: Ingest;
  sweep: StatusSweep;
  broadcaster: LiveBroadcaster;
  /** The latest position of every device the user sees (the socket's opening message). */
  latestPositions(user: Pick<User, 'id' | 'administrator'>): Promise<Position[]>;
  /** Calls `listener` with each committed batch's events; it must return at once and not throw. */
  onEvents(listener: (events: readonly EventRecord[]) => void): () => void;
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
    const cache = new TrackingCache(app.db);
    await cache.load();
    const audience = new AudienceCache(app.db);
    const dispatcher = new NotificationDispatcher(app.db, cache, () => app.mailer, app.log, now);
    const broadcaster = new LiveBroadcaster(app.hub, audience, dispatcher, app.log, 1000, now);
    const eventListeners = new Set<(events: readonly EventRecord[]) => void>();
    const sink: IngestSink = {
      committed(batch) {
        broadcaster.committed(batch);
        if (batch.events.length > 0) for (const listener of eventListeners) listener(batch.events);
      },
    };
    const ingest = new Ingest(app.db, cache, sink, app.log, options.ingest);
    const sweep = new StatusSweep(cache, ingest, now);
    sweep.start();

    const stopListening = app.changes.on((change) => {
      audience.apply(change);
      cache.apply(change).catch((error: unknown) => {
        app.log.error({ err: error, change }, 'tracking cache refresh failed');
      });
    });
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
    }, options.refreshMs ?? 60_000).unref();

    const tracking: Tracking = {
      cache,
      ingest,
      sweep,
      broadcaster,
      async latestPositions(user) {
        const ids = user.administrator
          ? [...cache.devices.keys()]
          : await visibleDeviceIds(app.db, user.id, false);
        return ids.flatMap((id) => {
          const entry = cache.devices.get(id);
          // Lazily deleted devices are hidden like in every list.
          if (!entry || isDeletedUniqueId(entry.device.uniqueId)) return [];
          const last = entry.last;
          return last && last.id > 0 ? [positionJson(last)] : [];
        });
      },
      onEvents(listener) {
        eventListeners.add(listener);
        return () => eventListeners.delete(listener);
      },
    };
    app.decorate('tracking', tracking);

    app.addHook('onClose', async () => {
      stopListening();
      clearInterval(refresh);
      sweep.stop();
      await ingest.close();
      await broadcaster.idle();
      broadcaster.close();
    });
  },
  { name: 'tracking', dependencies: ['services', 'live'] },
);
