import type { Kysely } from 'kysely';
import type { DialectName } from '../database';

/**
 * A migration sees the database untyped: it must keep working after later migrations change
 * the schema that `Tables` describes.
 */
export interface FrotaMigration {
  up(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
  // Required, so "migrate down to nothing and back up" keeps working for every migration.
  down(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
}
