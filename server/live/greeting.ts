import type { Position } from '../../model';
import type { Db } from '../db/database';
import type { BatchSubscriber, CommittedBatch } from '../ingest/batchFeed';
import type { DeviceEntry, TrackingCache } from '../ingest/cache';
import type { PositionRecord } from '../processing/types';
import { livePositionBytes, positionJson, type PositionTexts } from '../serialize';
import { seenDeviceIds, shownEntries, type Viewer } from './seenDevices';

/**
 * What wraps the latest positions in the socket's opening messages (Traccar's shape); every part
 * but the last says more follow (docs/traccar-api.md, "WebSocket /api/socket").
 */
const LAST_PART = { before: Buffer.from('{"positions":'), after: Buffer.from('}') };
const MORE_PARTS = { before: LAST_PART.before, after: Buffer.from(',"more":true}') };

/**
 * Positions per opening message: a browser receives and parses each message in one task, and a
 * fleet's worth in one message (megabytes at tens of thousands of vehicles) froze the page while
 * the map opened. A part of 2,000 positions with a tracker's usual attributes (about a megabyte)
 * took Chromium 50–65 ms on a 2-core machine, over the 50 ms of a long task; half that stays well
 * under it, and a 100,000-vehicle fleet is still only a hundred messages.
 */
export const GREETING_PART = 1_000;

/** The fleet's latest positions are prepared this many at a time after startup. */
const WARM_UP_SLICE = 2_000;

/**
 * Where the greeting keeps the text of each device's latest position, built once
 * (`positions/latestJson.ts` in the app, the store `GET /api/positions` lists from too).
 */
export interface LatestTexts {
  /** Keeps `text()` as the device's latest position `id`, in place of its previous one. */
  prepareText(deviceId: number, id: number, text: () => string | Buffer): void;
  /** The JSON array of the items' positions between `around`'s bytes, built from `json` where no text is kept. */
  listOf<T>(
    items: readonly T[],
    idOf: (item: T) => number,
    json: (item: T) => unknown,
    around: { before: Buffer; after: Buffer },
  ): Buffer;
}

/**
 * The socket's opening message, `{"positions":[…]}`: the latest position of every device the user
 * sees. Each position's text is built once and reused by every later greeting, which at tens of
 * thousands of devices saves the serialisation and its garbage on every sign-in. A subscriber of
 * committed batches: the text of each position that became its device's latest is prepared
 * after the devices' replies (subscribers must return at once), in commit order.
 */
export class Greeting implements BatchSubscriber {
  constructor(
    private readonly db: Db,
    private readonly cache: TrackingCache,
    private readonly texts: LatestTexts,
  ) {}

  committed({ positions }: CommittedBatch): void {
    this.prepareSoon(positions);
  }

  /** Prepares, once the current turn is over, the positions that became their device's latest. */
  prepareSoon(positions: readonly (PositionRecord | PositionTexts)[]): void {
    if (positions.length > 0) setImmediate(() => this.prepare(positions));
  }

  /** The fleet as loaded, a slice at a time so startup traffic is not held up. */
  async warmUp(): Promise<void> {
    const all = [...this.cache.devices.values()].flatMap((entry) =>
      entry.latest ? [entry.latest] : [],
    );
    for (let start = 0; start < all.length; start += WARM_UP_SLICE) {
      await new Promise((resolve) => setImmediate(resolve));
      this.prepare(all.slice(start, start + WARM_UP_SLICE));
    }
  }

  /** The latest position of every device the user sees. */
  async latestPositions(user: Viewer): Promise<Position[]> {
    return (await this.withLatest(user)).flatMap(({ entry }) =>
      entry.last ? [positionJson(entry.last)] : [],
    );
  }

  /**
   * The opening messages themselves, with the same positions as `latestPositions` split into
   * parts of `GREETING_PART`; a user who sees no position still gets one, empty.
   */
  async messages(user: Viewer): Promise<Buffer[]> {
    const all = await this.withLatest(user);
    const parts: Buffer[] = [];
    for (let start = 0; start === 0 || start < all.length; start += GREETING_PART) {
      const end = start + GREETING_PART;
      // Texts the live side prepared (relayed ones included) are used as they are: a record is
      // read only for a position that has none.
      parts.push(
        this.texts.listOf(
          all.slice(start, end),
          ({ id }) => id,
          ({ entry }) => (entry.last ? positionJson(entry.last) : null),
          end < all.length ? MORE_PARTS : LAST_PART,
        ),
      );
    }
    return parts;
  }

  /** The entries of every device `user` sees that have a latest fix, with that fix's id. */
  private async withLatest(user: Viewer): Promise<{ id: number; entry: DeviceEntry }[]> {
    const shown = shownEntries(this.cache, await seenDeviceIds(this.db, this.cache, user));
    return shown.flatMap((entry) => {
      const id = entry.latest?.id ?? 0;
      return id > 0 ? [{ id, entry }] : [];
    });
  }

  private prepare(positions: readonly (PositionRecord | PositionTexts)[]): void {
    for (const position of positions) {
      if (this.cache.devices.get(position.deviceId)?.latest?.id === position.id) {
        this.texts.prepareText(position.deviceId, position.id, () => livePositionBytes(position));
      }
    }
  }
}
