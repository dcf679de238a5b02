import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Brands } from '../../../../server/branding/brandScope';
import { connect } from '../../../../server/db/connect';
import type { Db } from '../../../../server/db/database';
import { migrateToLatest } from '../../../../server/db/migrate';
import { insertUser } from '../../../../server/db/users';
import { RecipientBrands } from '../../../../server/notifications/brand';
import { newUserFields } from '../../../../server/users/defaults';

let dir: string;
let db: Db;
const ids: Record<string, number> = {};

const user = async (name: string, attributes: Record<string, unknown> = {}) => {
  const { id } = await insertUser(
    db,
    { ...newUserFields(), name, email: `${name}@frota.test`, attributes },
    'hash',
  );
  ids[name] = id;
  return id;
};

const manage = (manager: string, managed: string) =>
  db.kysely
    .insertInto('userManagedUser')
    .values({ userId: ids[manager], managedUserId: ids[managed] })
    .execute();

const brandFile = async (root: string, config: Record<string, unknown>) => {
  await mkdir(path.join(root, 'custom'), { recursive: true });
  await writeFile(path.join(root, 'custom', 'config.json'), JSON.stringify(config));
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'frota-brands-'));
  db = await connect({ kind: 'sqlite', file: path.join(dir, 'frota.db') });
  await migrateToLatest(db);
  // manager → reseller (with a domain) → customer; manager → plain.
  await user('manager');
  await user('reseller', { 'tarkan.reseller': true, 'tarkan.domainReseller': 'rastro.example' });
  await user('customer');
  await user('plain');
  await manage('manager', 'reseller');
  await manage('reseller', 'customer');
  await manage('manager', 'plain');
  await db.kysely
    .insertInto('resellerDomains')
    .values({ domain: 'rastro.example', userId: ids.reseller })
    .execute();
  await brandFile(dir, { title: 'Frota Central' });
  await brandFile(path.join(dir, 'resellers', String(ids.reseller)), { title: 'Rastro Já' });
});

afterAll(async () => {
  await db?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the brand of a notification', () => {
  const brands = () => new RecipientBrands(db, new Brands(db, dir), 'https://fleet.example:8443');

  it("gives a reseller's customers the reseller's name and links to the reseller's domain", async () => {
    const brand = await brands().forUser(ids.customer);
    expect(brand).toMatchObject({ name: 'Rastro Já', origin: 'https://rastro.example' });
  });

  it('gives everyone else the main brand and PUBLIC_URL', async () => {
    for (const name of ['plain', 'manager', 'reseller']) {
      expect(await brands().forUser(ids[name])).toMatchObject({
        name: 'Frota Central',
        origin: 'https://fleet.example:8443',
        logo: null,
      });
    }
  });
});
