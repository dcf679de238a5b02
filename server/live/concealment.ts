import type { Db } from '../db/database';
import { usersWhoSeeDevices } from '../permissions/visibility';

/**
 * Which devices users no longer see after a change that may have hidden them (an unlink): of
 * `candidates`, those whose audience, read now, leaves the user out. Only the users given are
 * asked about: the ones the change concerned, who had the devices on their map, so nobody learns
 * of a device they never saw.
 */
export async function hiddenFrom(
  db: Db,
  userIds: readonly number[],
  candidates: readonly number[],
): Promise<Map<number, number[]>> {
  const hidden = new Map<number, number[]>();
  if (userIds.length === 0 || candidates.length === 0) return hidden;
  const audiences = await usersWhoSeeDevices(db, candidates);
  for (const userId of userIds) {
    const gone = candidates.filter((id) => !audiences.get(id)?.includes(userId));
    if (gone.length > 0) hidden.set(userId, gone);
  }
  return hidden;
}

/** Users linked to each of the groups (a group nobody is linked to is absent). */
async function usersByGroup(db: Db, groupIds: readonly number[]): Promise<Map<number, number[]>> {
  const linked = new Map<number, number[]>();
  if (groupIds.length === 0) return linked;
  const rows = await db.kysely
    .selectFrom('userGroup')
    .select(['groupId', 'userId'])
    .where('groupId', 'in', groupIds)
    .execute();
  for (const row of rows) {
    const users = linked.get(Number(row.groupId));
    if (users) users.push(Number(row.userId));
    else linked.set(Number(row.groupId), [Number(row.userId)]);
  }
  return linked;
}

/** A device's group chain (its group and parents, nearest first) before and after a change. */
export interface Regrouped {
  deviceId: number;
  before: readonly number[];
  after: readonly number[];
}

/** Per user, the devices a change took from their map or put on it. */
export interface AudienceShift {
  lost: Map<number, number[]>;
  gained: Map<number, number[]>;
}

/**
 * Who lost and who gained each device whose group chain a change altered (the device moved to
 * another group, a group moved under another parent or deleted). Users linked to a group of the
 * chain before saw the device; those the device's audience, read now, leaves out lost it. Users
 * linked to a group of the chain now, who are in that audience and were not linked to the chain
 * before, gained it. `goneLinks`: the users of a group deleted by the change, whose links went
 * with it. Only users for whom `here` holds are considered (those with a socket on this instance).
 */
export async function audienceShift(
  db: Db,
  moves: readonly Regrouped[],
  goneLinks: ReadonlyMap<number, readonly number[]>,
  here: (userId: number) => boolean,
): Promise<AudienceShift> {
  const shift: AudienceShift = { lost: new Map(), gained: new Map() };
  const changed = moves.filter(
    ({ before, after }) =>
      before.length !== after.length || before.some((id, index) => after[index] !== id),
  );
  if (changed.length === 0) return shift;
  const groups = new Set(changed.flatMap(({ before, after }) => [...before, ...after]));
  const linked = await usersByGroup(db, [...groups]);
  for (const [groupId, users] of goneLinks) linked.set(groupId, [...users]);
  const usersOf = (chain: readonly number[]) =>
    new Set(chain.flatMap((groupId) => linked.get(groupId) ?? []).filter(here));
  const audiences = await usersWhoSeeDevices(
    db,
    changed.map(({ deviceId }) => deviceId),
  );
  const add = (into: Map<number, number[]>, userId: number, deviceId: number) => {
    const ids = into.get(userId);
    if (ids) ids.push(deviceId);
    else into.set(userId, [deviceId]);
  };
  for (const { deviceId, before, after } of changed) {
    const audience = new Set(audiences.get(deviceId));
    const saw = usersOf(before);
    for (const userId of saw) if (!audience.has(userId)) add(shift.lost, userId, deviceId);
    for (const userId of usersOf(after)) {
      if (!saw.has(userId) && audience.has(userId)) add(shift.gained, userId, deviceId);
    }
  }
  return shift;
}
