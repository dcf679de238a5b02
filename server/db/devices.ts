import { sql, type SqlBool } from 'kysely';

/**
 * SQL twin of `isDeletedUniqueId` (`model/device.ts`) on `devices.unique_id`: the lists, positions
 * and reports that leave deleted devices out all filter with it.
 */
export const notDeletedDevice = () =>
  sql<SqlBool>`not (devices.unique_id like 'deleted-%-%' and devices.unique_id not like 'deleted-%-%-%')`;
