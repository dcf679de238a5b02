import type { Ctx } from '../access/context';
import { inTransaction } from '../access/context';
import { devices } from './deviceDef';
import { checkArea, loadVisible } from '../entities/service';
import { lockDevice } from '../db/locks';
import { IllegalArgumentException } from '../errors';
import { storeLatestPosition } from '../ingest/store';
import { positionFromRow } from '../serialize';

interface Accumulators {
  deviceId?: number;
  /** Metres. */
  totalDistance?: number;
  /** Engine milliseconds. */
  hours?: number;
}

function finite(name: string, value: number | undefined): void {
  if (value !== undefined && !Number.isFinite(value)) {
    throw new IllegalArgumentException(`Invalid ${name}: expected a finite number`);
  }
}

/**
 * `PUT /api/devices/:id/accumulators`: copies the device's latest position into a new row with the
 * given `totalDistance`/`hours`, which becomes the latest. A device that never reported has
 * nothing to copy (400, as Traccar).
 */
export async function updateAccumulators(ctx: Ctx, id: number, body: Accumulators): Promise<void> {
  checkArea(ctx, devices, 'edit');
  if (body.deviceId !== undefined && body.deviceId !== id) {
    throw new IllegalArgumentException('deviceId does not match the path');
  }
  finite('totalDistance', body.totalDistance);
  finite('hours', body.hours);
  await loadVisible(ctx, devices, id);
  await inTransaction(ctx, async (db, changes) => {
    // Under the device row's lock, which ingest takes too: a fix stored meanwhile (by any
    // instance) is the latest copied, and cannot replace the copy with an older position.
    await lockDevice(db, id);
    const row = await db.kysely
      .selectFrom('devices')
      .select('positionId')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const latest = await db.kysely
      .selectFrom('positions')
      .selectAll()
      .where('id', '=', row.positionId ?? 0)
      .executeTakeFirst();
    if (!latest) throw new IllegalArgumentException('Device has no position');
    const copy = positionFromRow(latest);
    if (body.totalDistance !== undefined) copy.attributes.totalDistance = body.totalDistance;
    if (body.hours !== undefined) copy.attributes.hours = body.hours;
    await storeLatestPosition(db.kysely, db.dialect, copy);
    changes.push({ kind: 'device', id, action: 'update' });
  });
}
