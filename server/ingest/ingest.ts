import type { DeviceStatus } from '../../model';
import type { Transaction } from 'kysely';
import { isDatabaseUnavailable, isRetryableConflict, type Db } from '../db/database';
import { parseAttributes } from '../db/json';
import type { Tables } from '../db/schema';
import type { CompiledAttribute } from '../processing/computed';
import { serializeDeviceState, type DeviceState } from '../processing/deviceState';
import { ExpressionLimitError } from '../processing/expression';
import { impossibleFix } from '../processing/fixCheck';
import { lookupBoolean } from '../processing/lookup';
import { enrichPosition, isLatest, positionEvents } from '../processing/pipeline';
import { statusChangeEvent } from '../processing/status';
import {
  makeEvent,
  type DecodedPosition,
  type EventRecord,
  type NewEvent,
  type PositionRecord,
} from '../processing/types';
import type { ConnectionSink, SubmitOutcome } from '../protocol/shared/sink';
import { positionFromRow, statusFromRow } from '../serialize';
import type { MessageCounter } from '../statistics/recorder';
import type { BatchFeed, CommittedBatch } from './batchFeed';
import { BatchQueue } from './batchQueue';
import { RecentFixes, repeatsLatest } from './duplicates';
import type { DeviceEntry, TrackingCache } from './cache';
import { readSharedState, writeSharedState } from './sharedState';
import {
  deleteQueuedCommands,
  insertEvents,
  insertPositions,
  lockDevices,
  positionsById,
  queuedCommandsFor,
  stateParameter,
  updateDevices,
  type DeviceUpdate,
  type QueuedCommandRow,
} from './store';

/**
 * The ingest service: a decoded message becomes a processed position, stored with its batch (one
 * transaction: positions, events, device rows, delivered commands). The caller's promise settles
 * when that transaction has committed and the batch has been published to the subscribers of the
 * batch feed. A lone instance processes each message in memory the moment it arrives; instances
 * sharing the database process a batch under its devices' row locks (`shared`).
 */

export interface IngestLog {
  error(object: unknown, message?: string): void;
  warn(object: unknown, message?: string): void;
  debug(object: unknown, message?: string): void;
}

/**
 * Where ingest reports what became of each fix and how long each batch took, for monitoring
 * (`server/metrics/`). Each call must return at once: it runs for every fix.
 */
export interface IngestMetrics {
  /** A decoded fix of `protocol` was handed to ingest. */
  fixReceived(protocol: string): void;
  /** What became of it: stored, refused as the outcome says, or `error` (it threw). */
  fixSettled(protocol: string, outcome: SubmitOutcome['kind'] | 'error'): void;
  /** A batch's transaction ended after `seconds`, committed or not, with `fixes` positions. */
  batchWritten(seconds: number, fixes: number, committed: boolean): void;
}

/** A computed attribute over its limits is reported at most once per this interval (ms). */
const LIMIT_WARNING_INTERVAL_MS = 10 * 60_000;

export interface IngestOptions {
  /**
   * Longest wait before a batch is written, and the least time between two batches' starts
   * unless `maxBatch` positions wait (ms). Default 50.
   */
  delayMs?: number;
  /** A batch is written at once when this many positions wait. Default 500. */
  maxBatch?: number;
  /** Beyond this many waiting positions, new ones are refused as busy. Default 50,000. */
  maxQueued?: number;
  /** Pipeline state is written at most this often per device unless it changed shape (ms). */
  stateSaveMs?: number;
  /** Fixes older than this are refused (ms); null accepts any age. Default 30 days. */
  maxFixAgeMs?: number | null;
  now?: () => number;
  /** Counts messages received and positions stored (usage statistics). */
  messages?: MessageCounter;
  /** Counts fixes and times batches for monitoring. */
  metrics?: IngestMetrics;
  /**
   * Several instances share the (PostgreSQL) database, and a device's fixes may reach any of
   * them: each batch then locks its devices' rows, reloads what another instance changed since,
   * and runs the whole pipeline under the lock (docs/scaling.md). Off (one instance), the
   * pipeline runs from memory the moment a fix arrives and nothing is locked.
   */
  shared?: boolean;
}

