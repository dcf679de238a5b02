import type { ResellerOverview, User } from '../../model';
import type { Db } from '../db/database';
import { toUser } from '../db/users';
import { SecurityException } from '../errors';
import { resellerSettings } from './attributes';
import { countUnder } from './store';

/** The `/reseller` screen: the caller's domain, limit use and users; resellers only. */
export async function resellerOverview(db: Db, user: User): Promise<ResellerOverview> {
  const settings = resellerSettings(user.attributes);
  if (!settings.reseller) throw new SecurityException('Reseller access required');
  const rows = await db.kysely
    .selectFrom('users')
    .selectAll()
    .where('id', 'in', (eb) =>
      eb.selectFrom('userManagedUser').select('managedUserId').where('userId', '=', user.id),
    )
    .orderBy('name')
    .orderBy('id')
    .execute();
  return {
    domain: settings.domain,
    limit: settings.limit,
    used: await countUnder(db, user.id),
    subReseller: settings.subReseller,
    users: rows.map(toUser),
  };
}
