import type { Selectable } from 'kysely';
import type { PositionsTable } from '../db/schema';
import { positionFromRow, positionJson } from '../serialize';

/** A row of `positions` as read by the caller; the store never reads the database itself. */
export type PositionRow = Selectable<PositionsTable>;

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');
const EMPTY = Buffer.from('[]');

/**
 * Text around the array in the same buffer, such as the socket's `{"positions":` … `}`: a
 * message of tens of megabytes is then copied once, not once for the list and again for it.
 */
export interface Around {
  before: Buffer;
  after: Buffer;
}

const PLAIN: Around = { before: Buffer.alloc(0), after: Buffer.alloc(0) };

/**
 * The JSON text of latest positions, kept by position id. A stored position never changes (a
 * newer fix is a new row), so its text is built once and reused by every later list: the list of
 * every device's latest position, the page every operator opens, then costs one query for the ids
 * and a copy of bytes, instead of a row object, a response object and a serialisation per device
 * and per request, which at tens of thousands of devices is mostly garbage collection.
 *
 * The least recently listed entries go once the store holds well over the largest list asked
 * for, so positions that are no longer anybody's latest do not stay.
 */
export class LatestPositionsJson {
  private readonly texts = new Map<number, Buffer>();
  /** Per device, the position `prepare` last wrote the text of. */
  private readonly prepared = new Map<number, number>();
  private largestList = 0;

  constructor(private readonly minimumCapacity = 1_000) {}

  get size(): number {
    return this.texts.size;
  }

  /**
   * The JSON array of the positions `ids`, in that order. `load` reads the rows this store has
   * not seen yet (in one call per request, with the ids it misses).
   */
  async list(
    ids: readonly number[],
    load: (missing: number[]) => Promise<PositionRow[]>,
  ): Promise<Buffer> {
    if (ids.length === 0) return EMPTY;
    const missing = ids.filter((id) => !this.texts.has(id));
    if (missing.length > 0) {
      for (const row of await load(missing)) {
        this.texts.set(row.id, Buffer.from(JSON.stringify(positionJson(positionFromRow(row)))));
      }
    }
    return this.join(ids);
  }

  /**
   * The JSON array of positions already in memory (the live state's latest fixes), in that
   * order; `json` gives the response object of one not listed before.
   */
  listOf<T>(
    items: readonly T[],
    idOf: (item: T) => number,
    json: (item: T) => unknown,
    around: Around = PLAIN,
  ): Buffer {
    if (items.length === 0) return Buffer.concat([around.before, EMPTY, around.after]);
    const ids = items.map(idOf);
    items.forEach((item, i) => {
      if (!this.texts.has(ids[i])) this.texts.set(ids[i], Buffer.from(JSON.stringify(json(item))));
    });
    return this.join(ids, around);
  }

  /**
   * Writes the text of a device's new latest position before anybody lists it, and drops the
   * text of the one it replaces. Fed with every stored fix, the store is warm when an operator
   * signs in to a fleet whose positions nobody listed yet (the first sign-in of the day, the
   * first after a restart): the list is then a copy of bytes, not a serialisation of the fleet.
   */
  prepare(deviceId: number, id: number, json: () => unknown): void {
    this.prepareText(deviceId, id, () => JSON.stringify(json()));
  }

  /**
   * `prepare` with the position's JSON text already built (the live fan-out's), or its UTF-8
   * bytes as another instance relayed them, kept as they are.
   */
  prepareText(deviceId: number, id: number, text: () => string | Buffer): void {
    const previous = this.prepared.get(deviceId);
    if (previous === id) return;
    if (previous !== undefined) this.texts.delete(previous);
    this.prepared.set(deviceId, id);
    if (this.texts.has(id)) return;
    const built = text();
    this.texts.set(id, typeof built === 'string' ? Buffer.from(built) : built);
  }

  private join(ids: readonly number[], around: Around = PLAIN): Buffer {
    const parts: Buffer[] = [around.before, OPEN];
    const first = parts.length;
    for (const id of ids) {
      const text = this.texts.get(id);
      // Deleted between the two reads: it is no longer a latest position, so it is left out.
      if (!text) continue;
      // Listed again: move it to the end, the most recently used.
      this.texts.delete(id);
      this.texts.set(id, text);
      if (parts.length > first) parts.push(COMMA);
      parts.push(text);
    }
    parts.push(CLOSE, around.after);
    this.largestList = Math.max(this.largestList, ids.length);
    this.evict();
    return Buffer.concat(parts);
  }

  private evict(): void {
    const capacity = Math.max(this.minimumCapacity, Math.ceil(this.largestList * 1.5));
    if (this.texts.size <= capacity) return;
    for (const id of this.texts.keys()) {
      if (this.texts.size <= this.largestList) break;
      this.texts.delete(id);
    }
  }
}
