import type { Event } from '../../model';
import type { SocketHub } from './hub';

/** Counts the web copies sent (monitoring); the app wires it to its metrics. */
export type WebNotificationCounter = (count: number) => void;

/**
 * A notification's web copies for one user, `{"events":[…]}` on every socket of theirs: the hub
 * relays `sendToUser` to the other instances, so a user signed in on several gets each copy once
 * on each socket. The notifications take this as their `web` channel; they never import live/.
 */
export function deliverWebNotification(
  hub: Pick<SocketHub, 'sendToUser'>,
  userId: number,
  events: readonly Event[],
  counted: WebNotificationCounter | null = null,
): void {
  hub.sendToUser(userId, { events });
  counted?.(events.length);
}
