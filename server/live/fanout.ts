import type { BatchSubscriber, CommittedBatch } from '../ingest/batchFeed';
import type { DeviceRecord, PositionRecord } from '../processing/types';
import { deviceJson, livePositionBytes, type PositionTexts } from '../serialize';
import type { AudienceCache } from './audience';
import type { SocketHub } from './hub';
import { ITEMS_CHARS, packBySize } from './messageSize';

/**
 * The live fan-out, a subscriber of committed batches: each user who sees a device gets one
 * message per batch, `{devices:[…], positions:[…]}` with only the keys that have items, or, for a
 * batch too big for one (`MESSAGE_CHARS`), several in a row, devices first. Device
 * pushes are throttled to one per device per `throttleMs` (a status change always goes at once;
 * the latest throttled state follows when the window ends). A device edited through the API goes
 * at once as well (`edited`). Events are not sent here: they reach the socket only as
 * notifications with the `web` notificator.
 */

/** Edits announced within this long of each other (an import, say) go in one message per user. */
const EDIT_GATHER_MS = 20;

export interface FanoutLog {
  error(object: unknown, message?: string): void;
}

/**
 * Observes, for each batch delivered to at least one socket, the seconds from its hand-over to
 * the fan-out to its messages' writing: the wait behind earlier batches, the audience read and
 * the writes (docs/scaling.md, "Metrics and configuration").
 */
export type DeliveryObserver = (seconds: number) => void;

/**
 * What the fan-out sends of a batch: the positions committed here, or as another instance
 * relayed them (their Traccar JSON built there), and the devices.
 */
export interface LiveBatch {
  positions: readonly (PositionRecord | PositionTexts)[];
  devices: CommittedBatch['devices'];
}

/** A device as its tracking cache entry holds it: the record and the latest position. */
export interface RevealedDevice {
  readonly device: DeviceRecord;
  readonly latest: PositionRecord | PositionTexts | null;
}

/**
 * A user's share of a batch. A position relayed from another instance stays the UTF-8 bytes that
 * came: every instance feeds its sockets every fix of the cluster, so decoding each into a
 * string, joining it and encoding it again for the socket would cost each instance more for
 * each further instance (docs/scaling.md, "Live updates").
 */
interface Outbox {
  positions: (string | Buffer)[];
  devices: string[];
}

