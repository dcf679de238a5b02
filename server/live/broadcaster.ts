import type { Event } from '../../model';
import type { CommittedBatch, IngestSink } from '../ingest/ingest';
import type { NotificationDispatcher } from '../notifications/dispatcher';
import { deviceJson, positionJson } from '../serialize';
import type { DeviceRecord, PositionRecord } from '../processing/types';
import type { AudienceCache } from './audience';
import type { SocketHub } from './hub';

/**
 * Live delivery of committed batches: each user who sees a device gets ONE message per batch,
 * `{positions:[…], devices:[…], events:[…]}` with only the keys that have items. Device pushes
 * are throttled to one per device per `throttleMs` (a status change always goes at once; the
 * latest throttled state follows when the window ends). Events reach the socket only through
 * notifications with the `web` notificator.
 */

export interface BroadcastLog {
  error(object: unknown, message?: string): void;
}

interface Outbox {
  positions: string[];
  devices: string[];
  events: string[];
}

export class LiveBroadcaster implements IngestSink {
  private chain: Promise<void> = Promise.resolve();
  private readonly lastPush = new Map<number, number>();
  private readonly held = new Map<number, DeviceRecord>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly hub: SocketHub,
    private readonly audience: AudienceCache,
    private readonly dispatcher: NotificationDispatcher,
    private readonly log: BroadcastLog,
    private readonly throttleMs = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  committed(batch: CommittedBatch): void {
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
    this.enqueue(batch.positions, devices, batch.events);
  }

  /** Settles once everything committed so far has been delivered (tests, shutdown). */
  async idle(): Promise<void> {
    await this.chain;
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private release(): void {
    this.timer = null;
    const now = this.now();
    const devices = [...this.held.values()];
    this.held.clear();
    for (const device of devices) this.lastPush.set(device.id, now);
    if (devices.length > 0) this.enqueue([], devices, []);
  }

  private enqueue(
    positions: PositionRecord[],
    devices: DeviceRecord[],
    events: CommittedBatch['events'],
  ): void {
    if (positions.length === 0 && devices.length === 0 && events.length === 0) return;
    // Chained so messages keep commit order even when an audience has to be read first.
    this.chain = this.chain
      .then(() => this.deliver(positions, devices, events))
      .catch((error: unknown) => this.log.error({ err: error }, 'live delivery failed'));
  }

  private async deliver(
    positions: PositionRecord[],
    devices: DeviceRecord[],
    events: CommittedBatch['events'],
  ): Promise<void> {
    const live = this.hub.size > 0;
    const ids = events.map((e) => e.deviceId);
    if (live) {
      for (const p of positions) ids.push(p.deviceId);
      for (const d of devices) ids.push(d.id);
    }
    if (ids.length === 0) return;
    const audiences = await this.audience.getMany(ids);
    const web = this.dispatcher.dispatch(events, audiences);
    if (!live) return;

    const outboxes = new Map<number, Outbox>();
    const add = (deviceId: number, key: keyof Outbox, text: string) => {
      for (const userId of audiences.get(deviceId) ?? []) {
        if (!this.hub.hasUser(userId)) continue;
        let box = outboxes.get(userId);
        if (!box) outboxes.set(userId, (box = { positions: [], devices: [], events: [] }));
        box[key].push(text);
      }
    };
    for (const p of positions) add(p.deviceId, 'positions', JSON.stringify(positionJson(p)));
    for (const d of devices) add(d.id, 'devices', JSON.stringify(deviceJson(d)));
    for (const [userId, list] of web) {
      if (!this.hub.hasUser(userId)) continue;
      let box = outboxes.get(userId);
      if (!box) outboxes.set(userId, (box = { positions: [], devices: [], events: [] }));
      box.events.push(...list.map((e: Event) => JSON.stringify(e)));
    }
    for (const [userId, box] of outboxes) this.hub.sendRawToUser(userId, message(box));
  }
}

function message(box: Outbox): string {
  const parts: string[] = [];
  for (const key of ['devices', 'positions', 'events'] as const) {
    if (box[key].length > 0) parts.push(`"${key}":[${box[key].join(',')}]`);
  }
  return `{${parts.join(',')}}`;
}
