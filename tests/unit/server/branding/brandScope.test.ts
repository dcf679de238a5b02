/**
 * Which brand a Host gets: a reseller's domain gets that reseller's, and the main site's own
 * host always the main brand, even where a reseller's saved domain names it (saved before
 * PUBLIC_URL moved there; the API refuses it now).
 */
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Brands } from '../../../../server/branding/brandScope';
import type { Db } from '../../../../server/db/database';
import { insertUser } from '../../../../server/db/users';
import { mainHostOf } from '../../../../server/resellers/attributes';
import { saveDomain } from '../../../../server/resellers/store';
import { newUserFields } from '../../../../server/users/defaults';
import { closeTarget, openMigrated, sqliteTarget } from '../../../support/dialects';

const target = sqliteTarget();
let db: Db;

beforeAll(async () => {
  db = await openMigrated(target);
});
afterAll(async () => {
  await closeTarget(target, db);
});

describe('brands by host', () => {
  it("keeps the main site's host on the main brand, and a reseller's domain on theirs", async () => {
    const reseller = async (email: string, domain: string) => {
      const user = await insertUser(db, { ...newUserFields(), name: email, email }, 'unused');
      await saveDomain(db, user.id, { reseller: true, subReseller: false, domain, limit: 5 });
      return user.id;
    };
    const acme = await reseller('acme@frota.test', 'track.acme.example');
    await reseller('early@frota.test', 'fleet.example');
    const mainHost = mainHostOf('https://Fleet.Example');
    expect(mainHost).toBe('fleet.example');
    const brands = new Brands(db, os.tmpdir(), mainHost);
    expect(await brands.resellerFor('track.acme.example:8082')).toBe(acme);
    expect(await brands.resellerFor('fleet.example')).toBeNull();
    expect(await brands.resellerFor('FLEET.example:443')).toBeNull();
    expect(await brands.domainFor('fleet.example')).toBeNull();
    expect(await brands.domainFor('track.acme.example')).toBe('track.acme.example');
  });
});
