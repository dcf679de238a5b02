import type { Device } from '../../model/device';

export type ListItem = { kind: 'group'; groupId: number } | { kind: 'device'; id: number };

/** The list's rows, read by index: without group headers nothing is built per device. */
export interface ListItems {
  length: number;
  at(index: number): ListItem;
}

/**
 * Rows under group headers (when enabled): devices without a group first ("No group"), then
 * groups by name; inside each group the list keeps the chosen sort order.
 */
export const buildListItems = (
  ids: readonly number[],
  withGroups: boolean,
  devices: ReadonlyMap<number, Device>,
  groupName: (groupId: number) => string | undefined,
): ListItems => {
  if (!withGroups)
    return { length: ids.length, at: (index) => ({ kind: 'device', id: ids[index] }) };
  const byGroup = new Map<number, number[]>();
  ids.forEach((id) => {
    const raw = devices.get(id)?.groupId ?? 0;
    const groupId = raw && groupName(raw) !== undefined ? raw : 0;
    const list = byGroup.get(groupId);
    if (list) list.push(id);
    else byGroup.set(groupId, [id]);
  });
  const order = [...byGroup.keys()].sort((a, b) =>
    a === 0 ? -1 : b === 0 ? 1 : (groupName(a) ?? '').localeCompare(groupName(b) ?? ''),
  );
  const items: ListItem[] = order.flatMap((groupId) => [
    { kind: 'group' as const, groupId },
    ...(byGroup.get(groupId) ?? []).map((id) => ({ kind: 'device' as const, id })),
  ]);
  return { length: items.length, at: (index) => items[index] };
};
