import type { ChangeFeed } from '../changes';
import { sendNativeCommand } from '../commands/native';
import { ruleContext, ruleOwner } from '../devices/ruleOwners';
import type { LiveCommands } from '../commands/send';
import type { Db } from '../db/database';
import type { CompiledGeofence } from '../processing/geofences';

/**
 * Geofences that lock the vehicle (attributes `lockOnEnter`, `lockOnExit`, set in the geofence
 * form): when a device enters or leaves one, the server sends it `engineStop` itself, as the QR
 * driver's lock does (`commands/native.ts`), with the rights of the user who turned the rule on
 * (`commands/ruleOwners.ts`), who must still be allowed to and reach the device. Only for what is happening now: an enter or exit
 * found in fixes a tracker uploads after a coverage gap is history, and locking a vehicle for it
 * hours later would stop it wherever it is now.
 */

interface GeofenceEvent {
  type: string;
  deviceId: number;
  geofenceId: number;
  eventTime: number;
}

export interface LockRulesLog {
  info(object: unknown, message?: string): void;
  error(object: unknown, message?: string): void;
}

/** An event older than this is history, not something happening now. */
export const LIVE_EVENT_MS = 15 * 60_000;

const locks = (value: unknown) => value === true || value === 'true';

export class GeofenceLockRules {
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly changes: ChangeFeed,
    private readonly geofences: ReadonlyMap<number, Pick<CompiledGeofence, 'attributes'>>,
    private readonly log: LockRulesLog,
    private readonly live: LiveCommands | null,
    private readonly now: () => number = Date.now,
    /** The plus licence: the owner's advanced-permission bits may apply. */
    private readonly plus = false,
  ) {}

  /** The committed events' hook: returns at once; each lock is sent in order afterwards. */
  onEvents(events: readonly GeofenceEvent[]): void {
    const now = this.now();
    for (const event of events) {
      if (now - event.eventTime > LIVE_EVENT_MS) continue;
      const attributes = this.geofences.get(event.geofenceId)?.attributes;
      if (!attributes) continue;
      const lock =
        (event.type === 'geofenceEnter' && locks(attributes.lockOnEnter)) ||
        (event.type === 'geofenceExit' && locks(attributes.lockOnExit));
      if (lock) this.enqueue(event);
    }
  }

  /** Settles when every lock asked for so far was sent. */
  idle(): Promise<void> {
    return this.chain;
  }

  private enqueue({ deviceId, geofenceId, type }: GeofenceEvent): void {
    this.chain = this.chain
      .then(async () => {
        const ownerId = await ruleOwner(this.db, 'geofence', geofenceId);
        const owner = await ruleContext(this.db, this.changes, ownerId, this.plus);
        const outcome = await sendNativeCommand(owner, this.live, deviceId, 'engineStop');
        this.log.info(
          { deviceId, geofenceId, event: type, ownerId, sent: outcome.status === 200 },
          'geofence rule locked the device',
        );
      })
      .catch((error: unknown) =>
        this.log.error({ err: error, deviceId, geofenceId }, 'geofence lock failed'),
      );
  }
}
