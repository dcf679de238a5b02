/**
 * A batch committed on another instance, as the tracking cache takes it (cluster mode): the
 * latest position follows it as text and is read only when something asks for the record; a
 * newer fix held here wins; devices take status and last update; an unknown device passes only
 * with its record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../server/db/database';
import { TrackingCache } from '../../../../server/ingest/cache';
import {
  livePositionText,
  positionJson,
  positionText,
  type PositionTexts,
} from '../../../../server/serialize';
import type { PositionRecord } from '../../../../server/processing/types';
import { closeTarget, openMigrated, sqliteTarget } from '../../../support/dialects';
import { positionRecord } from '../../../support/positionRecord';
import { seedFleet, type Fleet } from '../../../support/trackingSeed';

const T0 = Date.UTC(2026, 2, 2, 9, 0, 0);

/** A position as the relay hands it over: its key, and its Traccar JSON as the message's bytes. */
const relayed = (position: PositionRecord): PositionTexts => ({
  id: position.id,
  deviceId: position.deviceId,
  fixTime: position.fixTime,
  wire: Buffer.from(positionText(position)),
});

describe('a batch from another instance in the tracking cache', () => {
  const target = sqliteTarget();
  let db: Db;
  let fleet: Fleet;
  let cache: TrackingCache;

  beforeAll(async () => {
    db = await openMigrated(target);
    fleet = await seedFleet(db);
    cache = new TrackingCache(db);
    await cache.load();
  }, 60_000);

  afterAll(async () => {
    await closeTarget(target, db);
  });

  it('keeps the latest position as text until its record is read', () => {
    const entry = cache.devices.get(fleet.van.id);
    if (!entry) throw new Error('the van is not cached');
    const record = positionRecord({
      id: 9001,
      deviceId: fleet.van.id,
      fixTime: T0,
      speed: 12.5,
      attributes: { ignition: true, note: 'line\nbreak' },
    });
    const texts = relayed(record);

    const fresh = cache.applyRemoteBatch([texts], []);
    expect(fresh.positions).toEqual([texts]);
    expect(entry.latest).toBe(texts);
    expect(entry.device.positionId).toBe(9001);

    // Read when asked: the record as stored there, with the Traccar JSON built there.
    const last = entry.last;
    expect(last).toEqual(record);
    expect(positionText(last as PositionRecord)).toBe(livePositionText(texts));
    expect(positionJson(last as PositionRecord)).toEqual(JSON.parse(livePositionText(texts)));
    expect(entry.latest).toBe(last);
    expect(entry.last).toBe(last);
  });

  it('keeps a newer fix held here and skips one it has already', () => {
    const entry = cache.devices.get(fleet.truck.id);
    if (!entry) throw new Error('the truck is not cached');
    const newer = positionRecord({ id: 9100, deviceId: fleet.truck.id, fixTime: T0 + 60_000 });
    entry.last = newer;
    const older = relayed(positionRecord({ id: 9099, deviceId: fleet.truck.id, fixTime: T0 }));
    expect(cache.applyRemoteBatch([older, relayed(newer)], []).positions).toEqual([]);
    expect(entry.last).toBe(newer);
  });

  it('takes status and last update, newer only, and passes an unknown device with its record', () => {
    const entry = cache.devices.get(fleet.van.id);
    if (!entry) throw new Error('the van is not cached');
    entry.device.status = 'offline';
    entry.device.lastUpdate = T0;
    const stranger = {
      ...entry.device,
      id: 999_999,
      uniqueId: 'made-elsewhere',
      status: 'online' as const,
    };

    const { devices } = cache.applyRemoteBatch(
      [],
      [
        { id: fleet.van.id, status: 'online', lastUpdate: T0 + 1000, device: null },
        { id: 999_998, status: 'online', lastUpdate: T0, device: null },
        { id: stranger.id, status: 'online', lastUpdate: T0, device: stranger },
      ],
    );
    expect(devices).toEqual([
      { device: entry.device, statusChanged: true },
      { device: stranger, statusChanged: true },
    ]);
    expect(entry.device).toMatchObject({ status: 'online', lastUpdate: T0 + 1000 });

    // An older state from there (a status timeout, say) does not undo a later report here.
    const late = cache.applyRemoteBatch(
      [],
      [{ id: fleet.van.id, status: 'unknown', lastUpdate: T0, device: null }],
    );
    expect(late.devices).toEqual([]);
    expect(entry.device.status).toBe('online');
  });
});
