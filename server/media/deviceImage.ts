import type { Ctx } from '../entities/context';
import { devices } from '../entities/resources';
import { checkArea, loadVisible } from '../entities/service';
import { IllegalArgumentException } from '../errors';
import { bytesAreImage, imageExtension } from './imageType';
import { saveDeviceImage } from './mediaStore';

/** Traccar's limit on a device photo, in bytes. */
export const IMAGE_MAX_BYTES = 500_000;

export const imageTooLarge = () => new IllegalArgumentException('Image size limit exceeded');

/**
 * Stores a device's photo (`POST /api/devices/{id}/image`) and returns its file name,
 * `device.<ext>`, which the client then saves as the device attribute `deviceImage`. The caller
 * must be able to edit devices (readonly and deviceReadonly refuse, as Traccar's `checkEdit`) and
 * reach this one. The bytes must really be the declared type: nothing is written otherwise.
 */
export async function uploadDeviceImage(
  ctx: Ctx,
  mediaRoot: string,
  deviceId: number,
  contentType: string | undefined,
  bytes: Uint8Array,
): Promise<string> {
  checkArea(ctx, devices, 'edit');
  const device = await loadVisible(ctx, devices, deviceId);
  const extension = imageExtension(contentType);
  if (extension === null) throw new IllegalArgumentException('Unsupported image type');
  if (bytes.length > IMAGE_MAX_BYTES) throw imageTooLarge();
  if (!bytesAreImage(bytes, extension)) {
    throw new IllegalArgumentException('Image content does not match its type');
  }
  const name = await saveDeviceImage(mediaRoot, String(device.uniqueId), extension, bytes);
  if (name === null) throw new IllegalArgumentException('Invalid media path');
  return name;
}
