/**
 * A small fleet written straight into a migrated database (before the server starts, so its
 * caches load it): an admin, two users, devices, a group, a geofence, notifications and queued
 * commands. Used by the tracking tests in-process and against the real server.
 */
import { sql } from 'kysely';
import { hashPassword } from '../../server/auth/password';
import { flag, type Db } from '../../server/db/database';
import { insertUser } from '../../server/db/users';
import { newUserFields } from '../../server/users/defaults';
import { ensureFirstAdmin } from '../../server/users/firstAdmin';
import { TEST_ADMIN } from './server';

export const ALICE = { email: 'alice@frota.test', password: 'alice-secret-1' };
export const BOB = { email: 'bob@frota.test', password: 'bob-secret-1' };

/** Depot: a 300 m circle in São Paulo with a 20 kn limit (latitude first, Traccar style). */
export const DEPOT = { latitude: -23.55, longitude: -46.63, radius: 300, speedLimit: 20 };

export interface Fleet {
  adminId: number;
  aliceId: number;
  bobId: number;
  groupId: number;
  /** Alice's van (direct link), with a 50 kn speed limit of its own. */
  van: { id: number; uniqueId: string };
  /** Bob's truck (through his group); Alice cannot see it. */
  truck: { id: number; uniqueId: string };
  /** Alice's disabled device. */
  parked: { id: number; uniqueId: string };
  depotId: number;
  /** Van's queued commands, oldest first. */
  commandIds: number[];
}

async function link(db: Db, table: string, columns: [string, string], a: number, b: number) {
  await sql`insert into ${sql.table(table)} (${sql.ref(columns[0])}, ${sql.ref(columns[1])})
    values (${a}, ${b})`.execute(db.kysely);
}

async function insertId<T extends { id: number }>(query: {
  executeTakeFirstOrThrow(): Promise<T>;
}) {
  return (await query.executeTakeFirstOrThrow()).id;
}

export async function seedFleet(
  db: Db,
  serverAttributes: Record<string, unknown> = {},
): Promise<Fleet> {
  await ensureFirstAdmin(db, TEST_ADMIN.email, TEST_ADMIN.password);
  const admin = await db.kysely.selectFrom('users').select('id').executeTakeFirstOrThrow();
  const user = async (email: string, password: string) =>
    (
      await insertUser(
        db,
        { ...newUserFields(), name: email.split('@')[0], email },
        await hashPassword(password),
      )
    ).id;
  const aliceId = await user(ALICE.email, ALICE.password);
  const bobId = await user(BOB.email, BOB.password);

  const groupId = await insertId(
    db.kysely.insertInto('groups').values({ name: 'Trucks', attributes: '{}' }).returning('id'),
  );
  const device = async (name: string, uniqueId: string, extra: Record<string, unknown> = {}) => ({
    uniqueId,
    id: await insertId(
      db.kysely
        .insertInto('devices')
        .values({
          name,
          uniqueId,
          disabled: flag(db, false),
          state: '{}',
          attributes: '{}',
          ...extra,
        })
        .returning('id'),
    ),
  });
  const van = await device('Van', 'van-1', { attributes: JSON.stringify({ speedLimit: 50 }) });
  const truck = await device('Truck', 'truck-1', { groupId });
  const parked = await device('Parked', 'parked-1', { disabled: flag(db, true) });

  await link(db, 'user_device', ['user_id', 'device_id'], aliceId, van.id);
  await link(db, 'user_device', ['user_id', 'device_id'], aliceId, parked.id);
  await link(db, 'user_group', ['user_id', 'group_id'], bobId, groupId);

  const depotId = await insertId(
    db.kysely
      .insertInto('geofences')
      .values({
        name: 'Depot',
        area: `CIRCLE (${DEPOT.latitude} ${DEPOT.longitude}, ${DEPOT.radius})`,
        attributes: JSON.stringify({ speedLimit: DEPOT.speedLimit }),
      })
      .returning('id'),
  );
  await link(db, 'device_geofence', ['device_id', 'geofence_id'], van.id, depotId);
  // The truck's group reaches the depot too, so its enter/exit events exist for Bob only.
  await link(db, 'group_geofence', ['group_id', 'geofence_id'], groupId, depotId);

  const notification = async (type: string, notificators: string) =>
    insertId(
      db.kysely
        .insertInto('notifications')
        .values({ type, notificators, always: flag(db, false), attributes: '{}' })
        .returning('id'),
    );
  for (const type of ['geofenceEnter', 'geofenceExit', 'deviceOverspeed']) {
    const id = await notification(type, 'web');
    await link(db, 'device_notification', ['device_id', 'notification_id'], van.id, id);
    await link(db, 'user_notification', ['user_id', 'notification_id'], aliceId, id);
    // Bob is linked to the same notifications but cannot see the van: he must get nothing.
    await link(db, 'user_notification', ['user_id', 'notification_id'], bobId, id);
  }

  const commandIds: number[] = [];
  for (const [type, attributes] of [
    ['custom', { data: 'RELAY,1#' }],
    ['engineStop', {}],
  ] as const) {
    commandIds.push(
      await insertId(
        db.kysely
          .insertInto('queuedCommands')
          .values({
            deviceId: van.id,
            type,
            textChannel: flag(db, false),
            created: Date.now(),
            attributes: JSON.stringify(attributes),
          })
          .returning('id'),
      ),
    );
  }

  await db.kysely
    .updateTable('servers')
    .set({ attributes: JSON.stringify(serverAttributes) })
    .where('id', '=', 1)
    .execute();

  return {
    adminId: admin.id,
    aliceId,
    bobId,
    groupId,
    van,
    truck,
    parked,
    depotId,
    commandIds,
  };
}
