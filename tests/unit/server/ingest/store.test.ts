/**
 * The tracking core's batch writes of device rows, on SQLite and on PostgreSQL (a temporary
 * database on DATABASE_URL when set, else in-process PGlite): each dialect builds the statement
 * its own way, and both must write the same rows. Positions likewise: PostgreSQL takes a batch as
 * one JSON parameter, SQLite as a multi-row insert.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flag, type Db } from '../../../../server/db/database';
import {
  insertPositions,
  lockDevices,
  stateParameter,
  storeEvents,
  storeLatestPosition,
  updateDevices,
} from '../../../../server/ingest/store';
import type { NewEvent, PositionRecord } from '../../../../server/processing/types';
import { openMigrated, postgresTarget, sqliteTarget } from '../../../support/dialects';
import { positionRecord } from '../../../support/positionRecord';

describe.each([sqliteTarget('frota-ingest-store-'), postgresTarget()])(
  'device row writes on $name',
  (target) => {
    let db: Db;
    const ids: number[] = [];

    beforeAll(async () => {
      db = await openMigrated(target);
      for (let i = 0; i < 3; i++) {
        const row = await db.kysely
          .insertInto('devices')
          .values({
            name: `d${i}`,
            uniqueId: `store-${i}`,
            status: 'offline',
            lastUpdate: 1000,
            positionId: 7,
            disabled: flag(db, false),
            state: '{"before":true}',
            attributes: '{}',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(Number(row.id));
      }
    });

    afterAll(async () => {
      await db.close();
      await target.cleanup();
    });

    const read = () =>
      db.kysely
        .selectFrom('devices')
        .select(['id', 'status', 'lastUpdate', 'positionId', 'state'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();

    it('writes each device its own columns; a null state or position keeps the stored one', async () => {
      // Quotes, backslashes and braces (array literal syntax), and multi-byte characters: with
      // node-postgres the state goes as bytes.
      const tricky =
        '{"text":"a \\"quoted\\" \\\\ back\\\\slash, {braces}, comma","address":"São Paulo — 5º andar 🚚","n":[1,2]}';
      const state = (text: string | null) => stateParameter(db, text);
      await db.kysely.transaction().execute((trx) =>
        updateDevices(trx, db.dialect, [
          { id: ids[0], status: 'online', lastUpdate: 5000, positionId: 11, state: state(tricky) },
          { id: ids[1], status: 'unknown', lastUpdate: null, positionId: null, state: null },
          {
            id: ids[2],
            status: null,
            lastUpdate: 9_999_999_999_999,
            positionId: 12,
            state: state('{}'),
          },
        ]),
      );
      const rows = await read();
      expect(
        rows.map((r) => ({
          ...r,
          lastUpdate: r.lastUpdate === null ? null : Number(r.lastUpdate),
          positionId: r.positionId === null ? null : Number(r.positionId),
        })),
      ).toEqual([
        { id: ids[0], status: 'online', lastUpdate: 5000, positionId: 11, state: tricky },
        {
          id: ids[1],
          status: 'unknown',
          lastUpdate: null,
          positionId: 7,
          state: '{"before":true}',
        },
        { id: ids[2], status: null, lastUpdate: 9_999_999_999_999, positionId: 12, state: '{}' },
      ]);
    });

    const position = (over: Partial<PositionRecord>): PositionRecord =>
      positionRecord({
        id: 0,
        deviceId: ids[0],
        serverTime: 1_700_000_000_123,
        latitude: -23.550520001,
        longitude: -46.633308999,
        altitude: 760.25,
        speed: 12.345678901234,
        course: 359.9,
        ...over,
      });
    const readPositions = (positionIds: number[]) =>
      db.kysely
        .selectFrom('positions')
        .selectAll()
        .where('id', 'in', positionIds)
        .orderBy('id')
        .execute();

    it('stores each position as its record holds it, ids in the batch order', async () => {
      const batch = [
        position({
          fixTime: 1_700_000_001_000,
          address: 'Av. "Paulista", 1578 \\ São Paulo — 5º andar 🚚',
          attributes: { ignition: true, note: 'a "quoted" \\ {text}', odometer: 1e21, n: [1, 2.5] },
          geofenceIds: [3, 4],
          network: { radioType: 'gsm', cellTowers: [{ cellId: 1, signalStrength: -80 }] },
        }),
        position({
          fixTime: 1_700_000_002_000,
          protocol: null,
          valid: false,
          geofenceIds: [],
          // A NUL a device sent in an attribute: stored escaped, as JSON writes it.
          attributes: { raw: 'a\u0000b' },
        }),
        position({ fixTime: 1_700_000_003_000, deviceId: ids[1], latitude: 0, longitude: 0 }),
      ];
      const positionIds = await db.kysely
        .transaction()
        .execute((trx) => insertPositions(trx, db.dialect, batch));
      expect(positionIds).toHaveLength(3);
      expect([...positionIds].sort((a, b) => a - b)).toEqual(positionIds);
      const rows = await readPositions(positionIds);
      expect(
        rows.map((r) => ({
          ...r,
          id: Number(r.id),
          deviceId: Number(r.deviceId),
          serverTime: Number(r.serverTime),
          deviceTime: Number(r.deviceTime),
          fixTime: Number(r.fixTime),
          valid: Boolean(r.valid),
        })),
      ).toEqual(
        batch.map((p, i) => ({
          id: positionIds[i],
          protocol: p.protocol,
          deviceId: p.deviceId,
          serverTime: p.serverTime,
          deviceTime: p.deviceTime,
          fixTime: p.fixTime,
          valid: p.valid,
          latitude: p.latitude,
          longitude: p.longitude,
          altitude: p.altitude,
          speed: p.speed,
          course: p.course,
          address: p.address,
          accuracy: p.accuracy,
          network: p.network ? JSON.stringify(p.network) : null,
          geofenceIds: p.geofenceIds?.length ? JSON.stringify(p.geofenceIds) : null,
          attributes: JSON.stringify(p.attributes),
        })),
      );
    });

    if (target.name.startsWith('postgres')) {
      it('stores a batch holding a number JSON cannot carry', async () => {
        const [id] = await db.kysely
          .transaction()
          .execute((trx) =>
            insertPositions(trx, db.dialect, [position({ accuracy: Number.POSITIVE_INFINITY })]),
          );
        expect((await readPositions([id]))[0].accuracy).toBe(Number.POSITIVE_INFINITY);
      });
    }

    if (!target.name.startsWith('postgres')) {
      it('answers no versions (SQLite has no row version)', async () => {
        const versions = await db.kysely
          .transaction()
          .execute((trx) =>
            updateDevices(trx, db.dialect, [
              { id: ids[0], status: 'online', lastUpdate: 6000, positionId: 13, state: null },
            ]),
          );
        expect(versions.size).toBe(0);
        expect((await read())[0]).toMatchObject({ status: 'online', state: expect.any(String) });
      });
      return;
    }

    it('answers the version each written row now has, the one its lock then reports', async () => {
      const versions = await db.kysely.transaction().execute((trx) =>
        updateDevices(
          trx,
          db.dialect,
          ids.map((id) => ({
            id,
            status: 'online',
            lastUpdate: 6000,
            positionId: 13,
            state: null,
          })),
          true,
        ),
      );
      expect([...versions.keys()].sort((a, b) => a - b)).toEqual(ids);
      const locked = await db.kysely.transaction().execute((trx) =>
        lockDevices(
          trx,
          ids.map((id) => ({ id, known: versions.get(id) ?? null })),
        ),
      );
      // Every version matched: no state was sent back.
      expect(locked.map((row) => [row.id, row.version, row.state])).toEqual(
        ids.map((id) => [id, versions.get(id), null]),
      );
    });

    it('tells, for the devices asked about, whether commands wait for them', async () => {
      await db.kysely
        .insertInto('queuedCommands')
        .values(
          [ids[0], ids[1]].map((deviceId) => ({
            deviceId,
            type: 'engineStop',
            textChannel: flag(db, false),
            created: 1,
            attributes: '{}',
          })),
        )
        .execute();
      const locked = await db.kysely.transaction().execute((trx) =>
        lockDevices(trx, [
          { id: ids[0], known: null, commands: true },
          // Not asked (no reply of the batch can carry one): not looked up.
          { id: ids[1], known: null },
          { id: ids[2], known: null, commands: true },
          // A device listed twice is asked about if either listing asks.
          { id: ids[1], known: null, commands: false },
        ]),
      );
      expect(locked.map((row) => [row.id, row.commandsQueued])).toEqual([
        [ids[0], true],
        [ids[1], false],
        [ids[2], false],
      ]);
      const again = await db.kysely.transaction().execute((trx) =>
        lockDevices(trx, [
          { id: ids[1], known: null, commands: true },
          { id: ids[1], known: null },
        ]),
      );
      expect(again.map((row) => row.commandsQueued)).toEqual([true]);
    });

    it('writes a position made outside a batch as its device’s latest', async () => {
      const copy = position({ deviceId: ids[2], attributes: { totalDistance: 5_000, hours: 7 } });
      const positionId = await db.kysely
        .transaction()
        .execute((trx) => storeLatestPosition(trx, db.dialect, copy));
      const device = await db.kysely
        .selectFrom('devices')
        .select(['positionId', 'status'])
        .where('id', '=', ids[2])
        .executeTakeFirstOrThrow();
      expect(Number(device.positionId)).toBe(positionId);
      const [row] = await readPositions([positionId]);
      expect(Number(row.deviceId)).toBe(ids[2]);
      expect(JSON.parse(row.attributes) as unknown).toEqual({ totalDistance: 5_000, hours: 7 });
    });

    it('writes events made outside a batch and answers them with their ids, in order', async () => {
      const event = (notificationId: number): NewEvent => ({
        type: 'scheduled',
        deviceId: ids[1],
        eventTime: 1_700_000_000_000,
        positionId: 0,
        geofenceId: 0,
        maintenanceId: 0,
        attributes: { notificationId },
      });
      const made = [event(1), event(2)];
      const stored = await db.kysely.transaction().execute((trx) => storeEvents(trx, made));
      expect(stored).toEqual(made.map((e) => ({ ...e, id: expect.any(Number) as number })));
      expect(stored[0].id).toBeLessThan(stored[1].id);
      const rows = await db.kysely
        .selectFrom('events')
        .select(['id', 'type', 'positionId', 'attributes'])
        .where(
          'id',
          'in',
          stored.map((e) => e.id),
        )
        .orderBy('id')
        .execute();
      expect(
        rows.map((r) => [Number(r.id), r.type, r.positionId, JSON.parse(r.attributes) as unknown]),
      ).toEqual(stored.map((e) => [e.id, 'scheduled', null, e.attributes]));
      expect(await db.kysely.transaction().execute((trx) => storeEvents(trx, []))).toEqual([]);
    });
  },
);
