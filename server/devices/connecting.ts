import type { ChangeFeed } from '../changes';
import { flag, isDatabaseUnavailable, type Db } from '../db/database';
import type { TrackingCache } from '../ingest/cache';
import { lookupBoolean, lookupNumber } from '../processing/lookup';
import type { DeviceDirectory, Identified } from '../protocol/shared/directory';

/**
 * Which device a tracker's connection belongs to (docs/protocols.md): the first identifier it
 * names that a usable device is registered under. An identifier nobody registered is kept in the
 * list of devices trying to connect (`connecting_devices`), which administrators read and add
 * from with one click; with the server attribute `database.registerUnknown` on (Traccar's key) it
 * is registered at once instead, named after itself, when it matches
 * `database.registerUnknown.regex` (default Traccar's `\w{3,15}`), in the group
 * `database.registerUnknown.defaultGroupId` if set.
 */

export interface DirectoryLog {
  warn(object: unknown, message?: string): void;
  error(object: unknown, message?: string): void;
}

/** One identifier is written to the list, and logged, at most once per this interval. */
const RECORD_INTERVAL_MS = 60_000;
/**
 * Writes to the list per minute across all identifiers: a scanner sending thousands of made-up
 * identifiers costs the database no more than this.
 */
const WRITES_PER_MINUTE = 120;
/**
 * New identifiers one address may get listed or registered per minute: one scanner (or one
 * misconfigured gateway) can neither take the whole budget above, crowding out the real trackers
 * trying to connect, nor register devices without end when `database.registerUnknown` is on. An
 * identifier already heard this minute costs nothing, so many trackers behind one carrier address
 * are listed within a few minutes.
 */
export const ADDRESS_WRITES_PER_MINUTE = 10;
/** The list keeps at most this many identifiers (the most recently heard). */
export const MAX_CONNECTING = 1_000;
/** Identifiers not heard for this long leave the list. */
const FORGET_AFTER_MS = 30 * 86_400_000;
const DEFAULT_REGEX = '\\w{3,15}';

export interface ConnectingDevice {
  uniqueId: string;
  protocol: string;
  address: string;
  firstSeen: number;
  lastSeen: number;
  attempts: number;
}

type KnownDevices = Pick<TrackingCache, 'findDevice' | 'isUsable' | 'serverAttributes'>;

export class DeviceDirectoryService implements DeviceDirectory {
  /** When each unknown identifier was last written and logged, and attempts since. */
  private readonly heard = new Map<string, { at: number; attempts: number }>();
  private budget = { minute: 0, writes: 0 };
  /** Writes per address this minute (only this minute's: the map starts over each minute). */
  private addressBudget = { minute: 0, writes: new Map<string, number>() };

  constructor(
    private readonly db: Db,
    private readonly devices: KnownDevices,
    private readonly changes: ChangeFeed,
    private readonly log: DirectoryLog,
    private readonly now: () => number = Date.now,
  ) {}

  async identify(
    uniqueIds: readonly string[],
    protocol: string,
    address: string,
  ): Promise<Identified> {
    const now = this.now();
    try {
      let refused = false;
      for (const uniqueId of uniqueIds) {
        const found = this.devices.findDevice(uniqueId);
        const entry = found instanceof Promise ? await found : found;
        if (!entry) continue;
        if (this.devices.isUsable(entry, now)) {
          return { kind: 'known', uniqueId: entry.device.uniqueId, deviceId: entry.device.id };
        }
        refused = true;
      }
      // Disabled or expired: known, so not listed as trying to connect, but refused.
      if (refused || uniqueIds.length === 0) return { kind: 'unknown' };
      const registered = await this.register(uniqueIds[0], address, now);
      if (registered) return registered;
      await this.heardUnknown(uniqueIds, protocol, address, now);
      return { kind: 'unknown' };
    } catch (error) {
      if (isDatabaseUnavailable(error)) return { kind: 'unavailable' };
      throw error;
    }
  }

