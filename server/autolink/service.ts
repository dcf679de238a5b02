import { CATEGORIES } from '../../model/category';
import { flag, type Db } from '../db/database';
import { lockDevice } from '../db/locks';
import { findLink } from '../db/links';
import { checkDeviceLimits } from '../devices/deviceLimit';
import { inTransaction, type Ctx } from '../access/context';
import { devices } from '../devices/deviceDef';
import { checkArea, createEntity } from '../entities/service';
import { IllegalArgumentException, SecurityException } from '../errors';
import { addLink } from '../permissions/linkStore';
import { usersWhoSeeDevice } from '../permissions/visibility';
import { findDevice, isDriverAccount } from '../qrDriver/checkIn';
import { isShareUser } from '../shares/rules';

/** Tarkan's body (docs/extension-api.md): identifier, plate, model, category. */
export interface AutolinkInput {
  imei: string;
  placa?: string;
  modelo?: string;
  categoria?: string;
}

const OWNED_ELSEWHERE = 'Device is registered to another account';

const IDENTIFIER = /^[A-Za-z0-9_.:]{1,64}$/;

function clean(input: AutolinkInput) {
  const imei = input.imei.trim();
  if (!IDENTIFIER.test(imei)) throw new IllegalArgumentException('Invalid identifier');
  const category = input.categoria?.trim() || null;
  if (category !== null && !(CATEGORIES as readonly string[]).includes(category)) {
    throw new IllegalArgumentException('Invalid category');
  }
  const plate = input.placa?.trim().slice(0, 32) || null;
  const model = input.modelo?.trim().slice(0, 128) || null;
  return { imei, category, plate, model };
}

/** Non-administrator users who reach the device (directly or through its groups). */
async function owners(db: Db, deviceId: number): Promise<number[]> {
  const ids = await usersWhoSeeDevice(db, deviceId);
  if (ids.length === 0) return [];
  const rows = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('id', 'in', ids)
    .where('administrator', '=', flag(db, false))
    .execute();
  return rows.map((row) => Number(row.id));
}

/**
 * `POST /tarkan/autolink`: adds a device by its identifier for the caller, who must be allowed to
 * create devices. Unknown identifier: a new device linked to the caller (within device limits).
 * A device nobody but administrators reaches (stock registered without links): linked to the
 * caller, within the limits, taking the plate, model and category given. A device another
 * account reaches is refused without saying whose it is (Tarkan linked any device: a way to take
 * over another customer's tracker).
 * Returns the device id.
 */
export async function autolink(ctx: Ctx, input: AutolinkInput): Promise<number> {
  const { actor } = ctx;
  if (!actor.admin && (isDriverAccount(actor.user) || isShareUser(actor.user.attributes))) {
    throw new SecurityException('Access denied');
  }
  checkArea(ctx, devices, 'create');
  const { imei, category, plate, model } = clean(input);
  const row = await ctx.db.kysely
    .selectFrom('devices')
    .select('id')
    .where('uniqueId', '=', imei)
    .executeTakeFirst();

  if (!row) {
    const created = await createEntity(ctx, devices, {
      name: plate ?? model ?? imei,
      uniqueId: imei,
      model,
      category,
      attributes: plate ? { placa: plate } : {},
    });
    return created.id as number;
  }

  const deviceId = Number(row.id);
  await inTransaction(ctx, async (db, changes) => {
    // The device is locked before its owners are read: two accounts claiming the same unowned
    // device at once take turns, and the second finds it owned.
    await lockDevice(db, deviceId);
    const reached = await owners(db, deviceId);
    if (reached.includes(actor.user.id)) return;
    if (reached.length > 0) throw new IllegalArgumentException(OWNED_ELSEWHERE);
    const device = (await findDevice(db, deviceId))!;
    await checkDeviceLimits(db, actor);
    await addLink(db, findLink('userId', 'deviceId')!, actor.user.id, deviceId);
    await db.kysely
      .updateTable('devices')
      .set({
        ...(model ? { model } : {}),
        ...(category ? { category } : {}),
        attributes: JSON.stringify(
          plate ? { ...device.attributes, placa: plate } : device.attributes,
        ),
      })
      .where('id', '=', deviceId)
      .execute();
    changes.push({ kind: 'device', id: deviceId, action: 'update' });
    changes.push({
      kind: 'permission',
      owner: 'user',
      property: 'device',
      ownerId: actor.user.id,
      propertyId: deviceId,
      action: 'link',
    });
  });
  return deviceId;
}
