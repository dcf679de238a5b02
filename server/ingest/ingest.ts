import type { DeviceStatus } from '../../model';
import type { Db } from '../db/database';
import { parseAttributes } from '../db/json';
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
import type { PositionSink, SubmitOutcome } from '../protocol/sink';
import type { MessageCounter } from '../statistics/recorder';
import type { BatchFeed, CommittedBatch } from './batchFeed';
import { BatchQueue } from './batchQueue';
import type { DeviceEntry, TrackingCache } from './cache';
import {
  deleteQueuedCommands,
  insertEvents,
  insertPositions,
  queuedCommandsFor,
  updateDevices,
  type DeviceUpdate,
  type QueuedCommandRow,
} from './store';

/**
 * The ingest service: a decoded message becomes a processed position in memory at once, then is
 * stored with its batch (one transaction: positions, events, device rows, delivered commands).
 * The caller's promise settles when that transaction has committed and the batch has been
 * published to the subscribers of the batch feed.
 */

export interface IngestLog {
  error(object: unknown, message?: string): void;
  warn(object: unknown, message?: string): void;
  debug(object: unknown, message?: string): void;
}

/** A computed attribute over its limits is reported at most once per this interval (ms). */
const LIMIT_WARNING_INTERVAL_MS = 10 * 60_000;

export interface IngestOptions {
  /** Longest wait before a batch is written (ms). Default 50. */
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
}

interface Pending {
  entry: DeviceEntry;
  position: PositionRecord;
  previous: PositionRecord | null;
  latest: boolean;
  wantsCommand: boolean;
  resolve(command: string | null): void;
  reject(error: unknown): void;
}

interface Touched {
  status: DeviceStatus;
  lastUpdate: number | null;
  positionId: number;
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

export class Ingest implements PositionSink {
  private readonly queue: BatchQueue<Pending>;
  private readonly statusChanges = new Map<DeviceEntry, DeviceStatus>();
  private readonly now: () => number;
  private readonly stateSaveMs: number;
  private readonly maxQueued: number;
  private readonly maxFixAgeMs: number | null;
  private readonly messages: MessageCounter | null;
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
    this.queue = new BatchQueue((batch) => this.write(batch), {
      delayMs: options.delayMs ?? 50,
      maxItems: options.maxBatch ?? 500,
    });
  }

