/**
 * Groups nest at most three levels deep, as in Traccar, and what a group carries (settings,
 * geofences, notifications, computed attributes, who may see its devices) reaches its devices
 * through the device's group and that group's parents: this chain, the same on every screen,
 * spreadsheet, mail and notification.
 */
export const GROUP_DEPTH = 3;

/**
 * A group and its parents, nearest first: at most `GROUP_DEPTH` of them, and never the same group
 * twice should the data hold a cycle. `parentOf` answers 0, null or undefined for a group without
 * a parent (or one that is unknown).
 */
export function groupChain(
  groupId: number,
  parentOf: (id: number) => number | null | undefined,
): number[] {
  const chain: number[] = [];
  let id = groupId;
  while (id > 0 && chain.length < GROUP_DEPTH && !chain.includes(id)) {
    chain.push(id);
    id = Number(parentOf(id) ?? 0);
  }
  return chain;
}
