import type { Expression, SqlBool } from 'kysely';
import { noteValues } from '../audit/scope';
import { isUniqueViolation, type Db } from '../db/database';
import { findLink } from '../db/links';
import { IllegalArgumentException, SecurityException, notFound } from '../errors';
import type { Change } from '../changes';
import type { Action } from '../access/areas';
import { accessDenial } from '../permissions/checkAccess';
import { addLink } from '../permissions/linkStore';
import { assertReference, assertVisible, canManageUser } from '../permissions/objects';
import { visibleFilter } from '../permissions/visibility';
import { inTransaction, type Ctx } from '../access/context';
import { listJson } from './listJson';
import type { EntityDef, Wire } from './definition';
import { applyInput, emptyWire, toColumns, toWire } from './mapping';
import {
  deleteRow,
  findDuplicate,
  findRow,
  insertRow,
  keywordMatch,
  linkedTo,
  listRows,
  tableOf,
  updateRow,
  type Page,
} from './repository';

/** The list filters of Traccar's Simple/ExtendedObjectResource (docs/traccar-api.md). */
export interface ListQuery extends Page {
  all?: boolean;
  userId?: number;
  groupId?: number;
  deviceId?: number;
  keyword?: string;
}

const duplicateUniqueId = () => new IllegalArgumentException('Duplicate unique id');

export function checkArea(ctx: Ctx, def: EntityDef, action: Action): void {
  const denial = accessDenial(ctx.actor, def.area, action);
  if (denial) throw new SecurityException(denial);
}

/** The definition's own rule for this object (`hooks.authorize`). */
function checkObject(ctx: Ctx, def: EntityDef, action: 'create' | 'edit' | 'delete', wire: Wire) {
  const denial = def.hooks?.authorize?.(ctx.actor, action, wire) ?? null;
  if (denial) throw new SecurityException(denial);
}

/**
 * Conditions every list shares: without `userId`, what the caller reaches (admins: everything,
 * with or without `all`); with `userId`, only objects linked directly to that user, who must be
 * the caller, a user they manage, or anyone for an admin.
 */
async function ownerConditions(
  ctx: Ctx,
  def: EntityDef,
  query: ListQuery,
): Promise<Expression<SqlBool>[]> {
  const { db, actor } = ctx;
  const conditions: Expression<SqlBool>[] = [];
  if (query.userId) {
    if (!(await canManageUser(db, actor, query.userId))) {
      throw new SecurityException('User access denied');
    }
    conditions.push(linkedTo(def, 'user', query.userId));
  } else if (!actor.admin) {
    conditions.push(visibleFilter(def.kind, actor.user.id, `${tableOf(def)}.id`));
  }
  if (query.keyword) conditions.push(keywordMatch(def, query.keyword));
  return conditions;
}

export async function listEntities(
  ctx: Ctx,
  def: EntityDef,
  query: ListQuery,
  extra: Expression<SqlBool>[] = [],
): Promise<Wire[]> {
  const rows = await listRows(ctx.db, def, await listConditions(ctx, def, query, extra), query);
  return rows.map((row) => toWire(def, row));
}

/** `listEntities` as the response's JSON text (`listJson.ts`): what the list routes send. */
export async function listEntitiesJson(
  ctx: Ctx,
  def: EntityDef,
  query: ListQuery,
  extra: Expression<SqlBool>[] = [],
): Promise<Buffer> {
  return listJson(ctx.db, def, await listConditions(ctx, def, query, extra), query);
}

async function listConditions(
  ctx: Ctx,
  def: EntityDef,
  query: ListQuery,
  extra: Expression<SqlBool>[],
): Promise<Expression<SqlBool>[]> {
  checkArea(ctx, def, 'read');
  const conditions = [...(await ownerConditions(ctx, def, query)), ...extra];
  if (def.extended && query.groupId) {
    await assertVisible(ctx.db, ctx.actor, 'group', query.groupId);
    conditions.push(linkedTo(def, 'group', query.groupId));
  }
  if (def.extended && query.deviceId) {
    await assertVisible(ctx.db, ctx.actor, 'device', query.deviceId);
    conditions.push(linkedTo(def, 'device', query.deviceId));
  }
  return conditions;
}

