import { noteValues } from '../audit/scope';
import { inTransaction, type Ctx } from '../access/context';
import type { Wire } from '../entities/definition';
import { deleteRow } from '../entities/repository';
import { drivers } from './driverDef';
import { checkArea, loadVisible } from '../entities/service';
import { removeDriverAccount } from './driverAccount';

/**
 * `DELETE /api/drivers/:id`: the driver and, in the same transaction, its QR account. Returns
 * the removed account's id (its sockets are closed) or null.
 */
export async function deleteDriver(ctx: Ctx, id: number): Promise<number | null> {
  checkArea(ctx, drivers, 'delete');
  const before = await loadVisible(ctx, drivers, id);
  const accountId = await inTransaction(ctx, async (db, changes) => {
    const removed = await removeDriverAccount(db, before.attributes as Wire);
    await deleteRow(db, drivers, id);
    changes.push({ kind: 'driver', id, action: 'delete' });
    if (removed) changes.push({ kind: 'user', id: removed, action: 'delete' });
    return removed;
  });
  noteValues('driver', id, before, null);
  return accountId;
}
