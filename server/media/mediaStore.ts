import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ImageExtension } from './imageType';
import { insideRoot, writeAtomic } from './safePath';

/** Media files per device, one folder per uniqueId, as Traccar's `media.path`. */
export function mediaRoot(dataDir: string): string {
  return path.join(dataDir, 'media');
}

/** The device photo's base name; the file is `device.<extension>`. */
const DEVICE_IMAGE = 'device';

/**
 * Stores a device photo as `device.<extension>` in the device's media folder, replacing any earlier
 * photo of whatever extension, and returns the file name. Written to a temporary file first and
 * renamed, so a reader never sees half an image. Null when the uniqueId cannot name a folder
 * inside the media root (separators, `..`, a leading dot): nothing is written then.
 */
export async function saveDeviceImage(
  root: string,
  uniqueId: string,
  extension: ImageExtension,
  bytes: Uint8Array,
): Promise<string | null> {
  const name = `${DEVICE_IMAGE}.${extension}`;
  const folder = insideRoot(root, [uniqueId]);
  if (folder === null) return null;
  await writeAtomic(path.join(folder, name), bytes);
  for (const existing of await readdir(folder)) {
    if (existing !== name && existing.startsWith(`${DEVICE_IMAGE}.`)) {
      await rm(path.join(folder, existing), { force: true });
    }
  }
  return name;
}

/** Content types media is served with; anything else is a download, never rendered. */
const SAFE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
};

export interface MediaFile {
  file: string;
  size: number;
  modified: Date;
  contentType: string;
  /** True when the type is not one a browser should show inline. */
  download: boolean;
}

/**
 * A stored media file of a device, or null when the names do not point at a regular file inside
 * that device's folder (traversal attempts included).
 */
export async function findMediaFile(
  root: string,
  uniqueId: string,
  file: string,
): Promise<MediaFile | null> {
  const target = insideRoot(root, [uniqueId, file]);
  if (target === null) return null;
  const info = await stat(target).catch(() => null);
  if (!info?.isFile()) return null;
  const type = SAFE_TYPES[path.extname(file).slice(1).toLowerCase()];
  return {
    file: target,
    size: info.size,
    modified: info.mtime,
    contentType: type ?? 'application/octet-stream',
    download: type === undefined,
  };
}
