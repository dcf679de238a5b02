import fp from 'fastify-plugin';
import type { Event, Position, User } from '../../model';
import { isDeletedUniqueId } from '../../model/device';
import { BatchRelay, HubBridge, SharedMessageLog } from '../cluster/liveRelay';
import { findUserById } from '../db/users';
import { linkSide, type Change } from '../changes';
import type { Config } from '../config';
import type { DialectName } from '../db/database';
import { BatchFeed } from '../ingest/batchFeed';
import { TrackingCache, type DeviceEntry } from '../ingest/cache';
import { Ingest, type IngestOptions } from '../ingest/ingest';
import { StatusSweep } from '../ingest/statusSweep';
import { AudienceCache } from '../live/audience';
import { audienceShift, hiddenFrom, type Regrouped } from '../live/concealment';
import { LiveFanout } from '../live/fanout';
import { LiveLogs } from '../live/logs';
import { NotificationDispatcher } from '../notifications/dispatcher';
import type { MessageLog } from '../protocol/shared/messageLog';
import { visibleDeviceIds } from '../permissions/visibility';
import { LatestPositionsJson } from '../positions/latestJson';
import type { EventRecord, PositionRecord } from '../processing/types';
import { deviceJson, livePositionBytes, positionJson, type PositionTexts } from '../serialize';

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
   * The socket's opening message, `{"positions":[…]}` with the same positions: each position's
   * text is built once and reused by every later greeting, which at tens of thousands of devices
   * saves the serialisation and its garbage on every sign-in.
   */
  greeting(user: Pick<User, 'id' | 'administrator'>): Promise<Buffer>;
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

/**
 * The oldest fix ingest accepts: `MAX_FIX_AGE_DAYS`, and on PostgreSQL no older than the positions
 * retention, as such a fix would land in a partition being dropped (docs/scaling.md).
 */
export function maxFixAgeMs(
  config: Pick<Config, 'maxFixAgeDays' | 'positionsRetentionDays'>,
  dialect: DialectName,
): number | null {
  const retention = dialect === 'postgres' ? config.positionsRetentionDays : null;
  const days = [config.maxFixAgeDays, retention].filter((d): d is number => d !== null);
  return days.length === 0 ? null : Math.min(...days) * 86_400_000;
}

/** What wraps the latest positions in the socket's opening message (Traccar's shape). */
const GREETING = { before: Buffer.from('{"positions":'), after: Buffer.from('}') };
/**
 * Told to a user's sockets when their account was saved: Frota's web app reads the session again
 * (docs/traccar-api.md, WebSocket). Traccar's clients ignore the key.
 */
const USER_CHANGED = '{"userChanged":true}';
/** Told to every socket when the server settings or a brand were saved: the app re-reads them. */
const SERVER_CHANGED = '{"serverChanged":true}';

