/** A device group (`/api/groups`); `groupId` is the parent, 0 for none. */
export interface Group {
  id: number;
  name: string;
  groupId: number;
  attributes: Record<string, unknown>;
}
