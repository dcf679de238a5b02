import fp from 'fastify-plugin';
import type { Event, Position, User } from '../../model';
import { isDeletedUniqueId } from '../../model/device';
import type { Config } from '../config';
import type { DialectName } from '../db/database';
import { BatchFeed } from '../ingest/batchFeed';
import { TrackingCache } from '../ingest/cache';
import { Ingest, type IngestOptions } from '../ingest/ingest';
import { StatusSweep } from '../ingest/statusSweep';
import { AudienceCache } from '../live/audience';
import { LiveFanout } from '../live/fanout';
import { LiveLogs } from '../live/logs';
import { NotificationDispatcher } from '../notifications/dispatcher';
import { visibleDeviceIds } from '../permissions/visibility';
import type { EventRecord, PositionRecord } from '../processing/types';
import { positionJson } from '../serialize';

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
  /** The live protocol logs: the protocol listeners report to it, the sockets that asked read. */
  logs: LiveLogs;
  /** The latest position of every device the user sees (the socket's opening message). */
  latestPositions(user: Pick<User, 'id' | 'administrator'>): Promise<Position[]>;
  /** Calls `listener` with each committed batch's events; it must return at once and not throw. */
  onEvents(listener: (events: readonly EventRecord[]) => void): () => void;
  /**
   * A device's latest position was deleted through the API: the one now latest takes its place
   * in memory (the next fix's "previous", the `positionId` ingest writes back) and on the map.
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

/**
 * The oldest fix ingest accepts: `MAX_FIX_AGE_DAYS`, and on PostgreSQL no older than the positions
 * retention, as such a fix would land in a partition being dropped (docs/scaling-storage.md).
 */
export function maxFixAgeMs(
  config: Pick<Config, 'maxFixAgeDays' | 'positionsRetentionDays'>,
  dialect: DialectName,
): number | null {
  const retention = dialect === 'postgres' ? config.positionsRetentionDays : null;
  const days = [config.maxFixAgeDays, retention].filter((d): d is number => d !== null);
  return days.length === 0 ? null : Math.min(...days) * 86_400_000;
}

export const trackingPlugin = fp<TrackingOptions>(
  async (app, options) => {
    const now = options.ingest?.now ?? Date.now;
    const cache = new TrackingCache(app.db);
    await cache.load();
    const audience = new AudienceCache(app.db);
    const batches = new BatchFeed(app.log);
    const fanout = new LiveFanout(app.hub, audience, app.log, 1000, now);
    batches.subscribe(fanout);
    // Notifications match against the same audience cache and send web copies on the sockets.
    const sendWeb = (userId: number, events: Event[]) => app.hub.sendToUser(userId, { events });
    batches.subscribe(
      new NotificationDispatcher(
        app.db,
        cache,
        audience,
        sendWeb,
        () => app.mailer,
        app.log,
        now,
        (channel) => app.statistics.delivered(channel),
      ),
    );
    const ingest = new Ingest(app.db, cache, batches, app.log, {
      maxFixAgeMs: maxFixAgeMs(app.config, app.db.dialect),
      messages: app.statistics,
      // Cluster mode: any instance may receive any device's fixes (docs/scaling-storage.md).
      shared: app.config.redisUrl !== null && app.db.dialect === 'postgres',
      ...options.ingest,
    });
    // Fed by the protocol listeners directly (not through ingest), as Traccar logs a message
    // before it is decoded; it names devices from the same cache and audience as the fan-out.
    const logs = new LiveLogs(
      audience,
      (uniqueId) => {
        const found = cache.findDevice(uniqueId);
        return found instanceof Promise
          ? found.then((entry) => entry?.device.id ?? null)
          : (found?.device.id ?? null);
      },
      app.log,
    );
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
      batches,
      audience,
      logs,
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
      latestDeleted(deviceId, previousId, latest) {
        const entry = cache.devices.get(deviceId);
        // A newer fix still being written keeps its place.
        if (!entry || (entry.last !== null && entry.last.id !== previousId)) return;
        entry.last = latest;
        entry.device.positionId = latest?.id ?? 0;
        batches.publish({
          positions: latest ? [latest] : [],
          devices: [{ device: entry.device, statusChanged: false }],
          events: [],
        });
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
  { name: 'tracking', dependencies: ['services', 'live'] },
);