interface Pending {
  entry: DeviceEntry;
  decoded: DecodedPosition;
  /** When the message arrived: the position's server time. */
  receivedAt: number;
  wantsCommand: boolean;
  /** Processed on arrival by a lone instance; null until its batch runs when shared. */
  processed: Processed | null;
  resolve(outcome: SubmitOutcome): void;
  reject(error: unknown): void;
}

interface Processed {
  pending: Pending;
  position: PositionRecord;
  previous: PositionRecord | null;
  latest: boolean;
}

/**
 * A status change the sweep or a device's connection asked for, with the last update it judged
 * the device by. `seen`: the device itself showed up at that time (its connection opened), so it
 * is online and updated whatever happened meanwhile.
 */
interface StatusChange {
  status: DeviceStatus;
  lastUpdate: number | null;
  seen?: number;
}

/**
 * What a batch reads of a device before changing it: the server-managed columns, the pipeline
 * state and the latest position. A lone instance reads its memory; shared, the locked row.
 */
interface DeviceView {
  status: DeviceStatus;
  lastUpdate: number | null;
  positionId: number;
  state: DeviceState;
  last: PositionRecord | null;
  version: string | null;
  /**
   * Whether commands wait for the device, as its lock read them (asked only for devices a reply
   * of the batch can carry one to); null when nobody asked, and they are then looked up.
   */
  commandsQueued: boolean | null;
}

interface Touched {
  status: DeviceStatus;
  lastUpdate: number | null;
  positionId: number;
}

/** What one batch's transaction wrote, applied to memory and published once it committed. */
interface Stored {
  processed: Processed[];
  /** Shared: fixes of devices whose row was gone (deleted on another instance). */
  gone: Pending[];
  /** Shared: fixes another instance had stored already (the device resent them). */
  repeated: Pending[];
  /** Shared: every device the batch locked, as it read and then processed it. */
  views: Map<DeviceEntry, DeviceView> | null;
  touched: Map<DeviceEntry, Touched>;
  nextState: Map<DeviceEntry, DeviceState>;
  saved: Set<DeviceEntry>;
  replies: Map<Processed, string>;
  events: NewEvent[];
  /** Shared: the row versions the batch's device updates left. */
  versions: Map<number, string>;
}

/** What a device receives for a queued command: a custom command's data, else its type. */
function commandText(command: Pick<QueuedCommandRow, 'type' | 'attributes'>): string {
  if (command.type !== 'custom') return command.type;
  const data = parseAttributes(command.attributes).data;
  return typeof data === 'string' ? data : '';
}

const shapeChanged = (before: DeviceState, after: DeviceState): boolean =>
  before.motion?.moving !== after.motion?.moving ||
  before.overspeed.overspeed !== after.overspeed.overspeed;

/** A shared batch that lost a deadlock is run again up to this many times in all. */
const SHARED_ATTEMPTS = 3;

const memoryView = (entry: DeviceEntry): DeviceView => ({
  status: entry.device.status,
  lastUpdate: entry.device.lastUpdate,
  positionId: entry.device.positionId,
  state: entry.state,
  last: entry.last,
  version: entry.version,
  commandsQueued: null,
});

export class Ingest implements ConnectionSink {
  private readonly queue: BatchQueue<Pending>;
  private readonly statusChanges = new Map<DeviceEntry, StatusChange>();
  /** Events that come with no position (a queued command sent), written with the next batch. */
  private pendingEvents: NewEvent[] = [];
  /** Each device's recently stored fixes, to drop one sent again (`duplicates.ts`). */
  private readonly recent = new Map<number, RecentFixes>();
  /**
   * The outcome of each fix accepted and not committed yet, by device and fix time: a copy sent
   * again meanwhile is answered with it, so it is acknowledged only once the first is stored.
   */
  private readonly unsettled = new Map<string, Promise<SubmitOutcome>>();
  private readonly now: () => number;
  private readonly stateSaveMs: number;
  private readonly maxQueued: number;
  private readonly maxFixAgeMs: number | null;
  private readonly messages: MessageCounter | null;
  private readonly metrics: IngestMetrics | null;
  private readonly shared: boolean;
  /** When each computed attribute last had its over-limit warning written. */
  private readonly limitWarnedAt = new Map<number, number>();