export const trackingPlugin = fp<TrackingOptions>(
  async (app, options) => {
    const now = options.ingest?.now ?? Date.now;
    const cache = new TrackingCache(app.db);
    await cache.load();
    const audience = new AudienceCache(app.db);
    const batches = new BatchFeed(app.log);
    const { metrics } = app;
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
    const sendWeb = (userId: number, events: Event[]) => {
      app.hub.sendToUser(userId, { events });
      metrics?.notificationSent('web', events.length);
    };
    batches.subscribe(
      new NotificationDispatcher({
        db: app.db,
        cache,
        audiences: audience,
        sendWeb,
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
    // One instance of a cluster turns silent devices unknown: the lease holder, whose cache
    // follows the others' batches (docs/scaling.md).
    sweep.start(1000, () => app.lease.held);

    /**
     * The device entries of every device `user` sees that have a latest fix (lazily deleted
     * devices hidden, as in lists).
     */
    const withLatest = async (
      user: Pick<User, 'id' | 'administrator'>,
    ): Promise<{ id: number; entry: DeviceEntry }[]> => {
      const ids = user.administrator
        ? [...cache.devices.keys()]
        : await visibleDeviceIds(app.db, user.id, false);
      const found: { id: number; entry: DeviceEntry }[] = [];
      for (const deviceId of ids) {
        const entry = cache.devices.get(deviceId);
        if (!entry || isDeletedUniqueId(entry.device.uniqueId)) continue;
        const id = entry.latest?.id ?? 0;
        if (id > 0) found.push({ id, entry });
      }
      return found;
    };
    const greetingTexts = new LatestPositionsJson();
    /** Prepares the greeting's text of each position that became its device's latest. */
    const prepareGreeting = (positions: readonly (PositionRecord | PositionTexts)[]) => {
      for (const position of positions) {
        if (cache.devices.get(position.deviceId)?.latest?.id === position.id) {
          greetingTexts.prepareText(position.deviceId, position.id, () =>
            livePositionBytes(position),
          );
        }
      }
    };
    // After the reply to the devices (subscribers must return at once), in commit order.
    batches.subscribe({
      committed: ({ positions }) => {
        if (positions.length > 0) setImmediate(() => prepareGreeting(positions));
      },
    });
    // The fleet as loaded, a slice at a time so startup traffic is not held up.
    const prepareLoaded = async () => {
      const all = [...cache.devices.values()].flatMap((entry) =>
        entry.latest ? [entry.latest] : [],
      );
      for (let start = 0; start < all.length; start += 2_000) {
        await new Promise((resolve) => setImmediate(resolve));
        prepareGreeting(all.slice(start, start + 2_000));
      }
    };
    prepareLoaded().catch((error: unknown) => app.log.error({ err: error }, 'greeting warm-up'));

    /** The user's devices and their latest positions, as the socket's opening message has them. */
    const snapshot = async (userId: number) => {
      const found = await findUserById(app.db, userId);
      if (!found) return null;
      const positions = await tracking.latestPositions(found.user);
      const ids = new Set(positions.map((position) => position.deviceId));
      if (found.user.administrator) {
        for (const id of cache.devices.keys()) ids.add(id);
      } else {
        for (const id of await visibleDeviceIds(app.db, userId, false)) ids.add(id);
      }
      const devices = [...ids].flatMap((id) => {
        const entry = cache.devices.get(id);
        return entry && !isDeletedUniqueId(entry.device.uniqueId) ? [deviceJson(entry.device)] : [];
      });
      return { devices, positions };
    };
    /**
     * After the link to the other instances came back: the caches re-read (the listeners below),
     * then every socket here gets its user's current devices and positions, so nothing that
     * happened elsewhere meanwhile is silently missing from a map (traccar-web merges them).
     */
    const resync = async () => {
      await Promise.all([cache.apply({ kind: 'resync' }), audience.apply({ kind: 'resync' })]);
      for (const userId of [...app.hub.userIds()]) {
        const state = await snapshot(userId);
        // `complete`: these are all the devices the user sees, so a device they lost meanwhile
        // (its unlink or deletion was not heard) leaves Frota's map too (docs/traccar-api.md).
        if (state) app.hub.sendRawToUser(userId, JSON.stringify({ ...state, complete: true }));
      }
    };

    /** The devices a user link reaches: the device, or the group's and its subgroups'. */
    const linkedDevices = (change: Extract<Change, { kind: 'permission' }>): DeviceEntry[] => {
      const property = linkSide(change.property);
      if (property === 'device') {
        const entry = cache.devices.get(change.propertyId);
        return entry ? [entry] : [];
      }
      if (property !== 'group') return [];
      return [...cache.devices.values()].filter((entry) =>
        cache.groupChain(entry.device.groupId).includes(change.propertyId),
      );
    };

    /**
     * A device or group linked to a user: the devices it lets them see go to their sockets now
     * (the live audience follows the same links: the device's group and two parents).
     */
    const revealLinked = (change: Extract<Change, { kind: 'permission' }>) => {
      if (change.action !== 'link' || linkSide(change.owner) !== 'user') return;
      const shown = linkedDevices(change).filter(
        (entry) => !isDeletedUniqueId(entry.device.uniqueId),
      );
      fanout.revealed(change.ownerId, shown);
    };

    /**
     * Devices `users` (those of them with a socket here) may no longer see: each gets the ones
     * they lost, so their maps drop them (`LiveFanout.concealed`).
     */
    const conceal = async (users: readonly number[], candidates: readonly number[]) => {
      const here = users.filter((userId) => app.hub.hasUser(userId));
      if (here.length === 0 || candidates.length === 0) return;
      for (const [userId, ids] of await hiddenFrom(app.db, here, candidates)) {
        fanout.concealed(userId, ids);
      }
    };

    /**
     * What an unlink or a deletion hid, and from whom: the user of an unlink (the device, or the
     * devices of the group and its subgroups), everyone who saw a deleted device.
     */
    const concealHidden = async (change: Change) => {
      if (change.kind === 'permission') {
        if (change.action !== 'unlink' || linkSide(change.owner) !== 'user') return;
        if (!app.hub.hasUser(change.ownerId)) return;
        const candidates = linkedDevices(change).map((entry) => entry.device.id);
        await conceal([change.ownerId], candidates);
      } else if (change.kind === 'device' && change.action === 'delete') {
        for (const userId of change.seenBy ?? []) fanout.concealed(userId, [change.id]);
      }
    };

    /**
     * The group chain, as memory holds it before the change, of each device a change may move
     * in the group tree: the device edited, or every device under an edited or deleted group.
     * Read before the caches apply the change; null when nobody here could be concerned.
     */
    const chainsBefore = (change: Change): Map<number, number[]> | null => {
      if (app.hub.size === 0) return null;
      const chains = new Map<number, number[]>();
      if (change.kind === 'device' && change.action === 'update') {
        const entry = cache.devices.get(change.id);
        if (entry) chains.set(change.id, cache.groupChain(entry.device.groupId));
      } else if (change.kind === 'group' && change.action !== 'create') {
        for (const { device } of cache.devices.values()) {
          const chain = cache.groupChain(device.groupId);
          if (chain.includes(change.id)) chains.set(device.id, chain);
        }
      }
      return chains.size > 0 ? chains : null;
    };

    /**
     * After such a change: the users here who lost a device through it drop it, and those who
     * gained one get it with its latest position, as after an unlink or a link.
     */
    const regroup = async (change: Change, before: Map<number, number[]>) => {
      const moves: Regrouped[] = [...before].map(([deviceId, chain]) => ({
        deviceId,
        before: chain,
        after: cache.groupChain(cache.devices.get(deviceId)?.device.groupId ?? 0),
      }));
      const goneLinks = new Map<number, readonly number[]>();
      if (change.kind === 'group' && change.action === 'delete') {
        goneLinks.set(change.id, change.linkedUsers ?? []);
      }
      const { lost, gained } = await audienceShift(app.db, moves, goneLinks, (userId) =>
        app.hub.hasUser(userId),
      );
      for (const [userId, ids] of lost) fanout.concealed(userId, ids);
      for (const [userId, ids] of gained) {
        const shown = ids.flatMap((id) => {
          const entry = cache.devices.get(id);
          return entry && !isDeletedUniqueId(entry.device.uniqueId) ? [entry] : [];
        });
        fanout.revealed(userId, shown);
      }
    };

    /**
     * Whether each user with a socket here was an administrator when last seen: one made or
     * unmade an administrator gains or loses every device beyond their own links.
     */
    const administrators = new Map<number, boolean>();
    const roleChanged = async (userId: number) => {
      const was = administrators.get(userId);
      if (was === undefined) return;
      if (!app.hub.hasUser(userId)) {
        administrators.delete(userId);
        return;
      }
      const user = (await findUserById(app.db, userId))?.user;
      if (!user || user.administrator === was) return;
      administrators.set(userId, user.administrator);
      const linked = new Set(await visibleDeviceIds(app.db, userId, false));
      const beyond = [...cache.devices.values()].filter(
        (entry) => !linked.has(entry.device.id) && !isDeletedUniqueId(entry.device.uniqueId),
      );
      if (user.administrator) {
        fanout.revealed(userId, beyond);
      } else {
        fanout.concealed(
          userId,
          beyond.map((entry) => entry.device.id),
        );
      }
    };

    /** What a change did to who sees which device, for the sockets here. */
    const followAudience = async (change: Change, before: Map<number, number[]> | null) => {
      await concealHidden(change);
      if (before) await regroup(change, before);
      if (change.kind === 'user' && change.action === 'update') await roleChanged(change.id);
    };

    const stopListening = app.changes.on((change) => {
      if (change.kind === 'resync') {
        resync().catch((error: unknown) => app.log.error({ err: error }, 'resync failed'));
        return;
      }
      // Open screens re-read what a save changed: the user's own account (menus, rights,
      // preferences), or the settings and brand everyone's screens follow. Every instance hears
      // the change and tells its own sockets only.
      if (change.kind === 'user' && change.action === 'update') {
        app.hub.sendRawToUser(change.id, USER_CHANGED);
      } else if (change.kind === 'server' || change.kind === 'brand') {
        app.hub.broadcast(SERVER_CHANGED);
      }
      const before = chainsBefore(change);
      audience.apply(change);
      cache.apply(change).then(
        () => {
          // Whoever sees an edited device gets it now, wherever the edit was made.
          const entry = change.kind === 'device' ? cache.devices.get(change.id) : undefined;
          if (entry) fanout.edited(entry);
          if (change.kind === 'permission') revealLinked(change);
          followAudience(change, before).catch((error: unknown) =>
            app.log.error({ err: error, change }, 'live audience change failed'),
          );
        },
        (error: unknown) => {
          app.log.error({ err: error, change }, 'tracking cache refresh failed');
        },
      );
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
      for (const userId of administrators.keys()) {
        if (!app.hub.hasUser(userId)) administrators.delete(userId);
      }
    }, options.refreshMs ?? 60_000).unref();

    /** The map side of a deleted latest position: memory, then this instance's sockets. */
    const replaceLatest = (deviceId: number, previousId: number, latest: PositionRecord | null) => {
      const entry = cache.replaceLatest(deviceId, previousId, latest);
      if (!entry) return;
      fanout.committed({
        positions: latest ? [latest] : [],
        devices: [{ device: entry.device, statusChanged: false }],
      });
    };

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
          const fresh = cache.applyRemoteBatch(remote.positions, remote.devices);
          fanout.committed(fresh);
          if (fresh.positions.length > 0) setImmediate(() => prepareGreeting(fresh.positions));
        },
        latestDeleted: ({ deviceId, previousId, latest }) =>
          replaceLatest(deviceId, previousId, latest),
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
      async latestPositions(user) {
        return (await withLatest(user)).flatMap(({ entry }) =>
          entry.last ? [positionJson(entry.last)] : [],
        );
      },
      async greeting(user) {
        administrators.set(user.id, user.administrator);
        // Texts the live side prepared (relayed ones included) are used as they are: a record
        // is read only for a position that has none.
        return greetingTexts.listOf(
          await withLatest(user),
          ({ id }) => id,
          ({ entry }) => (entry.last ? positionJson(entry.last) : null),
          GREETING,
        );
      },
      latestDeleted(deviceId, previousId, latest) {
        replaceLatest(deviceId, previousId, latest);
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
