import type { User } from '../../model';
import type { Db } from '../db/database';
import { notFound } from '../errors';
import { accessDenied, userSees } from '../permissions/objects';
import { findMediaFile, type MediaFile } from './mediaStore';

/**
 * A media file for `GET /api/media/{uniqueId}/{file}`, as Traccar's media filter: the device must
 * exist and the user reach it, else 400 `Device access denied` alike for both, so a stranger
 * cannot probe which uniqueIds exist; then 404 when the device has no such file.
 */
export async function mediaFileFor(
  db: Db,
  user: Pick<User, 'id' | 'administrator'>,
  root: string,
  uniqueId: string,
  file: string,
): Promise<MediaFile> {
  const device = await db.kysely
    .selectFrom('devices')
    .select('id')
    .where('uniqueId', '=', uniqueId)
    .executeTakeFirst();
  if (!device || !(await userSees(db, user, 'device', device.id))) {
    throw accessDenied('device');
  }
  const found = await findMediaFile(root, uniqueId, file);
  if (!found) throw notFound();
  return found;
}