  constructor(
    private readonly db: Db,
    private readonly cache: TrackingCache,
    private readonly batches: BatchFeed,
    private readonly log: IngestLog,
    options: IngestOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.stateSaveMs = options.stateSaveMs ?? 30_000;
    this.maxQueued = options.maxQueued ?? 50_000;
    this.maxFixAgeMs = options.maxFixAgeMs === undefined ? 30 * 86_400_000 : options.maxFixAgeMs;
    this.messages = options.messages ?? null;
    this.metrics = options.metrics ?? null;
    this.shared = options.shared ?? false;
    if (this.shared && db.dialect !== 'postgres') {
      throw new Error('Shared ingest needs PostgreSQL (row locks and row versions)');
    }
    this.queue = new BatchQueue((batch) => this.write(batch), {
      // Also the least time between two batches' starts under load (`BatchQueue`): back to back,
      // one instance at 4,000 fixes/s wrote batches of about 40 fixes and spent more CPU per fix
      // (docs/scaling.md, "A batch in cluster mode").
      delayMs: options.delayMs ?? 50,
      maxItems: options.maxBatch ?? 500,
    });
  }

  /**
   * Processes and stores one message. `wantsCommand`: the reply can carry a queued command
   * (OsmAnd query form). Resolves once stored, with `unknown` for an unknown, disabled or expired
   * device, with `rejected` for a fix that cannot have happened, or with `unavailable` when the
   * database cannot be reached (nothing stored in any of these).
   */
  submit(decoded: DecodedPosition, wantsCommand: boolean): Promise<SubmitOutcome> {
    const { metrics } = this;
    if (!metrics) return this.accept(decoded, wantsCommand);
    const { protocol } = decoded;
    metrics.fixReceived(protocol);
    return this.accept(decoded, wantsCommand).then(
      (outcome) => {
        metrics.fixSettled(protocol, outcome.kind);
        return outcome;
      },
      (error: unknown) => {
        metrics.fixSettled(protocol, 'error');
        throw error;
      },
    );
  }

  /** Fixes waiting for their batch to be written. */
  get queued(): number {
    return this.queue.length;
  }

  /** `submit`, without the monitoring around it. */
  private async accept(decoded: DecodedPosition, wantsCommand: boolean): Promise<SubmitOutcome> {
    // Every decoded message counts as received, as in Traccar, stored or not.
    this.messages?.received();
    // Back-pressure: a database that cannot keep up must not make memory grow without bound.
    if (this.queue.length >= this.maxQueued) return { kind: 'busy' };
    let entry: DeviceEntry | null;
    try {
      const found = this.cache.findDevice(decoded.uniqueId);
      entry = found instanceof Promise ? await found : found;
    } catch (error) {
      if (isDatabaseUnavailable(error)) return { kind: 'unavailable' };
      throw error;
    }
    const now = this.now();
    if (!entry || !this.cache.isUsable(entry, now)) return { kind: 'unknown' };
    const impossible = impossibleFix(decoded, now, { maxAgeMs: this.maxFixAgeMs });
    if (impossible !== null) return { kind: 'rejected', message: impossible };
    const key = `${entry.device.id}:${decoded.fixTime}`;
    const filtering = this.filtersDuplicates();
    if (filtering) {
      let recent = this.recent.get(entry.device.id);
      if (recent?.has(decoded)) {
        // Still waiting for its batch: answered as the first copy is (a failed batch forgets
        // the fix, and the device's next resend is stored).
        const first = this.unsettled.get(key);
        if (!first) return { kind: 'duplicate' };
        const outcome = await first;
        return outcome.kind === 'stored' ? { kind: 'duplicate' } : outcome;
      }
      if (!recent) this.recent.set(entry.device.id, (recent = new RecentFixes()));
      recent.add(decoded);
    }

    const settled = new Promise<SubmitOutcome>((resolve, reject) => {
      const pending: Pending = {
        entry,
        decoded,
        receivedAt: now,
        wantsCommand,
        processed: null,
        resolve,
        reject,
      };
      // Alone, this instance holds the device's newest state: process at once, off the batch.
      if (!this.shared) pending.processed = this.process(pending, memoryView(entry));
      this.queue.push(pending);
    });
    // `RecentFixes` leaves outdated fixes out, so no copy of one ever waits for it.
    if (!filtering || decoded.outdated) return settled;
    this.unsettled.set(key, settled);
    const forget = () => {
      if (this.unsettled.get(key) === settled) this.unsettled.delete(key);
    };
    settled.then(forget, forget);
    return settled;
  }

