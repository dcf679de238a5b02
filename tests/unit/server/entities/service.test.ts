/**
 * The entity and permission modules against a real database, on SQLite and on PostgreSQL (a
 * temporary database on DATABASE_URL when set, else in-process PGlite).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../../model';
import type { Db } from '../../../../server/db/database';
import { getServerSettings } from '../../../../server/db/servers';
import { insertUser } from '../../../../server/db/users';
import { deleteDevice } from '../../../../server/devices/deviceDelete';
import { listDevices } from '../../../../server/devices/deviceList';
import type { Ctx } from '../../../../server/access/context';
import { devices } from '../../../../server/devices/deviceDef';
import { groups } from '../../../../server/entities/resources';
import { geofences } from '../../../../server/geofences/geofenceDef';
import {
  createEntity,
  deleteEntity,
  listEntities,
  updateEntity,
} from '../../../../server/entities/service';
import { InProcessChangeFeed, type Change } from '../../../../server/changes';
import { makeActor } from '../../../../server/access/actor';
import { changePermissions, parsePermissions } from '../../../../server/links/permissionLinks';
import { AudienceCache } from '../../../../server/live/audience';
import {
  usersWhoSeeDevice,
  usersWhoSeeDevices,
  visibleDeviceIds,
} from '../../../../server/permissions/visibility';
import { listPositions } from '../../../../server/positions/queries';
import { newUserFields } from '../../../../server/users/defaults';
import { addPosition } from '../../../support/entityApi';
import { closeTarget, openMigrated, postgresTarget, sqliteTarget } from '../../../support/dialects';

describe.each([sqliteTarget('frota-entities-'), postgresTarget()])(
  'entities on $name',
  (target) => {
    let db: Db;
    let admin: User;
    let alice: User;
    const changes: Change[] = [];
    const feed = new InProcessChangeFeed();
    feed.on((change) => changes.push(change));

    const ctx = async (user: User): Promise<Ctx> => ({
      db,
      actor: makeActor(user, await getServerSettings(db), true),
      changes: feed,
    });

    beforeAll(async () => {
      db = await openMigrated(target);
      const base = { ...newUserFields(), name: 'Someone' };
      admin = await insertUser(db, { ...base, email: 'admin@x', administrator: true }, 'x');
      alice = await insertUser(db, { ...base, email: 'alice@x', deviceLimit: 3 }, 'x');
    }, 60_000);

    afterAll(async () => {
      await closeTarget(target, db);
    });

    it('creates with an auto-link, announces changes after the commit, and lists by reach', async () => {
      const as = await ctx(alice);
      changes.length = 0;
      const device = await createEntity(as, devices, { name: 'A1', uniqueId: 'a1' });
      expect(changes).toEqual([
        { kind: 'device', id: device.id, action: 'create' },
        {
          kind: 'permission',
          owner: 'user',
          property: 'device',
          ownerId: alice.id,
          propertyId: device.id,
          action: 'link',
        },
      ]);
      await createEntity(await ctx(admin), devices, { name: 'B1', uniqueId: 'b1' });
      expect((await listDevices(as, {})).map((d) => d.name)).toEqual(['A1']);
      expect((await listDevices(await ctx(admin), {})).map((d) => d.name)).toEqual(['A1', 'B1']);
      expect(await visibleDeviceIds(db, alice.id, false)).toEqual([device.id]);
      expect((await usersWhoSeeDevice(db, device.id as number)).sort()).toEqual(
        [admin.id, alice.id].sort(),
      );

      changes.length = 0;
      const updated = await updateEntity(as, devices, device.id as number, { name: 'A1b' });
      expect(updated.name).toBe('A1b');
      expect(changes).toEqual([{ kind: 'device', id: device.id, action: 'update' }]);
    });

    it('reaches objects through groups two levels down, not three', async () => {
      const as = await ctx(admin);
      const top = await createEntity(as, groups, { name: 'Top' });
      const mid = await createEntity(as, groups, { name: 'Mid', groupId: top.id });
      const leaf = await createEntity(as, groups, { name: 'Leaf', groupId: mid.id });
      await expect(createEntity(as, groups, { name: 'Deep', groupId: leaf.id })).rejects.toThrow(
        'Groups nest at most 3 levels deep',
      );
      const fence = await createEntity(as, geofences, {
        name: 'Leaf fence',
        area: 'CIRCLE (1 1, 9)',
      });
      const device = await createEntity(as, devices, {
        name: 'Leaf dev',
        uniqueId: 'leaf',
        groupId: leaf.id,
      });
      await changePermissions(
        as,
        parsePermissions([{ groupId: leaf.id as number, geofenceId: fence.id as number }]),
        'link',
      );
      await changePermissions(
        as,
        parsePermissions([{ userId: alice.id, groupId: top.id as number }]),
        'link',
      );
      const mine = await ctx(alice);
      expect((await listEntities(mine, geofences, {})).map((g) => g.name)).toEqual(['Leaf fence']);
      expect((await listEntities(mine, groups, {})).map((g) => g.name)).toEqual([
        'Leaf',
        'Mid',
        'Top',
      ]);
      expect((await listDevices(mine, {})).map((d) => d.name)).toContain('Leaf dev');
      expect(await usersWhoSeeDevice(db, device.id as number)).toContain(alice.id);
      await expect(
        updateEntity(as, groups, top.id as number, { groupId: leaf.id }),
      ).rejects.toThrow('Group cannot be its own ancestor');
    });

    it('reads the audiences of many devices at once as of each device alone', async () => {
      const rows = await db.kysely
        .selectFrom('devices')
        .select(['id', 'name'])
        .orderBy('id')
        .execute();
      const ids = rows.map((d) => d.id);
      const linked = rows.find((d) => d.name === 'A1b')?.id ?? 0;
      // Direct links, a group two levels up, administrators only, and a device that is gone.
      const asked = [...ids, 999_999];
      const expected = new Map<number, number[]>();
      for (const id of asked) expected.set(id, (await usersWhoSeeDevice(db, id)).sort());
      expect(expected.get(linked)).toContain(alice.id);
      const sorted = (found: ReadonlyMap<number, readonly number[]>) =>
        new Map([...found].map(([id, users]) => [id, [...users].sort()]));
      expect(sorted(await usersWhoSeeDevices(db, asked))).toEqual(expected);

      const cache = new AudienceCache(db);
      expect(sorted(await cache.getMany(asked))).toEqual(expected);
      // Cached now: the same answer, even while the database would say otherwise.
      await db.kysely.deleteFrom('userDevice').where('deviceId', '=', linked).execute();
      expect(sorted(await cache.getMany(asked))).toEqual(expected);
      cache.clear();
      expect((await cache.getMany([linked])).get(linked)).not.toContain(alice.id);
      await db.kysely
        .insertInto('userDevice')
        .values({ userId: alice.id, deviceId: ids[0] })
        .execute();
    });

    it('answers an aged audience as held while it reads it again, a dropped one only once read', async () => {
      const { id: device } = await db.kysely
        .selectFrom('devices')
        .select('id')
        .where('name', '=', 'A1b')
        .executeTakeFirstOrThrow();
      const link = () =>
        db.kysely.insertInto('userDevice').values({ userId: alice.id, deviceId: device }).execute();
      const unlink = () =>
        db.kysely
          .deleteFrom('userDevice')
          .where('deviceId', '=', device)
          .where('userId', '=', alice.id)
          .execute();
      const linkedBefore = await db.kysely
        .selectFrom('userDevice')
        .selectAll()
        .where('deviceId', '=', device)
        .where('userId', '=', alice.id)
        .executeTakeFirst();
      await unlink();
      await link();
      let now = 0;
      const cache = new AudienceCache(db, 1_000, () => now);
      const users = async () => (await cache.getMany([device])).get(device) ?? [];
      try {
        expect(await users()).toContain(alice.id);
        await unlink();
        now = 5_000;
        // Aged: answered at once as held, and read again meanwhile.
        expect(await users()).toContain(alice.id);
        await expect.poll(users).not.toContain(alice.id);
        // Dropped by a change: read before it is answered.
        await link();
        cache.apply({ kind: 'device', action: 'update', id: device });
        expect(await users()).toContain(alice.id);
      } finally {
        await unlink();
        if (linkedBefore) await link();
      }
    });

    it('rolls back a bulk link when one item breaks the device limit', async () => {
      const as = await ctx(admin);
      const extra = [];
      for (const n of [1, 2, 3]) {
        extra.push(await createEntity(as, devices, { name: `Lim${n}`, uniqueId: `lim${n}` }));
      }
      const before = await visibleDeviceIds(db, alice.id, false);
      expect(before.length).toBeGreaterThanOrEqual(2);
      const items = parsePermissions(
        extra.map((d) => ({ userId: alice.id, deviceId: d.id as number })),
      );
      changes.length = 0;
      await expect(changePermissions(as, items, 'link')).rejects.toThrow(
        'User device limit reached',
      );
      expect(await visibleDeviceIds(db, alice.id, false)).toEqual(before);
      expect(changes).toEqual([]);
    });

    it('deletes lazily or for good, and serves positions', async () => {
      const as = await ctx(admin);
      const device = await createEntity(as, devices, { name: 'Gone', uniqueId: 'gone' });
      const id = device.id as number;
      const t = Date.parse('2025-05-01T00:00:00Z');
      const p1 = await addPosition(db, id, t, {}, false);
      const p2 = await addPosition(db, id, t + 1000);
      expect((await listPositions(as, {})).map((p) => p.id)).toContain(p2);
      expect(
        (
          await listPositions(as, {
            deviceId: id,
            from: new Date(t).toISOString(),
            to: new Date(t + 1000).toISOString(),
          })
        ).map((p) => p.id),
      ).toEqual([p1, p2]);

      const settings = await getServerSettings(db);
      const lazy: Ctx = {
        ...as,
        actor: makeActor(
          admin,
          { ...settings, attributes: { 'tarkan.enableLazyDeletion': true } },
          true,
        ),
      };
      await deleteDevice(lazy, id, 1234);
      const row = await db.kysely
        .selectFrom('devices')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.uniqueId).toBe('deleted-gone-1234');
      expect((await listDevices(as, {})).map((d) => d.id)).not.toContain(id);
      expect((await listPositions(as, {})).map((p) => p.id)).not.toContain(p2);

      await deleteDevice(as, id);
      expect(
        await db.kysely.selectFrom('positions').select('id').where('deviceId', '=', id).execute(),
      ).toEqual([]);
      const fence = await createEntity(as, geofences, { name: 'Tmp', area: 'CIRCLE (1 1, 9)' });
      changes.length = 0;
      await deleteEntity(as, geofences, fence.id as number);
      expect(changes).toEqual([{ kind: 'geofence', id: fence.id, action: 'delete' }]);
    });
  },
);
