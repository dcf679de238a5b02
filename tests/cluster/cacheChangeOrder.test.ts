/**
 * Saving a geofence sends two changes at once: the geofence, then its link to the user who saved
 * it. The tracking cache applies them in that order even when a read for the first is slow, so an
 * "all my devices" geofence covers its owner's devices as soon as both are applied, rather than
 * having a later, stale re-read of the rules put back the coverage from before it existed. It runs
 * on PostgreSQL, whose pool lets two reads overlap as they do in production (SQLite and PGlite
 * have one connection, which queues them).
 */
import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connect } from '../../server/db/connect';
import type { Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { TrackingCache } from '../../server/ingest/cache';
import { createPostgresDatabase, type TempPostgres } from '../support/postgres';
import { seedFleet, type Fleet } from '../support/trackingSeed';

/** Holds back the result of the next query that reads geofence owners, once armed. */
class SlowOwnerRead implements KyselyPlugin {
  private armed = false;
  private pending = new WeakSet<object>();

  arm(): void {
    this.armed = true;
  }

  transformQuery: KyselyPlugin['transformQuery'] = (args) => {
    if (this.armed && JSON.stringify(args.node).includes('user_geofence')) {
      this.armed = false;
      this.pending.add(args.queryId);
    }
    return args.node;
  };

  transformResult: KyselyPlugin['transformResult'] = async (args) => {
    if (this.pending.has(args.queryId)) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return args.result;
  };
}

describe('changes in the tracking cache', () => {
  let database: TempPostgres;
  const slow = new SlowOwnerRead();
  let db: Db;
  let fleet: Fleet;
  let cache: TrackingCache;

  const allDevicesGeofence = async (name: string) => {
    const { id } = await db.kysely
      .insertInto('geofences')
      .values({
        name,
        area: 'CIRCLE (-23.55 -46.63, 300)',
        attributes: JSON.stringify({ allDevices: true }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into user_geofence (user_id, geofence_id)
      values (${fleet.aliceId}, ${id})`.execute(db.kysely);
    return id;
  };

  beforeAll(async () => {
    database = await createPostgresDatabase(inject('clusterPostgresUrl'));
    const base = await connect({ kind: 'postgres', url: database.url });
    await migrateToLatest(base);
    fleet = await seedFleet(base);
    db = { ...base, kysely: base.kysely.withPlugin(slow) };
    // One rule exists already, so every link change re-reads the rules.
    await allDevicesGeofence('Earlier rule');
    cache = new TrackingCache(db);
    await cache.load();
  }, 60_000);

  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it('applies a new geofence and its owner link in the order they were sent', async () => {
    const zone = await allDevicesGeofence('Zone');
    expect(cache.geofenceIdsOf(fleet.van.id, 0).has(zone)).toBe(false);

    // The geofence's own re-read of its owners is the slow one.
    slow.arm();
    const applied = [
      cache.apply({ kind: 'geofence', id: zone, action: 'create' }),
      cache.apply({
        kind: 'permission',
        owner: 'user',
        property: 'geofence',
        ownerId: fleet.aliceId,
        propertyId: zone,
        action: 'link',
      }),
    ];
    await cache.settled();
    await Promise.all(applied);

    expect(cache.geofenceIdsOf(fleet.van.id, 0).has(zone)).toBe(true);
    // Bob's truck is not Alice's: her rule does not reach it.
    expect(cache.geofenceIdsOf(fleet.truck.id, fleet.groupId).has(zone)).toBe(false);
  });
});
