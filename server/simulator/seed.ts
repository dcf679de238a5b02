import { flag, type Db } from '../db/database';
import { DEMO_ATTRIBUTE, DEMO_PROTOCOL_ATTRIBUTE, demoIdentity, demoProtocolFor } from './catalog';
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

/** A demo device's protocol, or null when the device is not a demo one. */
function demoProtocol(attributes: string): string | null {
  try {
    const parsed = JSON.parse(attributes) as Record<string, unknown>;
    if (parsed[DEMO_ATTRIBUTE] !== true) return null;
    const protocol = parsed[DEMO_PROTOCOL_ATTRIBUTE];
    return typeof protocol === 'string' ? protocol : 'osmand';
  } catch {
    return null;
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
  return rows.flatMap(({ id, name, uniqueId, category, attributes, disabled }) => {
    const protocol = demoProtocol(attributes);
    return protocol !== null && !disabled ? [{ id, name, uniqueId, category, protocol }] : [];
  });
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
 * Makes sure at least `count` demo devices exist (creating ids not yet taken: `demo-NNNN` for a
 * phone, an identifier of its protocol's form for a tracker, the protocols taken in turn among
 * `protocols`) and returns the first `count` of them.
 */
async function ensureDemoDevices(
  db: Db,
  count: number,
  protocols: ReadonlySet<string>,
): Promise<DemoDevice[]> {
  const existing = await listDemoDevices(db);
  if (existing.length >= count) return existing.slice(0, count);

  const owner = await firstAdminId(db);
  const taken = new Set(
    (await db.kysely.selectFrom('devices').select('uniqueId').execute()).map((r) => r.uniqueId),
  );
  const created: DemoDevice[] = [];
  await db.kysely.transaction().execute(async (trx) => {
    for (let index = 0; existing.length + created.length < count; index++) {
      const protocol = demoProtocolFor(index, protocols);
      const identity = demoIdentity(index, 'demo-', protocol);
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
      created.push({ id: row.id, ...identity, protocol });
    }
  });
  return [...existing, ...created].map(({ id, name, uniqueId, category, protocol }) => ({
    id,
    name,
    uniqueId,
    category,
    protocol,
  }));
}

/**
 * Which demo devices to drive at this start. `DEMO_DEVICES` unset: 25 on a database that had no
 * devices, otherwise the demo devices already there; `0`: none; `N`: N (created as needed). New
 * ones mix a phone and the trackers of the `protocols` whose ports are open.
 */
export async function prepareDemoDevices(
  db: Db,
  demoDevices: number | null,
  emptyAtStart: boolean,
  protocols: ReadonlySet<string> = new Set(),
): Promise<DemoDevice[]> {
  if (demoDevices === 0) return [];
  if (demoDevices === null) {
    return emptyAtStart ? ensureDemoDevices(db, 25, protocols) : listDemoDevices(db);
  }
  return ensureDemoDevices(db, demoDevices, protocols);
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
