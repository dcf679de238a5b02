/**
 * Entity lists rendered as JSON by the database read exactly as the rows mapped by `toWire`, on
 * SQLite and on PostgreSQL, including the values only a hand-edited database holds; what SQL
 * cannot render the same way falls back to `toWire`.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flag, type Db } from '../../../../server/db/database';
import type { EntityDef } from '../../../../server/entities/definition';
import { listJson, renderedList } from '../../../../server/entities/listJson';
import { toWire } from '../../../../server/entities/mapping';
import { listRows, type Page } from '../../../../server/entities/repository';
import { devices } from '../../../../server/devices/deviceDef';
import { commands, maintenances } from '../../../../server/entities/resources';
import { closeTarget, openMigrated, postgresTarget, sqliteTarget } from '../../../support/dialects';

describe.each([sqliteTarget('frota-listjson-'), postgresTarget()])(
  'list JSON on $name',
  (target) => {
    let db: Db;

    const viaNode = async (def: EntityDef, page: Page = {}) =>
      (await listRows(db, def, [], page)).map((row) => toWire(def, row));
    const parsed = (buffer: Buffer | null) => JSON.parse(String(buffer)) as unknown;

    beforeAll(async () => {
      db = await openMigrated(target);
      const base = { disabled: flag(db, false), state: '{}' };
      await db.kysely
        .insertInto('devices')
        .values([
          {
            ...base,
            name: 'Zeta "quoted" \\ back\nslash',
            uniqueId: 'z1',
            status: 'online',
            lastUpdate: Date.UTC(2026, 10, 27, 13, 5, 9, 7),
            positionId: null,
            phone: '+55 11 9',
            model: 'Ônibus ✓ 🚌',
            contact: null,
            category: 'bus',
            disabled: flag(db, true),
            expirationTime: Date.UTC(2027, 0, 1),
            attributes: '{"speedLimit":80.5,"nested":{"a":[1,null,"x"]},"unicode":"ação"}',
          },
          {
            ...base,
            name: 'alpha',
            uniqueId: 'a1',
            status: null,
            lastUpdate: null,
            expirationTime: 0,
            attributes: '',
          },
          { ...base, name: 'Alpha', uniqueId: 'a2', lastUpdate: 999, attributes: '[1,2]' },
          {
            ...base,
            name: 'Beta',
            uniqueId: 'b1',
            lastUpdate: 253_402_300_799_999,
            attributes: '7',
          },
        ])
        .execute();
      await db.kysely
        .insertInto('commands')
        .values([
          {
            description: null,
            type: 'custom',
            textChannel: flag(db, true),
            attributes: '{"data":"reboot"}',
          },
          {
            description: 'Engine stop',
            type: 'engineStop',
            textChannel: flag(db, false),
            attributes: '{}',
          },
        ])
        .execute();
    }, 60_000);

    afterAll(async () => {
      await closeTarget(target, db);
    });

    it('renders every field kind as toWire reads it, in the same order', async () => {
      for (const page of [
        {},
        { excludeAttributes: true },
        { limit: 2, offset: 1 },
        { offset: 3 },
      ]) {
        const rendered = await renderedList(db, devices, [], page);
        expect(rendered, JSON.stringify(page)).not.toBeNull();
        const expected = await viaNode(devices, page);
        expect(parsed(rendered)).toEqual(expected);
        // Same keys in the same order, as a client printing the objects would see them.
        expect((parsed(rendered) as object[]).map((d) => Object.keys(d))).toEqual(
          expected.map((d) => Object.keys(d)),
        );
      }
      const names = (parsed(await listJson(db, devices, [])) as { name: string }[]).map(
        (d) => d.name,
      );
      expect(names).toEqual((await viaNode(devices)).map((d) => d.name));
      expect(parsed(await renderedList(db, commands, []))).toEqual(await viaNode(commands));
    });

    it('renders an empty list as an empty array', async () => {
      const none = [sql<boolean>`1 = 0`];
      expect(String(await renderedList(db, devices, none))).toBe('[]');
      expect(String(await listJson(db, devices, none))).toBe('[]');
    });

    it('falls back to toWire where SQL would render differently', async () => {
      await db.kysely
        .insertInto('devices')
        .values({
          name: 'Old',
          uniqueId: 'old',
          disabled: flag(db, false),
          state: '{}',
          attributes: '{}',
          expirationTime: -1,
        })
        .execute();
      expect(await renderedList(db, devices, [])).toBeNull();
      expect(parsed(await listJson(db, devices, []))).toEqual(await viaNode(devices));
      // Doubles: SQL prints fewer digits than JavaScript.
      expect(await renderedList(db, maintenances, [])).toBeNull();
    });
  },
);