export class LiveFanout implements BatchSubscriber {
  private chain: Promise<void> = Promise.resolve();
  private readonly lastPush = new Map<number, number>();
  private readonly held = new Map<number, DeviceRecord>();
  private timer: NodeJS.Timeout | null = null;
  /** What holds each edited device's current record (its tracking cache entry). */
  private readonly edits = new Map<number, { readonly device: DeviceRecord }>();
  private editTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly hub: SocketHub,
    private readonly audience: Pick<AudienceCache, 'getMany'>,
    private readonly log: FanoutLog,
    private readonly throttleMs = 1000,
    private readonly now: () => number = Date.now,
    private readonly observeDelivery: DeliveryObserver | null = null,
  ) {}

  committed(batch: LiveBatch): void {
    const now = this.now();
    const devices: DeviceRecord[] = [];
    for (const { device, statusChanged } of batch.devices) {
      if (statusChanged || now - (this.lastPush.get(device.id) ?? 0) >= this.throttleMs) {
        devices.push(device);
        this.lastPush.set(device.id, now);
        this.held.delete(device.id);
      } else {
        this.held.set(device.id, device);
        this.timer ??= setTimeout(() => this.release(), this.throttleMs).unref();
      }
    }
    this.enqueue(batch.positions, devices);
  }

  /**
   * A device as an API edit left it (name, group, disabled, a lazy deletion, a new device), here
   * or on another instance: pushed to whoever sees it, without waiting for its next report, which
   * for a parked vehicle may be hours away. Traccar pushes no plain REST edit; its clients merge
   * a `devices` message by id, so the extra message only brings their list up to date. The
   * record is read from `holder` when it goes, so a report in between is not undone.
   */
  edited(holder: { readonly device: DeviceRecord }): void {
    this.edits.set(holder.device.id, holder);
    this.editTimer ??= setTimeout(() => this.releaseEdits(), EDIT_GATHER_MS).unref();
  }

  /**
   * Devices a user has just been given (a link to them or to their group), with their latest
   * positions, to that user's sockets alone: they appear on the map now rather than with their
   * next report. In order with every other message; each record is read from its holder when it
   * goes. Traccar's clients merge these like any `devices` and `positions` message.
   */
  revealed(userId: number, holders: readonly RevealedDevice[]): void {
    if (holders.length === 0) return;
    this.chain = this.chain
      .then(() => {
        if (!this.hub.hasUser(userId)) return;
        const box: Outbox = { devices: [], positions: [] };
        for (const { device, latest } of holders) {
          box.devices.push(JSON.stringify(deviceJson(device)));
          if (latest) box.positions.push(livePositionBytes(latest));
        }
        for (const text of messages(box)) this.hub.sendRawToUser(userId, text);
      })
      .catch((error: unknown) => this.log.error({ err: error }, 'live delivery failed'));
  }

  /**
   * Devices a user can no longer see (an unlink, a device moved out of their group, a deletion),
   * to that user's sockets: `{"removedDevices":[id, …]}`, so the map drops them rather than
   * keeping their last position until a reload. Traccar's messages have no removal; its clients
   * ignore the key and keep the device, which no longer updates. In order with every other
   * message.
   */
  concealed(userId: number, deviceIds: readonly number[]): void {
    if (deviceIds.length === 0) return;
    this.chain = this.chain
      .then(() => {
        if (this.hub.hasUser(userId)) {
          this.hub.sendRawToUser(userId, JSON.stringify({ removedDevices: deviceIds }));
        }
      })
      .catch((error: unknown) => this.log.error({ err: error }, 'live delivery failed'));
  }

  /** Settles once everything committed so far has been delivered (tests, shutdown). */
  async idle(): Promise<void> {
    await this.chain;
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.editTimer) clearTimeout(this.editTimer);
    this.timer = null;
    this.editTimer = null;
  }

  private releaseEdits(): void {
    this.editTimer = null;
    const now = this.now();
    const devices = [...this.edits.values()].map((holder) => holder.device);
    this.edits.clear();
    for (const device of devices) {
      this.lastPush.set(device.id, now);
      // The record going now is the newest: one held back by the throttle would undo the edit.
      this.held.delete(device.id);
    }
    this.enqueue([], devices);
  }

  private release(): void {
    this.timer = null;
    const now = this.now();
    const devices = [...this.held.values()];
    this.held.clear();
    for (const device of devices) this.lastPush.set(device.id, now);
    if (devices.length > 0) this.enqueue([], devices);
  }

  private enqueue(
    positions: readonly (PositionRecord | PositionTexts)[],
    devices: DeviceRecord[],
  ): void {
    if (positions.length === 0 && devices.length === 0) return;
    const handedOver = performance.now();
    // Chained so messages keep commit order even when an audience has to be read first.
    this.chain = this.chain
      .then(() => this.deliver(positions, devices, handedOver))
      .catch((error: unknown) => this.log.error({ err: error }, 'live delivery failed'));
  }

  private async deliver(
    positions: readonly (PositionRecord | PositionTexts)[],
    devices: DeviceRecord[],
    handedOver: number,
  ): Promise<void> {
    if (this.hub.size === 0) return;
    const ids = positions.map((p) => p.deviceId);
    for (const d of devices) ids.push(d.id);
    const audiences = await this.audience.getMany(ids);

    const outboxes = new Map<number, Outbox>();
    const add = (deviceId: number, key: keyof Outbox, text: string | Buffer) => {
      for (const userId of audiences.get(deviceId) ?? []) {
        if (!this.hub.hasUser(userId)) continue;
        let box = outboxes.get(userId);
        if (!box) outboxes.set(userId, (box = { positions: [], devices: [] }));
        if (key === 'positions') box.positions.push(text);
        else box.devices.push(text as string);
      }
    };
    for (const p of positions) add(p.deviceId, 'positions', livePositionBytes(p));
    for (const d of devices) add(d.id, 'devices', JSON.stringify(deviceJson(d)));
    for (const [userId, box] of outboxes) {
      for (const text of messages(box)) this.hub.sendRawToUser(userId, text);
    }
    if (outboxes.size > 0) this.observeDelivery?.((performance.now() - handedOver) / 1000);
  }
}

type Item = readonly ['devices', string] | readonly ['positions', string | Buffer];

/** A string's length in characters, or a buffer's in bytes (never fewer than its characters). */
const sizeOf = (text: string | Buffer) => text.length + 1;

/** The box's messages: one, or several in a row when one would be too big. */
function messages(box: Outbox): (string | Buffer)[] {
  let size = 0;
  for (const text of box.devices) size += sizeOf(text);
  for (const text of box.positions) size += sizeOf(text);
  // The usual case, checked without building the list below for every user of every batch.
  if (size <= ITEMS_CHARS) return [message(box)];
  const items: Item[] = [
    ...box.devices.map((text): Item => ['devices', text]),
    ...box.positions.map((text): Item => ['positions', text]),
  ];
  return packBySize(items, ([, text]) => sizeOf(text)).map((run) => {
    const part: Outbox = { devices: [], positions: [] };
    for (const item of run) {
      if (item[0] === 'devices') part.devices.push(item[1]);
      else part.positions.push(item[1]);
    }
    return message(part);
  });
}

const COMMA = Buffer.from(',');

/** The message's JSON: a string, or bytes when any position came as bytes (copied once). */
function message(box: Outbox): string | Buffer {
  if (!box.positions.some((text) => typeof text !== 'string')) {
    const parts: string[] = [];
    if (box.devices.length > 0) parts.push(`"devices":[${box.devices.join(',')}]`);
    if (box.positions.length > 0) parts.push(`"positions":[${box.positions.join(',')}]`);
    return `{${parts.join(',')}}`;
  }
  const chunks: Buffer[] = [
    Buffer.from(
      box.devices.length > 0
        ? `{"devices":[${box.devices.join(',')}],"positions":[`
        : '{"positions":[',
    ),
  ];
  box.positions.forEach((text, i) => {
    if (i > 0) chunks.push(COMMA);
    chunks.push(typeof text === 'string' ? Buffer.from(text) : text);
  });
  chunks.push(Buffer.from(']}'));
  return Buffer.concat(chunks);
}
