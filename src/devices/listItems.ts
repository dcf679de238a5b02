import type { Device } from '../model/device';

export type ListItem =
  { kind: 'group'; key: string; groupId: number } | { kind: 'device'; key: string; id: number };

/**
 * Rows under group headers (when enabled): devices without a group first ("No group"), then
 * groups by name; inside each group the list keeps the chosen sort order.
 */
export const buildListItems = (
  ids: readonly number[],
  withGroups: boolean,
  devices: ReadonlyMap<number, Device>,
  groupName: (groupId: number) => string | undefined,
): ListItem[] => {
  if (!withGroups) return ids.map((id) => ({ kind: 'device', key: `d${id}`, id }));
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
  return order.flatMap((groupId) => [
    { kind: 'group' as const, key: `g${groupId}`, groupId },
    ...(byGroup.get(groupId) ?? []).map((id) => ({ kind: 'device' as const, key: `d${id}`, id })),
  ]);
};
