import { uploadRaw } from './http';

/** The types Traccar stores as a device photo (`POST /api/devices/{id}/image`). */
export const DEVICE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** Traccar's limit on a device photo, in bytes. */
export const DEVICE_IMAGE_MAX_BYTES = 500_000;

/**
 * Where a device's photo is served (`GET /api/media/{uniqueId}/{file}`, a cookie session), `file`
 * being its `deviceImage` attribute. `version` defeats the browser's cache after a new upload,
 * which keeps the file name.
 */
export const deviceImageUrl = (uniqueId: string, file: string, version?: number): string =>
  `/api/media/${encodeURIComponent(uniqueId)}/${encodeURIComponent(file)}` +
  (version ? `?v=${version}` : '');

export const deviceImageMethods = {
  /**
   * Stores a device's photo and answers its file name (`device.png`), which the device form then
   * saves as the `deviceImage` attribute, as Traccar's web app does.
   */
  uploadDeviceImage: (deviceId: number, file: Blob): Promise<string> =>
    uploadRaw(`/api/devices/${deviceId}/image`, file),
};