/** The stored object, or 404; then 400 when the caller does not reach it. */
export async function loadVisible(ctx: Ctx, def: EntityDef, id: number): Promise<Wire> {
  const row = await findRow(ctx.db, def, id);
  if (!row) throw notFound();
  await assertVisible(ctx.db, ctx.actor, def.kind, id);
  return toWire(def, row);
}

export async function getEntity(ctx: Ctx, def: EntityDef, id: number): Promise<Wire> {
  checkArea(ctx, def, 'read');
  return loadVisible(ctx, def, id);
}

/** References that changed must point at objects that exist and that the caller reaches. */
async function checkReferences(
  db: Db,
  ctx: Ctx,
  def: EntityDef,
  wire: Wire,
  before: Wire | null,
): Promise<void> {
  for (const [name, field] of Object.entries(def.fields)) {
    const id = wire[name] as number;
    if (field.kind !== 'ref' || !field.target || field.serverManaged || id === 0) continue;
    if (before && before[name] === id) continue;
    await assertReference(db, ctx.actor, field.target, id);
  }
}

async function save(
  ctx: Ctx,
  def: EntityDef,
  wire: Wire,
  before: Wire | null,
  write: (db: Db, changes: Change[]) => Promise<number>,
): Promise<Wire> {
  def.hooks?.validate?.(wire);
  try {
    return await inTransaction(ctx, async (db, changes) => {
      await checkReferences(db, ctx, def, wire, before);
      const id = before ? (before.id as number) : 0;
      await def.hooks?.beforeSave?.({ db, actor: ctx.actor }, wire, id);
      if (def.unique && (await findDuplicate(db, def, def.unique, wire[def.unique], id))) {
        throw duplicateUniqueId();
      }
      const saved = await write(db, changes);
      await def.hooks?.afterSave?.({ db, actor: ctx.actor }, wire, saved, before);
      return toWire(def, (await findRow(db, def, saved))!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateUniqueId();
    throw error;
  }
}

/** Creates the object and links it to its creator. */
export async function createEntity(
  ctx: Ctx,
  def: EntityDef,
  input: Record<string, unknown>,
): Promise<Wire> {
  checkArea(ctx, def, 'create');
  const wire = applyInput(def, emptyWire(def), input);
  checkObject(ctx, def, 'create', wire);
  const saved = await save(ctx, def, wire, null, async (db, changes) => {
    const id = await insertRow(db, def, toColumns(db, def, wire));
    await addLink(db, findLink('userId', `${def.kind}Id`)!, ctx.actor.user.id, id);
    changes.push({ kind: def.kind, id, action: 'create' });
    changes.push({
      kind: 'permission',
      owner: 'user',
      property: def.kind,
      ownerId: ctx.actor.user.id,
      propertyId: id,
      action: 'link',
    });
    return id;
  });
  noteValues(def.kind, saved.id as number, null, saved);
  return saved;
}

export async function updateEntity(
  ctx: Ctx,
  def: EntityDef,
  id: number,
  input: Record<string, unknown>,
): Promise<Wire> {
  checkArea(ctx, def, 'edit');
  const before = await loadVisible(ctx, def, id);
  const wire = applyInput(def, before, input);
  checkObject(ctx, def, 'edit', before);
  checkObject(ctx, def, 'edit', wire);
  const saved = await save(ctx, def, wire, before, async (db, changes) => {
    await updateRow(db, def, id, toColumns(db, def, wire));
    changes.push({ kind: def.kind, id, action: 'update' });
    return id;
  });
  noteValues(def.kind, id, before, saved);
  return saved;
}

export async function deleteEntity(ctx: Ctx, def: EntityDef, id: number): Promise<void> {
  checkArea(ctx, def, 'delete');
  const before = await loadVisible(ctx, def, id);
  checkObject(ctx, def, 'delete', before);
  await inTransaction(ctx, async (db, changes) => {
    if (def.kind !== 'group') {
      await deleteRow(db, def, id);
      changes.push({ kind: def.kind, id, action: 'delete' });
      return;
    }
    // The group's user links go with it: who they were is read first, so those users' maps
    // can drop the devices they saw through it.
    const links = await db.kysely
      .selectFrom('userGroup')
      .select('userId')
      .where('groupId', '=', id)
      .execute();
    await deleteRow(db, def, id);
    const linkedUsers = links.map((link) => Number(link.userId));
    changes.push({ kind: 'group', id, action: 'delete', linkedUsers });
  });
  noteValues(def.kind, id, before, null);
}
