import type { BatchSubscriber, CommittedBatch } from '../ingest/batchFeed';
import type { RelayedDevice } from '../ingest/cache';
import type { HubCommand, HubRelay } from '../live/hub';
import type { DeviceStatus } from '../../model';
import type { DeviceRecord, PositionRecord } from '../processing/types';
import type { MessageLog, ReceivedMessage } from '../protocol/shared/messageLog';
import { positionText, type PositionTexts } from '../serialize';
import { packBySize } from '../live/messageSize';
import type { Bus } from './bus';

/**
 * What crosses instances for the live side (docs/scaling.md), each over the bus:
 *
 * - committed batches: the instance that committed one publishes its positions and devices once;
 *   every other instance keeps its tracking cache current from it and fans it out to its own
 *   sockets. Events stay where they were committed: notifications and the QR driver rules run
 *   there, once, and a web notification reaches the other instances as a hub message;
 * - hub commands: a message for a user's sockets, or the end of a user's, session's or token's
 *   sockets, wherever they are open;
 * - live protocol logs: a device message read on one instance reaches the `{logs:true}` sockets
 *   of every instance; instances announce that they have such sockets, so nobody publishes
 *   records nobody reads.
 */

/** A batch committed on another instance: what the live side needs of it. */
export interface RemoteBatch {
  positions: PositionTexts[];
  devices: RelayedDevice[];
  /** When the committing instance published it (its clock, ms since the epoch). */
  publishedAt: number | null;
}

/** A device's latest position was deleted through the API on another instance. */
export interface RemoteLatestDeleted {
  deviceId: number;
  previousId: number;
  latest: PositionRecord | null;
}

/**
 * A relayed batch's first line: each position's key (`[id, deviceId, fixTime]`), each device's
 * `[id, status, lastUpdate]` and its record when its status changed. One line per position
 * follows, its Traccar JSON (text JSON.stringify wrote holds no raw line break), from which the
 * record is read when something asks for it.
 */
interface BatchHead {
  t: 'batch';
  /** Publication time on the committing instance's clock (ms), for the relay's latency metric. */
  at?: number;
  p: [number, number, number][];
  d: (
    [number, DeviceStatus, number | null] | [number, DeviceStatus, number | null, DeviceRecord]
  )[];
}

type BatchMessage = BatchHead | ({ t: 'deleted' } & RemoteLatestDeleted);

export interface RemoteBatchHandler {
  batch(batch: RemoteBatch): void;
  latestDeleted(deleted: RemoteLatestDeleted): void;
}

/** A position's key and texts, or a device's entry in the head, as a relayed batch carries them. */
type RelayItem = { key: string; wire: string } | { device: string };

/**
 * The channel's name carries the format's version: instances of an earlier one, in an
 * installation upgraded one instance at a time, ignore these batches instead of misreading them.
 */
const BATCHES = 'batches.3';
const HUB = 'hub';
const LOGS = 'logs';
const NEWLINE = 0x0a;

/**
 * Where each line after the one ending at `end` starts and ends, in bytes. JSON escapes a line
 * break inside a string, and no byte of a multi-byte UTF-8 character is a line break, so every
 * line break in a batch message separates two texts.
 */
function linesAfter(payload: Buffer, end: number): [number, number][] {
  const lines: [number, number][] = [];
  for (let at = end; at >= 0;) {
    const next = payload.indexOf(NEWLINE, at + 1);
    lines.push([at + 1, next < 0 ? payload.length : next]);
    at = next;
  }
  return lines;
}

/**
 * One position's text, copied out of the message into bytes of its own: a device that stops
 * reporting keeps its latest fix for good, and a slice would keep the whole message.
 */
function ownText(payload: Buffer, [start, end]: [number, number]): Buffer {
  const own = Buffer.allocUnsafeSlow(end - start);
  payload.copy(own, 0, start, end);
  return own;
}

/**
 * Publishes each batch committed here (a subscriber of the local batch feed) and hands the other
 * instances' batches to `handler`. Serialised once per batch; the subscriber returns at once.
 */
