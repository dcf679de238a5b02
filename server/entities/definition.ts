import type { Actor } from '../access/actor';
import type { Action, PermArea } from '../access/areas';
import type { ChangeKind } from '../access/kinds';
import type { Db } from '../db/database';

/**
 * How one wire field is stored. Wire and column names are the same (camelCase; the database
 * plugin maps them to snake_case).
 * - `text`: non-null string; `optText`: string or null.
 * - `number`: finite double; `integer`: whole number.
 * - `flag`: boolean (0/1 in SQLite).
 * - `millis`: ISO-8601 on the wire, epoch ms or NULL in the database.
 * - `json`: the `attributes` map, stored as JSON text.
 * - `ref`: an id of another object; 0 on the wire is NULL in the database.
 */
export type FieldKind =
  'text' | 'optText' | 'number' | 'integer' | 'flag' | 'millis' | 'json' | 'ref';

export interface FieldDef {
  kind: FieldKind;
  /** Text that must be present and non-blank on create and stay so on update. */
  required?: boolean;
  /** Server-managed: written only by the server, ignored in requests. */
  serverManaged?: boolean;
  /** For `ref` fields: the kind the id points at, checked for access on write. */
  target?: ChangeKind;
  /**
   * For `text` and `optText` fields: the most characters a value may have (without one, a
   * description's, `DESCRIPTION_MAX_LENGTH`: no text is unbounded).
   */
  maxLength?: number;
  /** For `optText` fields: what a NULL column reads as on the wire, where clients expect text. */
  nullAs?: string;
}

export type Wire = Record<string, unknown>;

export interface EntityDef {
  /** Also picks the table and the message label (`kinds.ts`). */
  kind: ChangeKind;
  area: PermArea;
  fields: Readonly<Record<string, FieldDef>>;
  /** Constant wire fields that are not stored (a saved command's `deviceId`). */
  constants?: Readonly<Wire>;
  sort: 'name' | 'description';
  /** Columns the `keyword` filter searches. */
  keywords: readonly string[];
  /** Extended resources also filter by `groupId` / `deviceId` through `group_*`/`device_*` links. */
  extended: boolean;
  /** A field that must be unique (`uniqueId`); a clash is `Duplicate unique id`. */
  unique?: string;
  hooks?: EntityHooks;
}

/** What a save hook sees: the transaction's database and who is writing. */
export interface SaveContext {
  db: Db;
  actor: Actor;
}

interface EntityHooks {
  /**
   * Rules that depend on the object itself, beyond the area's bits: the denial message for doing
   * `action` to `wire` (on an edit, asked of the stored object and of the result), or null.
   */
  authorize?(actor: Actor, action: Exclude<Action, 'read'>, wire: Wire): string | null;
  /** Pure checks of the complete object about to be saved; throws IllegalArgumentException. */
  validate?(wire: Wire): void;
  /** Database checks inside the write transaction (hierarchy, limits); `id` is 0 on create. */
  beforeSave?(ctx: SaveContext, wire: Wire, id: number): Promise<void>;
  /**
   * Database work once the row is written, in the same transaction (so throwing undoes the save):
   * `id` is the object's, `before` the stored object on an edit (null on create).
   */
  afterSave?(ctx: SaveContext, wire: Wire, id: number, before: Wire | null): Promise<void>;
}