  /**
   * Runs the pipeline's first step on a fix from the device's state in `view`, and makes it the
   * view's latest when it is.
   */
  private process(pending: Pending, view: DeviceView): Processed {
    const { entry, decoded, receivedAt } = pending;
    const previous = view.last;
    const position = enrichPosition(this.cache.context(entry), decoded, previous, receivedAt, {
      onComputeError: (attribute, error) => this.computeFailed(attribute, error, receivedAt),
    });
    const latest = isLatest(position, previous);
    if (latest) {
      view.last = position;
      // Alone, the next fix (even in this batch) follows from memory.
      if (!this.shared) entry.last = position;
    }
    return { pending, position, previous, latest };
  }

  /**
   * A computed attribute that failed is skipped for this position. Most failures are the data's
   * (a variable this device does not send); one over the evaluator's limits is the expression's,
   * and the administrator should hear of it, without one line per position.
   */
  private computeFailed(attribute: CompiledAttribute, error: unknown, now: number): void {
    if (!(error instanceof ExpressionLimitError)) {
      this.log.debug({ err: error, attributeId: attribute.id }, 'computed attribute failed');
      return;
    }
    const warnedAt = this.limitWarnedAt.get(attribute.id);
    if (warnedAt !== undefined && now - warnedAt < LIMIT_WARNING_INTERVAL_MS) return;
    this.limitWarnedAt.set(attribute.id, now);
    this.log.warn(
      { attributeId: attribute.id, attribute: attribute.attribute, reason: error.message },
      'computed attribute skipped: over the expression limits',
    );
  }

  /**
   * A status change found by the sweep; written with the next batch, unless the device reports
   * again first (its last update is then no longer the one the sweep judged).
   */
  setStatus(entry: DeviceEntry, status: DeviceStatus): void {
    this.statusChanges.set(entry, { status, lastUpdate: entry.device.lastUpdate });
    this.queue.poke();
  }

  /**
   * A device's connection opened (online from now, as Traccar has it before the first position)
   * or closed (offline, as Traccar marks a device whose connection ends, unless it reported again
   * before the batch is written).
   */
  connection(uniqueId: string, state: 'open' | 'closed'): void {
    const apply = (entry: DeviceEntry | null) => {
      if (!entry) return;
      const now = this.now();
      const { lastUpdate } = entry.device;
      this.statusChanges.set(
        entry,
        state === 'open'
          ? { status: 'online', lastUpdate, seen: now }
          : { status: 'offline', lastUpdate },
      );
      this.queue.poke();
    };
    const found = this.cache.findDevice(uniqueId);
    if (found instanceof Promise) {
      found.then(apply, (error: unknown) =>
        this.log.warn({ err: error, uniqueId }, 'device connection state not recorded'),
      );
    } else {
      apply(found);
    }
  }

  /** An event that comes with no position (a queued command handed to its device). */
  recordEvent(event: NewEvent): void {
    this.pendingEvents.push(event);
    this.queue.poke();
  }

  /** `filter.duplicate` (server attribute): on unless set false. */
  private filtersDuplicates(): boolean {
    return lookupBoolean('filter.duplicate', [this.cache.serverAttributes], true);
  }

  flush(): Promise<void> {
    return this.queue.flush();
  }

  /** Writes what is queued and every pipeline state not saved yet (shutdown). */
  async close(): Promise<void> {
    await this.flush();
    const unsaved = [...this.cache.devices.values()].filter((e) => e.stateUnsaved);
    if (unsaved.length === 0) return;
    await updateDevices(
      this.db.kysely,
      this.db.dialect,
      unsaved.map((entry) => ({
        id: entry.device.id,
        status: entry.device.status,
        lastUpdate: entry.device.lastUpdate,
        positionId: null,
        state: stateParameter(this.db, serializeDeviceState(entry.state)),
      })),
    );
    for (const entry of unsaved) entry.stateUnsaved = false;
  }