  /**
   * Processes and stores one message. `wantsCommand`: the reply can carry a queued command
   * (OsmAnd query form). Resolves once stored, with `unknown` for an unknown, disabled or expired
   * device, or with `rejected` for a fix that cannot have happened (nothing stored either way).
   */
  async submit(decoded: DecodedPosition, wantsCommand: boolean): Promise<SubmitOutcome> {
    // Every decoded message counts as received, as in Traccar, stored or not.
    this.messages?.received();
    // Back-pressure: a database that cannot keep up must not make memory grow without bound.
    if (this.queue.length >= this.maxQueued) return { kind: 'busy' };
    const found = this.cache.findDevice(decoded.uniqueId);
    const entry = found instanceof Promise ? await found : found;
    const now = this.now();
    if (!entry || !this.cache.isUsable(entry, now)) return { kind: 'unknown' };
    const impossible = impossibleFix(decoded, now, { maxAgeMs: this.maxFixAgeMs });
    if (impossible !== null) return { kind: 'rejected', message: impossible };

    const context = this.cache.context(entry);
    const previous = entry.last;
    const position = enrichPosition(context, decoded, previous, now, {
      onComputeError: (attribute, error) => this.computeFailed(attribute, error, now),
    });
    const latest = isLatest(position, previous);
    if (latest) entry.last = position;
    const command = await new Promise<string | null>((resolve, reject) =>
      this.queue.push({ entry, position, previous, latest, wantsCommand, resolve, reject }),
    );
    return { kind: 'stored', command };
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

  /** A status change found by the sweep; written with the next batch. */
  setStatus(entry: DeviceEntry, status: DeviceStatus): void {
    this.statusChanges.set(entry, status);
    this.queue.poke();
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
        state: serializeDeviceState(entry.state),
      })),
    );
    for (const entry of unsaved) entry.stateUnsaved = false;
  }

  private async write(batch: Pending[]): Promise<void> {
    const now = this.now();
    const statusChanges = new Map(this.statusChanges);
    this.statusChanges.clear();
    // Current Traccar records a status event on every change; `event.status.enable: false` (a
    // server attribute) still turns them off for an installation that wants none.
    const statusEvents = lookupBoolean('event.status.enable', [this.cache.serverAttributes], true);

    const touched = new Map<DeviceEntry, Touched>();
    const nextState = new Map<DeviceEntry, DeviceState>();
    const saved = new Set<DeviceEntry>();
    const replies = new Map<Pending, string>();
    const events: NewEvent[] = [];

    const touch = (entry: DeviceEntry): Touched => {
      let t = touched.get(entry);
      if (!t) {
        const { status, lastUpdate, positionId } = entry.device;
        touched.set(entry, (t = { status, lastUpdate, positionId }));
      }
      return t;
    };
    const changeStatus = (entry: DeviceEntry, t: Touched, status: DeviceStatus, time: number) => {
      const event = statusChangeEvent(entry.device.id, t.status, status, time);
      if (event && statusEvents) events.push(event);
      t.status = status;
    };

    try {
      await this.db.kysely.transaction().execute(async (trx) => {
        const ids = await insertPositions(
          trx,
          this.db.dialect,
          batch.map((b) => b.position),
        );
        batch.forEach((b, i) => (b.position.id = ids[i]));

        const asking = [...new Set(batch.filter((b) => b.wantsCommand).map((b) => b.entry))];
        const queued = await queuedCommandsFor(
          trx,
          asking.map((e) => e.device.id),
        );
        const delivered: number[] = [];

        for (const b of batch) {
          const context = this.cache.context(b.entry);
          const state = nextState.get(b.entry) ?? b.entry.state;
          const result = positionEvents(context, state, b.previous, b.position, {
            geofenceActive: (id, time) => this.cache.geofenceActive(id, time),
          });
          nextState.set(b.entry, result.state);
          events.push(...result.events);

          const t = touch(b.entry);
          changeStatus(b.entry, t, 'online', b.position.serverTime);
          t.lastUpdate = Math.max(t.lastUpdate ?? 0, b.position.serverTime);
          if (b.latest) t.positionId = b.position.id;

          if (b.wantsCommand) {
            const index = queued.findIndex((q) => q.deviceId === b.entry.device.id);
            if (index >= 0) {
              const [command] = queued.splice(index, 1);
              delivered.push(command.id);
              replies.set(b, commandText(command));
              events.push(
                makeEvent('queuedCommandSent', b.position, {
                  attributes: { type: command.type },
                }),
              );
            }
          }
        }

        for (const [entry, status] of statusChanges) {
          if (touched.has(entry)) continue; // it just reported: online wins
          changeStatus(entry, touch(entry), status, now);
        }

        const eventIds = await insertEvents(trx, events);
        events.forEach((e, i) => ((e as EventRecord).id = eventIds[i]));

        const updates: DeviceUpdate[] = [];
        for (const [entry, t] of touched) {
          const state = nextState.get(entry);
          const save =
            state !== undefined &&
            (now - entry.stateSavedAt >= this.stateSaveMs || shapeChanged(entry.state, state));
          if (save) saved.add(entry);
          updates.push({
            id: entry.device.id,
            status: t.status,
            lastUpdate: t.lastUpdate,
            positionId: t.positionId || null,
            state: save ? serializeDeviceState(state) : null,
          });
        }
        await updateDevices(trx, this.db.dialect, updates);
        await deleteQueuedCommands(trx, delivered);
      });
    } catch (error) {
      this.log.error({ err: error, positions: batch.length }, 'storing positions failed');
      for (const b of batch) {
        if (b.entry.last === b.position) b.entry.last = b.previous;
        b.reject(error);
      }
      for (const [entry, status] of statusChanges) {
        if (!this.statusChanges.has(entry)) this.statusChanges.set(entry, status);
      }
      throw error;
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
      for (const b of batch) this.messages.stored(b.entry.device.id, b.position.protocol);
    }
    this.batches.publish({
      positions: batch.filter((b) => b.latest).map((b) => b.position),
      devices,
      events: events as EventRecord[],
    });
    for (const b of batch) b.resolve(replies.get(b) ?? null);
  }
}
