import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder } from 'kysely';
import type { DialectName } from './database';

/** Helpers so each migration states a column once and gets the right type on both dialects. */
export interface Columns {
  /** Auto-increment primary key `id`. */
  id<T extends string>(table: CreateTableBuilder<T>): CreateTableBuilder<T, 'id'>;
  /** Type of a column that references an `id`. */
  readonly ref: 'integer' | 'bigint';
  readonly flag: 'integer' | 'boolean';
  falseValue(): ReturnType<typeof sql.raw>;
  trueValue(): ReturnType<typeof sql.raw>;
  /** `not null default false`. */
  flagColumn(column: ColumnDefinitionBuilder): ColumnDefinitionBuilder;
}

export function columns(dialect: DialectName): Columns {
  const sqlite = dialect === 'sqlite';
  const falseValue = () => sql.raw(sqlite ? '0' : 'false');
  return {
    id: (table) =>
      sqlite
        ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        : table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity()),
    ref: sqlite ? 'integer' : 'bigint',
    flag: sqlite ? 'integer' : 'boolean',
    falseValue,
    trueValue: () => sql.raw(sqlite ? '1' : 'true'),
    flagColumn: (column) => column.notNull().defaultTo(falseValue()),
  };
}
