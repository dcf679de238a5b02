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

/** Whether `value` (parsed JSON, a form, a query or route parameters) holds a NUL anywhere. */
export function holdsNul(value: unknown): boolean {
  // Iterative: a body may nest as deep as its parser allows, deeper than the call stack.
  const pending: unknown[] = [value];
  // Parsed data is a tree; anything else handed in must still not loop.
  const seen = new WeakSet<object>();
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\0')) return true;
    } else if (typeof item === 'object' && item !== null && seen.has(item)) {
      continue;
    } else if (Array.isArray(item)) {
      seen.add(item);
      // Not spread: an array of a million items is more arguments than a call takes.
      for (const member of item) pending.push(member);
    } else if (isPlainObject(item)) {
      seen.add(item);
      for (const [key, member] of Object.entries(item)) {
        if (key.includes('\0')) return true;
        pending.push(member);
      }
    }
  }
  return false;
}
