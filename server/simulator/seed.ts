import { flag, type Db } from '../db/database';
import { DEMO_ATTRIBUTE, demoIdentity } from './catalog';
import type { FleetDevice } from './fleet';
import type { VehicleResume } from './vehicle';

/**
 * The demo devices in the database: marked with attribute `frota.demo: true`, named
 * `demo-0001`… and linked to the first administrator. Written with the typed query builder
 * (the same columns the device API writes) so it runs before the app starts.
 */

interface DemoDevice extends FleetDevice {
  id: number;
  name: string;
}

export async function countDevices(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

function isDemo(attributes: string): boolean {
  try {
    return (JSON.parse(attributes) as Record<string, unknown>)[DEMO_ATTRIBUTE] === true;
  } catch {
    return false;
  }
}

/** Every device marked as demo, oldest first. */
export async function listDemoDevices(db: Db): Promise<DemoDevice[]> {
  const rows = await db.kysely
    .selectFrom('devices')
    .select(['id', 'name', 'uniqueId', 'category', 'attributes', 'disabled'])
    .where('attributes', 'like', `%"${DEMO_ATTRIBUTE}"%`)
    .orderBy('id')
    .execute();
  return rows
    .filter((row) => isDemo(row.attributes) && !row.disabled)
    .map(({ id, name, uniqueId, category }) => ({ id, name, uniqueId, category }));
}

async function firstAdminId(db: Db): Promise<number | null> {
  const row = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('administrator', '=', flag(db, true))
    .orderBy('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Makes sure at least `count` demo devices exist (creating `demo-NNNN` ids not yet taken) and
 * returns the first `count` of them.
 */
async function ensureDemoDevices(db: Db, count: number): Promise<DemoDevice[]> {
  const existing = await listDemoDevices(db);
  if (existing.length >= count) return existing.slice(0, count);

  const owner = await firstAdminId(db);
  const taken = new Set(
    (await db.kysely.selectFrom('devices').select('uniqueId').execute()).map((r) => r.uniqueId),
  );
  const created: DemoDevice[] = [];
  await db.kysely.transaction().execute(async (trx) => {
    for (let index = 0; existing.length + created.length < count; index++) {
      const identity = demoIdentity(index);
      if (taken.has(identity.uniqueId)) continue;
      const row = await trx
        .insertInto('devices')
        .values({
          name: identity.name,
          uniqueId: identity.uniqueId,
          category: identity.category,
          model: identity.model,
          disabled: flag(db, false),
          state: '{}',
          attributes: JSON.stringify(identity.attributes),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (owner !== null) {
        await trx.insertInto('userDevice').values({ userId: owner, deviceId: row.id }).execute();
      }
      created.push({ id: row.id, ...identity });
    }
  });
  return [...existing, ...created].map(({ id, name, uniqueId, category }) => ({
    id,
    name,
    uniqueId,
    category,
  }));
}

/**
 * Which demo devices to drive at this start. `DEMO_DEVICES` unset: 25 on a database that had no
 * devices, otherwise the demo devices already there; `0`: none; `N`: N (created as needed).
 */
export async function prepareDemoDevices(
  db: Db,
  demoDevices: number | null,
  emptyAtStart: boolean,
): Promise<DemoDevice[]> {
  if (demoDevices === 0) return [];
  if (demoDevices === null) {
    return emptyAtStart ? ensureDemoDevices(db, 25) : listDemoDevices(db);
  }
  return ensureDemoDevices(db, demoDevices);
}

const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function resumeOf(row: {
  latitude: number;
  longitude: number;
  course: number;
  attributes: string;
}): VehicleResume {
  let attributes: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.attributes);
    if (parsed && typeof parsed === 'object') attributes = parsed as Record<string, unknown>;
  } catch {
    // A position without readable attributes still gives the place to carry on from.
  }
  return {
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    course: Number(row.course),
    odometer: finite(attributes.odometer),
    hours: finite(attributes.hours),
    blocked: attributes.blocked === true,
  };
}

/**
 * The demo devices with their latest stored position, so the simulation carries on across a
 * restart (same place, odometer and engine hours) instead of starting its route again.
 */
export async function withLastPositions<T extends DemoDevice>(
  db: Db,
  devices: T[],
): Promise<(T & { last: VehicleResume | null })[]> {
  if (devices.length === 0) return [];
  const rows = await db.kysely
    .selectFrom('devices')
    .innerJoin('positions', 'positions.id', 'devices.positionId')
    .select([
      'devices.id as deviceId',
      'positions.latitude',
      'positions.longitude',
      'positions.course',
      'positions.attributes',
    ])
    .where(
      'devices.id',
      'in',
      devices.map((device) => device.id),
    )
    .execute();
  const last = new Map(rows.map((row) => [Number(row.deviceId), resumeOf(row)]));
  return devices.map((device) => ({ ...device, last: last.get(device.id) ?? null }));
}

/** Seconds between two reports of one vehicle: 5 s, slower for big fleets (≤ 200 msg/s). */
export function demoIntervalMs(count: number): number {
  return Math.max(5_000, Math.ceil((count / 200) * 1000));
}
