/**
 * Text a request may carry. PostgreSQL stores no NUL character in text and cannot compare text
 * with one: a name, an e-mail or a query string holding one failed there as an error of the
 * server (500, logged each time), while SQLite stored it. Refused at the boundary on every
 * database, so both behave alike and nothing downstream meets one.
 */

/**
 * Parsed JSON, forms and queries are arrays and plain objects (a query's or a form's has an empty
 * prototype of its own, itself without one). Anything else is not parsed text: bytes of an
 * upload, or the request stream a route that forwards bodies untouched leaves in place, whose
 * members lead to the whole server.
 */
const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object') return false;
  const prototype: object | null = Object.getPrototypeOf(value) as object | null;
  if (prototype === null || prototype === Object.prototype) return true;
  return Object.getPrototypeOf(prototype) === null && Reflect.ownKeys(prototype).length === 0;
};

/**
 * How deep parsed JSON may nest: the limit Traccar's parser (Jackson) keeps by default. The
 * server's own code walks and serialises bodies (JSON.stringify recurses), and a body nested a
 * few thousand levels overflowed its stack: a server error for the request.
 */
export const MAX_NESTING = 1000;

export type InputProblem = 'nul' | 'nesting';

/**
 * What makes `value` (parsed JSON, a form, a query or route parameters) unfit to take in: a NUL
 * anywhere, in a text or a key, or nesting deeper than `MAX_NESTING`; null when nothing does.
 */
export function inputProblem(value: unknown): InputProblem | null {
  // Iterative: a body may nest as deep as its parser allows, deeper than the call stack.
  const pending: [unknown, number][] = [[value, 0]];
  // Parsed data is a tree; anything else handed in must still not loop.
  const seen = new WeakSet<object>();
  // A NUL anywhere is the answer even past the nesting limit, so the walk goes on to the end.
  let tooDeep = false;
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\0')) return 'nul';
    } else if (typeof item === 'object' && item !== null && seen.has(item)) {
      continue;
    } else if (Array.isArray(item) || isPlainObject(item)) {
      if (depth >= MAX_NESTING) tooDeep = true;
      seen.add(item);
      if (Array.isArray(item)) {
        // Not spread: an array of a million items is more arguments than a call takes.
        for (const member of item) pending.push([member, depth + 1]);
      } else {
        for (const [key, member] of Object.entries(item)) {
          if (key.includes('\0')) return 'nul';
          pending.push([member, depth + 1]);
        }
      }
    }
  }
  return tooDeep ? 'nesting' : null;
}

/** Whether `value` holds a NUL anywhere, in a text or a key. */
export const holdsNul = (value: unknown): boolean => inputProblem(value) === 'nul';
