import type { Change } from '../changes';
import type { TrackingCache } from '../ingest/cache';
import type { AudienceCache } from './audience';
import type { AudienceChanges } from './audienceChanges';
import type { LiveFanout } from './fanout';
import type { SocketHub } from './hub';

/**
 * Told to a user's sockets when their account was saved: Frota's web app reads the session again
 * (docs/traccar-api.md, WebSocket). Traccar's clients ignore the key.
 */
const USER_CHANGED = '{"userChanged":true}';
/** Told to every socket when the server settings or a brand were saved: the app re-reads them. */
const SERVER_CHANGED = '{"serverChanged":true}';

export interface ChangeFollowerLog {
  error(object: unknown, message?: string): void;
}

export interface ChangeFollowerParts {
  cache: Pick<TrackingCache, 'apply' | 'devices'>;
  audience: Pick<AudienceCache, 'apply'>;
  hub: Pick<SocketHub, 'sendRawToUser' | 'broadcast'>;
  fanout: Pick<LiveFanout, 'edited'>;
  audienceChanges: Pick<AudienceChanges, 'before' | 'revealLinked' | 'follow'>;
  /** After the link to the other instances came back (`resyncSockets`). */
  resync: () => Promise<void>;
  log: ChangeFollowerLog;
}

/**
 * What each change announced on the feed (an API write here or on another instance) does to the
 * live side: the caches follow it first, then the sockets here hear what it changed for them.
 */
export class ChangeFollower {
  constructor(private readonly parts: ChangeFollowerParts) {}

  heard(change: Change): void {
    const { cache, audience, hub, fanout, audienceChanges, log } = this.parts;
    if (change.kind === 'resync') {
      this.parts.resync().catch((error: unknown) => log.error({ err: error }, 'resync failed'));
      return;
    }
    // Open screens re-read what a save changed: the user's own account (menus, rights,
    // preferences), or the settings and brand everyone's screens follow. Every instance hears
    // the change and tells its own sockets only.
    if (change.kind === 'user' && change.action === 'update') {
      hub.sendRawToUser(change.id, USER_CHANGED);
    } else if (change.kind === 'server' || change.kind === 'brand') {
      hub.broadcast(SERVER_CHANGED);
    }
    const before = audienceChanges.before(change);
    audience.apply(change);
    cache.apply(change).then(
      () => {
        // Whoever sees an edited device gets it now, wherever the edit was made.
        const entry = change.kind === 'device' ? cache.devices.get(change.id) : undefined;
        if (entry) fanout.edited(entry);
        audienceChanges.revealLinked(change);
        audienceChanges
          .follow(change, before)
          .catch((error: unknown) =>
            log.error({ err: error, change }, 'live audience change failed'),
          );
      },
      (error: unknown) => {
        log.error({ err: error, change }, 'tracking cache refresh failed');
      },
    );
  }
}
