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
