import type { Ctx } from '../access/context';
import { devices } from '../devices/deviceDef';
import { checkArea, loadVisible } from '../entities/service';
import { IllegalArgumentException } from '../errors';
import { bytesAreImage, imageExtension, imageSize } from './imageType';
import { saveDeviceImage } from './mediaStore';

/** Traccar's limit on a device photo, in bytes. */
export const IMAGE_MAX_BYTES = 500_000;

/**
 * The most pixels a device photo may have, and the longest side: a phone's photo (12 MP, about
 * 4000 × 3000) fits; a picture that compresses to a few hundred kilobytes but declares
 * 16,000 × 16,000 pixels (a gigabyte once decoded) does not, since every browser showing the
 * device would decode it.
 */
export const IMAGE_MAX_PIXELS = 24_000_000;
export const IMAGE_MAX_SIDE = 8_192;

export const imageTooLarge = () => new IllegalArgumentException('Image size limit exceeded');

/**
 * Stores a device's photo (`POST /api/devices/{id}/image`) and returns its file name,
 * `device.<ext>`, which the client then saves as the device attribute `deviceImage`. The caller
 * must be able to edit devices (readonly and deviceReadonly refuse, as Traccar's `checkEdit`) and
 * reach this one. The bytes must really be the declared type, with dimensions a browser can
 * decode (read from the header): nothing is written otherwise.
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
  const size = imageSize(bytes, extension);
  if (!size || size.width === 0 || size.height === 0) {
    throw new IllegalArgumentException('Image dimensions unreadable');
  }
  const { width, height } = size;
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE || width * height > IMAGE_MAX_PIXELS) {
    throw new IllegalArgumentException('Image dimensions limit exceeded');
  }
  const name = await saveDeviceImage(mediaRoot, String(device.uniqueId), extension, bytes);
  if (name === null) throw new IllegalArgumentException('Invalid media path');
  return name;
}
