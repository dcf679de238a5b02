import type { User } from '../../../model/user';
import type { ExportColumn } from '../common/listSheet';

/** The user list's spreadsheet: the list's columns, the expiry in the reader's zone. */
export const userExportColumns: ExportColumn<User>[] = [
  { source: 'name' },
  { source: 'email' },
  { source: 'phone' },
  { source: 'administrator' },
  { source: 'disabled' },
  { source: 'expirationTime', kind: 'date' },
];