  private async write(batch: Pending[]): Promise<void> {
    const now = this.now();
    const statusChanges = new Map(this.statusChanges);
    this.statusChanges.clear();
    const extraEvents = this.pendingEvents;
    this.pendingEvents = [];
    let stored: Stored;
    const started = performance.now();
    try {
      stored = this.shared
        ? await this.writeShared(batch, statusChanges, extraEvents, now)
        : await this.writeAlone(batch, statusChanges, extraEvents, now);
      this.metrics?.batchWritten((performance.now() - started) / 1000, batch.length, true);
    } catch (error) {
      this.metrics?.batchWritten((performance.now() - started) / 1000, batch.length, false);
      const unavailable = isDatabaseUnavailable(error);
      this.log.error(
        { err: error, positions: batch.length },
        unavailable ? 'storing positions failed: database unavailable' : 'storing positions failed',
      );
      // Newest first, so a device with several fixes in the batch is left at the one before all.
      for (const b of [...batch].reverse()) {
        const p = b.processed;
        if (p && b.entry.last === p.position) b.entry.last = p.previous;
      }
      for (const b of batch) {
        // Not stored: the device sends it again, and that copy must be stored.
        this.recent.get(b.entry.device.id)?.remove(b.decoded);
        if (unavailable) b.resolve({ kind: 'unavailable' });
        else b.reject(error);
      }
      for (const [entry, change] of statusChanges) {
        if (!this.statusChanges.has(entry)) this.statusChanges.set(entry, change);
      }
      this.pendingEvents.unshift(...extraEvents);
      throw error;
    }
    this.committed(stored, now);
  }

  /** One instance: the fixes were processed on arrival; store them in one transaction. */
  private writeAlone(
    batch: Pending[],
    statusChanges: Map<DeviceEntry, StatusChange>,
    extraEvents: NewEvent[],
    now: number,
  ): Promise<Stored> {
    const views = new Map<DeviceEntry, DeviceView>();
    const view = (entry: DeviceEntry) => {
      let v = views.get(entry);
      if (!v) views.set(entry, (v = memoryView(entry)));
      return v;
    };
    const processed = batch.map((b) => b.processed as Processed);
    return this.db.kysely
      .transaction()
      .execute((trx) => this.store(trx, processed, statusChanges, extraEvents, view, now))
      .then((stored) => ({ ...stored, gone: [], repeated: [], views: null }));
  }

