import { noteValues } from '../audit/scope';
import { findUserById } from '../db/users';
import type { Ctx } from '../access/context';
import { SecurityException, notFound } from '../errors';
import { accessDenial } from '../permissions/checkAccess';
import { manages } from '../permissions/objects';

/**
 * `DELETE /api/users/:id`: an admin, or a manager over that user. Nobody deletes themselves, and
 * a non-admin never deletes an administrator. Links, sessions and tokens go with the row.
 */
export async function deleteUser(ctx: Ctx, id: number): Promise<void> {
  const { db, actor } = ctx;
  const found = await findUserById(db, id);
  if (!found) throw notFound();
  if (actor.user.id === id) throw new SecurityException('Cannot delete yourself');
  if (!actor.admin) {
    const denial = accessDenial(actor, 'users', 'delete');
    if (denial) throw new SecurityException(denial);
    if (found.user.administrator || !(await manages(db, actor.user.id, id))) {
      throw new SecurityException('User access denied');
    }
  }
  await db.kysely.deleteFrom('users').where('id', '=', id).execute();
  ctx.changes.emit({ kind: 'user', id, action: 'delete' });
  noteValues('user', id, found.user, null);
}
