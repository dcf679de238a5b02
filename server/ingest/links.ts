import { sql } from 'kysely';
import type { Db } from '../db/database';
import { LINKS, linkNames, type Link } from '../db/links';

/** The permission links the pipeline and the notification matcher read, held in memory. */
const TRACKED_LINKS = [
  { owner: 'device', property: 'geofence' },
  { owner: 'group', property: 'geofence' },
  { owner: 'device', property: 'attribute' },
  { owner: 'group', property: 'attribute' },
  { owner: 'device', property: 'notification' },
  { owner: 'group', property: 'notification' },
  { owner: 'user', property: 'notification' },
] as const satisfies readonly Link[];

export type TrackedLink = (typeof TRACKED_LINKS)[number];
type Key = `${TrackedLink['owner']}:${TrackedLink['property']}`;

const keyOf = (owner: string, property: string) => `${owner}:${property}` as Key;
const EMPTY: ReadonlySet<number> = new Set();

class Pairs {
  readonly forward = new Map<number, Set<number>>();
  readonly backward = new Map<number, Set<number>>();

  add(owner: number, property: number): void {
    Pairs.put(this.forward, owner, property);
    Pairs.put(this.backward, property, owner);
  }

  delete(owner: number, property: number): void {
    Pairs.remove(this.forward, owner, property);
    Pairs.remove(this.backward, property, owner);
  }

  clear(): void {
    this.forward.clear();
    this.backward.clear();
  }

  private static put(map: Map<number, Set<number>>, from: number, to: number): void {
    let set = map.get(from);
    if (!set) map.set(from, (set = new Set()));
    set.add(to);
  }

  private static remove(map: Map<number, Set<number>>, from: number, to: number): void {
    const set = map.get(from);
    set?.delete(to);
    if (set?.size === 0) map.delete(from);
  }
}

/** Both directions of each tracked link table, updated from the change feed. */
export class LinkIndex {
  private readonly pairs = new Map<Key, Pairs>(
    TRACKED_LINKS.map((link) => [keyOf(link.owner, link.property), new Pairs()]),
  );

  /** Property ids linked to an owner, e.g. `of('device', 'geofence', 7)`. */
  of<L extends TrackedLink>(owner: L['owner'], property: L['property'], ownerId: number) {
    return this.pairs.get(keyOf(owner, property))?.forward.get(ownerId) ?? EMPTY;
  }

  /** Owner ids linked to a property, e.g. the users of notification 3. */
  owners<L extends TrackedLink>(owner: L['owner'], property: L['property'], propertyId: number) {
    return this.pairs.get(keyOf(owner, property))?.backward.get(propertyId) ?? EMPTY;
  }

  tracks(owner: string, property: string): boolean {
    return this.pairs.has(keyOf(owner, property));
  }

  apply(owner: string, property: string, ownerId: number, propertyId: number, linked: boolean) {
    const pairs = this.pairs.get(keyOf(owner, property));
    if (!pairs) return;
    if (linked) pairs.add(ownerId, propertyId);
    else pairs.delete(ownerId, propertyId);
  }

  /** Drops every link of a deleted object (the database cascades; the cache must follow). */
  forget(kind: string, id: number): void {
    for (const link of TRACKED_LINKS) {
      const pairs = this.pairs.get(keyOf(link.owner, link.property))!;
      if (link.owner === kind) {
        for (const property of [...(pairs.forward.get(id) ?? [])]) pairs.delete(id, property);
      }
      if (link.property === kind) {
        for (const owner of [...(pairs.backward.get(id) ?? [])]) pairs.delete(owner, id);
      }
    }
  }

  async load(db: Db): Promise<void> {
    for (const link of TRACKED_LINKS) {
      const names = linkNames(
        LINKS.find((l) => l.owner === link.owner && l.property === link.property)!,
      );
      const { rows } = await sql<{ owner: number; property: number }>`
        select ${sql.ref(names.ownerColumn)} as owner, ${sql.ref(names.propertyColumn)} as property
        from ${sql.table(names.table)}`.execute(db.kysely);
      const pairs = this.pairs.get(keyOf(link.owner, link.property))!;
      pairs.clear();
      for (const row of rows) pairs.add(Number(row.owner), Number(row.property));
    }
  }
}
