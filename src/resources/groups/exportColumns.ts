import type { Group } from '../../../model/group';
import type { ExportColumn } from '../common/listSheet';

/** The group list's spreadsheet: each group and its parent, by name. */
export const groupExportColumns: ExportColumn<Group>[] = [
  { source: 'name' },
  { source: 'groupId', reference: 'groups' },
];
