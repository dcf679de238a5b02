import type { ChangeFeed } from '../changes';
import type { Db } from '../db/database';
import { getServerSettings } from '../db/servers';
import { findUserById } from '../db/users';
import type { Ctx } from '../access/context';
import type { SaveContext, Wire } from '../entities/definition';
import { SecurityException } from '../errors';
import { makeActor } from '../access/actor';
import { sendDenial } from '../permissions/checkAccess';
import { accountProblem } from '../users/accountState';

/**
 * Engine rules: settings on an object that make the server itself send `engineStop` or
 * `engineResume` later, when something happens (docs/qr-driver.md, geofence locks). A rule acts
 * with the rights of its owner, the user who turned it on, and never as an administrator: so
 * someone who may not stop an engine cannot get the server to do it for them by configuring a
 * rule. Turning a rule on (or widening it) needs the right to send its commands then and there;
 * when it fires, the owner's rights at that moment decide (a disabled, expired or deleted owner's
 * rule sends nothing).
 */

export type RuleKind = 'device' | 'driver' | 'geofence';
export type RuleCommand = 'engineStop' | 'engineResume';

const on = (value: unknown) => value === true || value === 'true';

/** The attribute keys that turn a rule on, and the command each rule sends. */
const RULES: Record<RuleKind, Record<string, RuleCommand>> = {
  // The QR driver's: lock the vehicle they leave, unlock a QR-locked one they check in to.
  driver: { 'tarkan.driverLockDevice': 'engineStop', 'tarkan.driverUnlockDevice': 'engineResume' },
  // The vehicle's own QR lock when left without a driver.
  device: { 'tarkan.driverLockDevice': 'engineStop' },
  geofence: { lockOnEnter: 'engineStop', lockOnExit: 'engineStop' },
};

/** The commands the object's rules would send; empty when it has no rule on. */
export function ruleCommands(kind: RuleKind, attributes: unknown): Set<RuleCommand> {
  const found = new Set<RuleCommand>();
  if (typeof attributes !== 'object' || attributes === null) return found;
  const values = attributes as Record<string, unknown>;
  for (const [key, command] of Object.entries(RULES[kind])) {
    if (on(values[key])) found.add(command);
  }
  return found;
}

/** The owner of the object's rules, or null when none is recorded. */
export async function ruleOwner(db: Db, kind: RuleKind, objectId: number): Promise<number | null> {
  const row = await db.kysely
    .selectFrom('ruleOwners')
    .select('userId')
    .where('kind', '=', kind)
    .where('objectId', '=', objectId)
    .executeTakeFirst();
  return row ? Number(row.userId) : null;
}

/**
 * The save hook of objects with rules (inside the save transaction, after the write): no rule on
 * forgets the owner; a rule that stays as it was (or narrows) keeps its owner, whoever edits the
 * object's other fields; a rule turned on or widened makes the saver its owner, who must be able
 * to send each of its commands, or the save is refused whole.
 */
export async function recordRuleOwner(
  kind: RuleKind,
  ctx: SaveContext,
  wire: Wire,
  id: number,
  before: Wire | null,
): Promise<void> {
  const { db, actor } = ctx;
  const wanted = ruleCommands(kind, wire.attributes);
  const forget = () =>
    db.kysely
      .deleteFrom('ruleOwners')
      .where('kind', '=', kind)
      .where('objectId', '=', id)
      .execute();
  if (wanted.size === 0) {
    await forget();
    return;
  }
  const had = before ? ruleCommands(kind, before.attributes) : new Set<RuleCommand>();
  const unchanged = [...wanted].every((command) => had.has(command));
  if (unchanged && (await ruleOwner(db, kind, id)) !== null) return;
  for (const command of wanted) {
    if (sendDenial(actor, command, false)) {
      throw new SecurityException(`Rule sends ${command}, which this account may not send`);
    }
  }
  await forget();
  await db.kysely
    .insertInto('ruleOwners')
    .values({ kind, objectId: id, userId: actor.user.id })
    .execute();
}

/**
 * The owner of an object's rules as the caller the rule's command goes out as; refuses (a
 * SecurityException, logged by the rule) when there is none or they may not sign in now.
 */
export async function ruleContext(
  db: Db,
  changes: ChangeFeed,
  ownerId: number | null,
  plus: boolean,
): Promise<Ctx> {
  const found = ownerId === null ? null : await findUserById(db, ownerId);
  if (!found || accountProblem(found.user) !== null) {
    throw new SecurityException('Rule has no owner who may act now');
  }
  const actor = makeActor(found.user, await getServerSettings(db), plus);
  return { db, actor, changes };
}