export class BatchRelay implements BatchSubscriber {
  constructor(
    private readonly bus: Bus,
    handler: RemoteBatchHandler,
  ) {
    bus.subscribeBytes(BATCHES, (payload) => {
      const end = payload.indexOf(NEWLINE);
      const message = JSON.parse(
        payload.toString('utf8', 0, end < 0 ? payload.length : end),
      ) as BatchMessage;
      if (message.t === 'deleted') {
        handler.latestDeleted(message);
        return;
      }
      // Only the head is parsed. The receiver keeps each position's Traccar JSON as the bytes
      // that came, decoded when a socket is sent the position and read into a record only if
      // something asks for it (docs/scaling.md). Positions whose lines do not match the head (a
      // damaged message) are left out rather than misread.
      const lines = linesAfter(payload, end);
      const positions =
        lines.length === message.p.length
          ? message.p.map(([id, deviceId, fixTime], i): PositionTexts => ({
              id,
              deviceId,
              fixTime,
              wire: ownText(payload, lines[i]),
            }))
          : [];
      const devices = message.d.map(([id, status, lastUpdate, device]): RelayedDevice => ({
        id,
        status,
        lastUpdate,
        device: device ?? null,
      }));
      handler.batch({ positions, devices, publishedAt: message.at ?? null });
    });
  }

  committed(batch: CommittedBatch): void {
    // Batches of events alone (scheduled notifications) have nothing for the other instances.
    if (batch.positions.length === 0 && batch.devices.length === 0) return;
    // Each position's text is built once in the cluster: its Traccar JSON, written to its device
    // row already and used by this instance's sockets and greeting, goes along, so the other
    // instances serialise nothing for theirs.
    // A big batch goes as several messages in a row, each under `MESSAGE_CHARS`: positions
    // first, then devices, as the receiver applies one batch.
    const items: RelayItem[] = [
      ...batch.positions.map((position): RelayItem => ({
        key: `[${position.id},${position.deviceId},${position.fixTime}]`,
        wire: positionText(position),
      })),
      ...batch.devices.map(({ device, statusChanged }): RelayItem => ({
        device: JSON.stringify(
          statusChanged
            ? [device.id, device.status, device.lastUpdate, device]
            : [device.id, device.status, device.lastUpdate],
        ),
      })),
    ];
    const size = (item: RelayItem) =>
      'device' in item ? item.device.length + 1 : item.key.length + item.wire.length + 2;
    const at = Date.now();
    for (const run of packBySize(items, size)) {
      const keys: string[] = [];
      const lines: string[] = [];
      const devices: string[] = [];
      for (const item of run) {
        if ('device' in item) {
          devices.push(item.device);
        } else {
          keys.push(item.key);
          lines.push(`\n${item.wire}`);
        }
      }
      const head = `{"t":"batch","at":${at},"p":[${keys.join(',')}],"d":[${devices.join(',')}]}`;
      this.bus.publish(BATCHES, head + lines.join(''));
    }
  }

  latestDeleted(deleted: RemoteLatestDeleted): void {
    const message: BatchMessage = { t: 'deleted', ...deleted };
    this.bus.publish(BATCHES, JSON.stringify(message));
  }
}

/** Carries hub commands between instances: what one hub is asked, every hub does. */
export class HubBridge implements HubRelay {
  constructor(
    private readonly bus: Bus,
    hub: { apply(command: HubCommand): void },
  ) {
    bus.subscribe(HUB, (payload) => hub.apply(JSON.parse(payload) as HubCommand));
  }

  publish(command: HubCommand): void {
    this.bus.publish(HUB, JSON.stringify(command));
  }
}

type LogsMessage = { t: 'wanted' } | { t: 'record'; message: ReceivedMessage };

/** How long an instance's announcement that its sockets want logs holds (ms). */
const WANTED_MS = 6000;
/** How often an instance with such sockets announces it again (ms). */
const ANNOUNCE_MS = 2000;

/**
 * The message log the protocol listeners report to in cluster mode: records go to this
 * instance's `{logs:true}` sockets, and to the other instances while any of them has such a
 * socket; records from other instances go to this instance's.
 */
export class SharedMessageLog implements MessageLog {
  private wantedUntil = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly bus: Bus,
    private readonly local: MessageLog,
    private readonly now: () => number = Date.now,
  ) {
    bus.subscribe(LOGS, (payload) => {
      const message = JSON.parse(payload) as LogsMessage;
      if (message.t === 'wanted') this.wantedUntil = this.now() + WANTED_MS;
      else if (this.local.active) this.local.record(message.message);
    });
    this.timer = setInterval(() => {
      if (this.local.active) this.announce();
    }, ANNOUNCE_MS).unref();
  }

  get active(): boolean {
    return this.local.active || this.now() < this.wantedUntil;
  }

  record(message: ReceivedMessage): void {
    if (this.local.active) this.local.record(message);
    if (this.now() < this.wantedUntil) {
      this.bus.publish(LOGS, JSON.stringify({ t: 'record', message } satisfies LogsMessage));
    }
  }

  /** A socket here asked for logs: the other instances start sending theirs at once. */
  announce(): void {
    this.bus.publish(LOGS, JSON.stringify({ t: 'wanted' } satisfies LogsMessage));
  }

  close(): void {
    clearInterval(this.timer);
  }
}
