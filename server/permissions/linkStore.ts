import { sql } from 'kysely';
import type { Db } from '../db/database';
import { linkNames, type Link } from '../db/links';

/** Stores a link; linking twice is a no-op. */
export async function addLink(
  db: Db,
  link: Link,
  ownerId: number,
  propertyId: number,
): Promise<void> {
  const { table, ownerColumn, propertyColumn } = linkNames(link);
  await sql`insert into ${sql.table(table)} (${sql.ref(ownerColumn)}, ${sql.ref(propertyColumn)})
    values (${ownerId}, ${propertyId}) on conflict do nothing`.execute(db.kysely);
}

/** Removes a link; removing a missing one is a no-op. */
export async function removeLink(
  db: Db,
  link: Link,
  ownerId: number,
  propertyId: number,
): Promise<void> {
  const { table, ownerColumn, propertyColumn } = linkNames(link);
  await sql`delete from ${sql.table(table)}
    where ${sql.ref(ownerColumn)} = ${ownerId} and ${sql.ref(propertyColumn)} = ${propertyId}`.execute(
    db.kysely,
  );
}
