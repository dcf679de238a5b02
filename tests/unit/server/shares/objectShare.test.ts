import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../server/db/database';
import { insertUser } from '../../../../server/db/users';
import { cleanupExpiredTemporaryUsers } from '../../../../server/shares/objectShare';
import { newUserFields } from '../../../../server/users/defaults';
import { closeTarget, openMigrated, postgresTarget, sqliteTarget } from '../../../support/dialects';

describe.each([sqliteTarget(), postgresTarget()])('temporary user clean-up on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await openMigrated(target);
  }, 60_000);
  afterAll(async () => {
    await closeTarget(target, db);
  });

  const user = async (email: string, temporary: boolean, expires: number | null) =>
    (
      await insertUser(
        db,
        {
          ...newUserFields(),
          name: email,
          email,
          temporary,
          expirationTime: expires === null ? null : new Date(expires).toISOString(),
        },
        '!',
      )
    ).id;

  it('removes expired temporary users only, leaving live ones and ordinary accounts', async () => {
    const now = Date.now();
    const expired = await user('a@x.test:van', true, now - 1000);
    const live = await user('a@x.test:truck', true, now + 3_600_000);
    const ordinary = await user('old@x.test', false, now - 1000);
    const owner = await user('owner@x.test', false, null);
    // The user of a /tarkan/shares link goes with its share, not here.
    const linked = await user('share-x@share.invalid', true, now - 1000);
    await db.kysely
      .insertInto('shares')
      .values({
        userId: owner,
        shareUserId: linked,
        name: 'Link',
        expirationTime: now + 3_600_000,
        limitCommands: db.dialect === 'sqlite' ? 1 : true,
        token: 'token-1',
        created: now,
      })
      .execute();

    expect(await cleanupExpiredTemporaryUsers(db, now)).toEqual([expired]);
    const left = await db.kysely.selectFrom('users').select('id').orderBy('id').execute();
    expect(left.map((row) => row.id)).toEqual([live, ordinary, owner, linked]);
  });
});
