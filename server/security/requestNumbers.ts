import { isPlainObject } from '../../model/json';

/**
 * Numbers a request may carry.
 *
 * Whole numbers: every integer the API takes is an id, a count, a limit or an amount. None is
 * meaningful beyond what a JavaScript number holds exactly (2^53 − 1), and PostgreSQL refuses one
 * past its `bigint`. Left unbounded, `/api/devices/99999999999999999999` or `{"deviceId":1e20}`
 * passed validation and failed in the database as an error of the server (500, logged each
 * time), and a value between the two would have been rounded to another id. Bounded in every
 * request schema instead, such a value is refused like any malformed number.
 *
 * Infinite ones: the validator turns a query's or a path's `1e309` into `Infinity`, which it then
 * checks against no bound (only finite numbers are compared), so `?id=1e309` reached the database
 * as well. `holdsNonFinite` finds them once validation has coerced the values.
 */

/** A JSON schema node, as the route schemas (TypeBox) are: plain objects all the way down. */
type SchemaNode = Record<string, unknown>;

const isInteger = (node: SchemaNode): boolean =>
  node.type === 'integer' || (Array.isArray(node.type) && node.type.includes('integer'));

/** The members of a schema node that hold schemas of their own. */
const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions'] as const;
const SCHEMA_MEMBERS = ['items', 'additionalProperties', 'not', 'if', 'then', 'else'] as const;

/**
 * Gives every integer in `schema` (a request's params, query, body or headers schema) bounds
 * within the safe range, keeping any tighter bound it has. Changes the schema in place; safe to
 * run again on a schema shared by several routes.
 */
export function boundIntegers(schema: unknown): void {
  // Iterative, and each node once: route schemas share their parts.
  const pending: unknown[] = [schema];
  const seen = new Set<SchemaNode>();
  while (pending.length > 0) {
    const node = pending.pop();
    if (!isPlainObject(node) || seen.has(node)) continue;
    seen.add(node);
    if (isInteger(node)) {
      const { maximum, minimum } = node;
      if (typeof maximum !== 'number' || maximum > Number.MAX_SAFE_INTEGER) {
        node.maximum = Number.MAX_SAFE_INTEGER;
      }
      if (typeof minimum !== 'number' || minimum < Number.MIN_SAFE_INTEGER) {
        node.minimum = Number.MIN_SAFE_INTEGER;
      }
    }
    for (const key of SCHEMA_LISTS) {
      const list = node[key];
      if (Array.isArray(list)) pending.push(...list);
    }
    for (const key of SCHEMA_MAPS) {
      const map = node[key];
      if (isPlainObject(map)) pending.push(...Object.values(map));
    }
    for (const key of SCHEMA_MEMBERS) {
      const member = node[key];
      if (Array.isArray(member)) pending.push(...member);
      else pending.push(member);
    }
  }
}

/**
 * Whether validated route parameters or a query (values, or arrays of them) hold a number that is
 * not finite.
 */
export function holdsNonFinite(values: unknown): boolean {
  if (typeof values !== 'object' || values === null) return false;
  for (const value of Object.values(values)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'number' && !Number.isFinite(item)) return true;
    }
  }
  return false;
}
