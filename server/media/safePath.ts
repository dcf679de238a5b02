import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * One path segment as a file or folder name inside a folder we serve: never empty, `.`/`..`, a
 * dotfile (temporary files start with a dot), or anything with a separator or NUL in it.
 */
export function isPlainName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 255 &&
    !name.startsWith('.') &&
    ![...name].some((char) => char === '/' || char === '\\' || char.charCodeAt(0) < 0x20)
  );
}

/**
 * `root` joined with the relative `segments`, or null unless every segment is a plain name and
 * the result stays strictly inside `root` (checked again after resolving, as a second guard).
 */
export function insideRoot(root: string, segments: string[]): string | null {
  if (segments.length === 0 || !segments.every(isPlainName)) return null;
  const base = path.resolve(root);
  const target = path.resolve(base, ...segments);
  const relative = path.relative(base, target);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return target;
}

/**
 * Writes a file atomically: a temporary dotfile beside it (never served: dotfiles are not plain
 * names) renamed over the target, so readers see the old or the new content, never half of it.
 */
export async function writeAtomic(target: string, content: string | Uint8Array): Promise<void> {
  const folder = path.dirname(target);
  await mkdir(folder, { recursive: true });
  const temporary = path.join(
    folder,
    `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`,
  );
  try {
    await writeFile(temporary, content, { flag: 'wx' });
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
