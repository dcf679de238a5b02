import { stat } from 'node:fs/promises';
import path from 'node:path';
import { insideRoot, writeAtomic } from './safePath';

/**
 * Files an administrator uploads to replace the web app's own (Traccar's `web.override`): a
 * custom logo, a manifest. Served at the same path ahead of WEB_DIR.
 */
export function overrideRoot(dataDir: string): string {
  return path.join(dataDir, 'override');
}

/** Upload limit of one override file. */
export const OVERRIDE_MAX_BYTES = 5 * 1024 * 1024;

/** The segments of a relative path (`img/logo.png`), or null for anything but plain names. */
function segmentsOf(relative: string): string[] | null {
  const segments = relative.split('/');
  return segments.every((segment) => segment.length > 0) ? segments : null;
}

/**
 * Writes an override file at `relative` (folders created), atomically. False, with nothing
 * written, when the path would leave the override folder or names a dotfile.
 */
export async function writeOverrideFile(
  root: string,
  relative: string,
  bytes: Uint8Array,
): Promise<boolean> {
  const segments = segmentsOf(relative);
  const target = segments && insideRoot(root, segments);
  if (!target) return false;
  await writeAtomic(target, bytes);
  return true;
}

/** The override file for a URL path (`/logo.svg`), or null when there is none. */
export async function findOverrideFile(
  root: string,
  urlPath: string,
): Promise<{ file: string; size: number; modified: Date } | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const segments = segmentsOf(decoded.replace(/^\/+/, ''));
  const target = segments && insideRoot(root, segments);
  if (!target) return null;
  const info = await stat(target).catch(() => null);
  return info?.isFile() ? { file: target, size: info.size, modified: info.mtime } : null;
}

const WEB_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
};

/** The content type of a web file by its extension; unknown ones are opaque bytes. */
export function webContentType(file: string): string {
  return WEB_TYPES[path.extname(file).slice(1).toLowerCase()] ?? 'application/octet-stream';
}