  /** Registers the identifier as a device when the server is set to; null otherwise. */
  private async register(
    uniqueId: string,
    address: string,
    now: number,
  ): Promise<Identified | null> {
    const settings = [this.devices.serverAttributes];
    if (!lookupBoolean('database.registerUnknown', settings, false)) return null;
    const pattern = this.devices.serverAttributes['database.registerUnknown.regex'];
    let regex: RegExp;
    try {
      regex = new RegExp(
        `^(?:${typeof pattern === 'string' && pattern ? pattern : DEFAULT_REGEX})$`,
      );
    } catch {
      regex = new RegExp(`^(?:${DEFAULT_REGEX})$`);
    }
    if (!regex.test(uniqueId)) return null;
    // Over its budget the address's identifiers are neither registered nor listed, for now.
    if (!this.spendAddress(address, now)) return { kind: 'unknown' };
    const groupId = lookupNumber('database.registerUnknown.defaultGroupId', settings, 0);
    const id = await this.db.kysely.transaction().execute(async (trx) => {
      const taken = await trx
        .selectFrom('devices')
        .select('id')
        .where('uniqueId', '=', uniqueId)
        .executeTakeFirst();
      if (taken) return taken.id;
      const group =
        groupId > 0
          ? await trx.selectFrom('groups').select('id').where('id', '=', groupId).executeTakeFirst()
          : undefined;
      const row = await trx
        .insertInto('devices')
        .values({
          name: uniqueId,
          uniqueId,
          groupId: group?.id ?? null,
          category: 'default',
          disabled: flag(this.db, false),
          state: '{}',
          attributes: '{}',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.deleteFrom('connectingDevices').where('uniqueId', '=', uniqueId).execute();
      return row.id;
    });
    this.changes.emit({ kind: 'device', id, action: 'create' });
    this.log.warn({ uniqueId, deviceId: id }, 'unknown device registered');
    const found = this.devices.findDevice(uniqueId);
    const entry = found instanceof Promise ? await found : found;
    return entry ? { kind: 'known', uniqueId, deviceId: entry.device.id } : null;
  }

  /** Lists (and logs) an unknown identifier, at most once a minute each. */
  private async heardUnknown(
    uniqueIds: readonly string[],
    protocol: string,
    address: string,
    now: number,
  ): Promise<void> {
    const uniqueId = uniqueIds[0];
    const last = this.heard.get(uniqueId);
    if (last && now - last.at < RECORD_INTERVAL_MS) {
      last.attempts++;
      return;
    }
    if (!this.spendAddress(address, now)) return;
    const minute = Math.floor(now / 60_000);
    if (this.budget.minute !== minute) this.budget = { minute, writes: 0 };
    if (++this.budget.writes > WRITES_PER_MINUTE) return;
    const attempts = (last?.attempts ?? 0) + 1;
    this.heard.set(uniqueId, { at: now, attempts: 0 });
    if (this.heard.size > MAX_CONNECTING * 10) this.prune(now);
    this.log.warn({ protocol, uniqueId: uniqueIds.join(' '), address }, 'Unknown device');
    await recordConnectingDevice(this.db, { uniqueId, protocol, address }, attempts, now);
  }

  /** Takes one write from the address's budget for this minute; false when none is left. */
  private spendAddress(address: string, now: number): boolean {
    const minute = Math.floor(now / 60_000);
    if (this.addressBudget.minute !== minute) this.addressBudget = { minute, writes: new Map() };
    const { writes } = this.addressBudget;
    const spent = writes.get(address) ?? 0;
    if (spent >= ADDRESS_WRITES_PER_MINUTE) return false;
    // Past the global budget's worth of addresses a minute's writes are spent anyway; the map
    // stops growing there.
    if (spent === 0 && writes.size >= WRITES_PER_MINUTE) return false;
    writes.set(address, spent + 1);
    return true;
  }

  private prune(now: number): void {
    for (const [uniqueId, heard] of this.heard) {
      if (now - heard.at >= RECORD_INTERVAL_MS) this.heard.delete(uniqueId);
    }
  }
}

/** Adds an attempt to the list (a new row, or the row's last attempt and count). */
export async function recordConnectingDevice(
  db: Db,
  device: { uniqueId: string; protocol: string; address: string },
  attempts: number,
  now: number,
): Promise<void> {
  const inserted = await db.kysely
    .insertInto('connectingDevices')
    .values({ ...device, firstSeen: now, lastSeen: now, attempts })
    .onConflict((conflict) =>
      conflict.column('uniqueId').doUpdateSet((eb) => ({
        protocol: eb.ref('excluded.protocol'),
        address: eb.ref('excluded.address'),
        lastSeen: eb.ref('excluded.lastSeen'),
        attempts: eb('connectingDevices.attempts', '+', attempts),
      })),
    )
    .returning('firstSeen')
    .executeTakeFirst();
  // A new identifier: the list stays bounded (a scanner sending random ids cannot grow it).
  if (inserted?.firstSeen === now) await trimConnectingDevices(db, now);
}

async function trimConnectingDevices(db: Db, now: number): Promise<void> {
  await db.kysely
    .deleteFrom('connectingDevices')
    .where('lastSeen', '<', now - FORGET_AFTER_MS)
    .execute();
  const cutoff = await db.kysely
    .selectFrom('connectingDevices')
    .select('lastSeen')
    .orderBy('lastSeen', 'desc')
    .offset(MAX_CONNECTING)
    .limit(1)
    .executeTakeFirst();
  if (cutoff) {
    await db.kysely
      .deleteFrom('connectingDevices')
      .where('lastSeen', '<=', cutoff.lastSeen)
      .execute();
  }
}

/** The devices trying to connect that are still not registered, most recently heard first. */
export async function listConnectingDevices(db: Db): Promise<ConnectingDevice[]> {
  return db.kysely
    .selectFrom('connectingDevices')
    .selectAll()
    .where('uniqueId', 'not in', db.kysely.selectFrom('devices').select('uniqueId'))
    .orderBy('lastSeen', 'desc')
    .limit(MAX_CONNECTING)
    .execute();
}

/** Takes an identifier off the list (dismissed by an administrator). */
export async function forgetConnectingDevice(db: Db, uniqueId: string): Promise<boolean> {
  const result = await db.kysely
    .deleteFrom('connectingDevices')
    .where('uniqueId', '=', uniqueId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