  /**
   * Several instances: lock the batch's devices, bring the stale ones up to date from their rows,
   * then process and store every fix in arrival order, all in one transaction. A deadlock with
   * another writer (an API transaction locking devices in another order) runs it again.
   */
  private async writeShared(
    batch: Pending[],
    statusChanges: Map<DeviceEntry, StatusChange>,
    extraEvents: NewEvent[],
    now: number,
  ): Promise<Stored> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.kysely.transaction().execute(async (trx) => {
          const views = await this.lockViews(
            trx,
            [...batch.map((b) => b.entry), ...statusChanges.keys()],
            new Set(batch.filter((b) => b.wantsCommand).map((b) => b.entry)),
          );
          const processed: Processed[] = [];
          const gone: Pending[] = [];
          const repeated: Pending[] = [];
          const duplicates = this.filtersDuplicates();
          for (const b of batch) {
            const view = views.get(b.entry);
            if (!view) gone.push(b);
            // Resent after its answer was lost, and stored by another instance meanwhile.
            else if (duplicates && repeatsLatest(b.decoded, view.last)) repeated.push(b);
            else processed.push(this.process(b, view));
          }
          const stored = await this.store(
            trx,
            processed,
            statusChanges,
            extraEvents,
            (entry) => views.get(entry) ?? null,
            now,
          );
          return { ...stored, gone, repeated, views };
        });
      } catch (error) {
        if (attempt >= SHARED_ATTEMPTS || !isRetryableConflict(error)) throw error;
        this.log.warn({ err: error, attempt }, 'position batch conflicted; running it again');
      }
    }
  }

  /**
   * Locks the devices' rows and returns each device's view: from memory when the row's version
   * is the one this instance last read or wrote, else from the row (and its latest position).
   * A device whose row is gone has no view. The same statement tells, for the devices in
   * `asking` (a reply of the batch can carry a command to them), whether any command waits, so
   * a batch with none, nearly every batch, spends no round trip looking for them.
   */
  private async lockViews(
    trx: Transaction<Tables>,
    entries: DeviceEntry[],
    asking: ReadonlySet<DeviceEntry>,
  ): Promise<Map<DeviceEntry, DeviceView>> {
    const unique = [...new Set(entries)];
    const rows = new Map(
      (
        await lockDevices(
          trx,
          unique.map((e) => ({ id: e.device.id, known: e.version, commands: asking.has(e) })),
        )
      ).map((row) => [row.id, row]),
    );
    const views = new Map<DeviceEntry, DeviceView>();
    const unread = new Map<number, DeviceView>();
    for (const entry of unique) {
      const row = rows.get(entry.device.id);
      if (!row) continue;
      // The row left its state out: nothing wrote it since this instance read or wrote it.
      if (row.version === entry.version && row.state === null) {
        views.set(entry, { ...memoryView(entry), commandsQueued: row.commandsQueued });
        continue;
      }
      const positionId = row.positionId ?? 0;
      const { state, last } = readSharedState(row.state, row.id, positionId, entry.state);
      const view: DeviceView = {
        status: statusFromRow(row.status),
        lastUpdate: row.lastUpdate,
        positionId,
        state,
        last,
        version: row.version,
        commandsQueued: row.commandsQueued,
      };
      if (last === null && positionId > 0) unread.set(positionId, view);
      views.set(entry, view);
    }
    for (const row of await positionsById(trx, [...unread.keys()])) {
      const view = unread.get(Number(row.id));
      if (view) view.last = positionFromRow(row);
    }
    return views;
  }

  /**
   * The batch's writes, one transaction: positions, their events and the status changes' events,
   * device rows, delivered queued commands. Reads each device through `view`.
   */
  private async store(
    trx: Transaction<Tables>,
    processed: Processed[],
    statusChanges: Map<DeviceEntry, StatusChange>,
    extraEvents: NewEvent[],
    view: (entry: DeviceEntry) => DeviceView | null,
    now: number,
  ): Promise<Omit<Stored, 'gone' | 'repeated' | 'views'>> {
    // Current Traccar records a status event on every change; `event.status.enable: false` (a
    // server attribute) still turns them off for an installation that wants none.
    const statusEvents = lookupBoolean('event.status.enable', [this.cache.serverAttributes], true);
    const touched = new Map<DeviceEntry, Touched>();
    const nextState = new Map<DeviceEntry, DeviceState>();
    const saved = new Set<DeviceEntry>();
    const replies = new Map<Processed, string>();
    const events: NewEvent[] = [...extraEvents];

    const touch = (entry: DeviceEntry, v: DeviceView): Touched => {
      let t = touched.get(entry);
      if (!t) {
        const { status, lastUpdate, positionId } = v;
        touched.set(entry, (t = { status, lastUpdate, positionId }));
      }
      return t;
    };
    const changeStatus = (entry: DeviceEntry, t: Touched, status: DeviceStatus, time: number) => {
      const event = statusChangeEvent(entry.device.id, t.status, status, time);
      if (event && statusEvents) events.push(event);
      t.status = status;
    };

    const ids = await insertPositions(
      trx,
      this.db.dialect,
      processed.map((p) => p.position),
    );
    processed.forEach((p, i) => (p.position.id = ids[i]));

    // Shared, the lock already told which devices have commands waiting.
    const asking = [
      ...new Set(
        processed
          .filter((p) => p.pending.wantsCommand && view(p.pending.entry)?.commandsQueued !== false)
          .map((p) => p.pending.entry),
      ),
    ];
    const queued = await queuedCommandsFor(
      trx,
      asking.map((e) => e.device.id),
    );
    const delivered: number[] = [];

    for (const p of processed) {
      const { entry } = p.pending;
      const v = view(entry) as DeviceView;
      const context = this.cache.context(entry);
      const state = nextState.get(entry) ?? v.state;
      const result = positionEvents(context, state, p.previous, p.position, {
        geofenceActive: (id, time) => this.cache.geofenceActive(id, time),
      });
      nextState.set(entry, result.state);
      events.push(...result.events);

      const t = touch(entry, v);
      changeStatus(entry, t, 'online', p.position.serverTime);
      t.lastUpdate = Math.max(t.lastUpdate ?? 0, p.position.serverTime);
      if (p.latest) t.positionId = p.position.id;

      if (p.pending.wantsCommand) {
        const index = queued.findIndex((q) => q.deviceId === entry.device.id);
        if (index >= 0) {
          const [command] = queued.splice(index, 1);
          delivered.push(command.id);
          replies.set(p, commandText(command));
          events.push(
            makeEvent('queuedCommandSent', p.position, { attributes: { type: command.type } }),
          );
        }
      }
    }

    for (const [entry, change] of statusChanges) {
      const v = view(entry);
      if (!v) continue;
      if (change.seen !== undefined) {
        // Its connection opened: online and updated, whatever else happened meanwhile.
        const t = touch(entry, v);
        changeStatus(entry, t, 'online', change.seen);
        t.lastUpdate = Math.max(t.lastUpdate ?? 0, change.seen);
        continue;
      }
      if (touched.has(entry)) continue; // it just reported: online wins
      // Reported since the sweep judged it (here or, shared, on another instance): still online.
      if (v.lastUpdate !== change.lastUpdate) continue;
      changeStatus(entry, touch(entry, v), change.status, now);
    }

    const eventIds = await insertEvents(trx, events);
    events.forEach((e, i) => ((e as EventRecord).id = eventIds[i]));

    const updates: DeviceUpdate[] = [];
    for (const [entry, t] of touched) {
      const state = nextState.get(entry);
      const v = view(entry) as DeviceView;
      // Shared, another instance may process the device's next fix: it must find this state,
      // and the latest position with it.
      const save =
        state !== undefined &&
        (this.shared ||
          now - entry.stateSavedAt >= this.stateSaveMs ||
          shapeChanged(v.state, state));
      if (save) saved.add(entry);
      let text: string | null = null;
      if (save) text = this.shared ? writeSharedState(state, v.last) : serializeDeviceState(state);
      updates.push({
        id: entry.device.id,
        status: t.status,
        lastUpdate: t.lastUpdate,
        positionId: t.positionId || null,
        state: stateParameter(this.db, text),
      });
    }
    const versions = await updateDevices(trx, this.db.dialect, updates, this.shared);
    await deleteQueuedCommands(trx, delivered);
    return { processed, touched, nextState, saved, replies, events, versions };
  }

  /** After the commit: memory follows what was written, the batch is published, devices answered. */
  private committed(stored: Stored, now: number): void {
    const { processed, touched, nextState, saved, views, versions } = stored;
    if (views) {
      // Shared: memory takes what the batch read under the lock; what it changed follows.
      for (const [entry, v] of views) {
        entry.device.status = v.status;
        entry.device.lastUpdate = v.lastUpdate;
        entry.device.positionId = v.positionId;
        entry.state = v.state;
        entry.last = v.last;
        entry.version = versions.get(entry.device.id) ?? v.version;
      }
    }
    const devices: CommittedBatch['devices'] = [];
    for (const [entry, t] of touched) {
      const statusChanged = entry.device.status !== t.status;
      entry.device.status = t.status;
      entry.device.lastUpdate = t.lastUpdate;
      entry.device.positionId = t.positionId;
      devices.push({ device: entry.device, statusChanged });
    }
    for (const [entry, state] of nextState) {
      entry.state = state;
      if (saved.has(entry)) {
        entry.stateSavedAt = now;
        entry.stateUnsaved = false;
      } else {
        entry.stateUnsaved = true;
      }
    }
    if (this.messages) {
      for (const p of processed)
        this.messages.stored(p.pending.entry.device.id, p.position.protocol);
    }
    this.batches.publish({
      positions: processed.filter((p) => p.latest).map((p) => p.position),
      devices,
      events: stored.events as EventRecord[],
    });
    for (const b of stored.gone) b.resolve({ kind: 'unknown' });
    for (const b of stored.repeated) b.resolve({ kind: 'duplicate' });
    for (const p of processed) {
      p.pending.resolve({ kind: 'stored', command: stored.replies.get(p) ?? null });
    }
  }
}
