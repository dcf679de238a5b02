import { ATTRIBUTES_MAX_LENGTH, DESCRIPTION_MAX_LENGTH } from '../../model';
import { isPlainObject } from '../../model/json';
import { flag, type Db } from '../db/database';
import { parseAttributes, toIso } from '../db/json';
import { IllegalArgumentException } from '../errors';
import type { EntityDef, FieldDef, Wire } from './definition';

/** A stored row (camelCase keys) as the API sends it. */
export function toWire(def: EntityDef, row: Record<string, unknown>): Wire {
  const wire: Wire = { id: Number(row.id) };
  for (const name in def.fields) wire[name] = readValue(def.fields[name], row[name]);
  return def.constants ? Object.assign(wire, def.constants) : wire;
}

function readValue(field: FieldDef, value: unknown): unknown {
  switch (field.kind) {
    case 'text':
      return value ?? '';
    case 'optText':
      return value ?? field.nullAs ?? null;
    case 'number':
    case 'integer':
      return Number(value ?? 0);
    case 'flag':
      return Boolean(value);
    case 'millis':
      return value === null || value === undefined ? null : toIso(Number(value));
    case 'json':
      // Absent when the list asked for `excludeAttributes`.
      return value === undefined ? {} : parseAttributes(value as string);
    case 'ref':
      return value === null || value === undefined ? 0 : Number(value);
  }
}

/** A new object before the request's fields are applied. */
export function emptyWire(def: EntityDef): Wire {
  const wire: Wire = { id: 0 };
  for (const name in def.fields) wire[name] = readValue(def.fields[name], undefined);
  return def.constants ? Object.assign(wire, def.constants) : wire;
}

const invalid = (name: string, what: string) =>
  new IllegalArgumentException(`Invalid ${name}: ${what}`);

/**
 * Copies the request's fields over `base`, checking each one: unknown and server-managed fields
 * are ignored, everything else must have the right type. Required text must not end up blank.
 */
export function applyInput(def: EntityDef, base: Wire, input: Record<string, unknown>): Wire {
  const result: Wire = { ...base };
  for (const name in def.fields) {
    const field = def.fields[name];
    const value = input[name];
    if (value === undefined || field.serverManaged) continue;
    result[name] = checkValue(name, field, value);
  }
  for (const name in def.fields) {
    if (def.fields[name].required && (result[name] as string).trim() === '') {
      throw new IllegalArgumentException(`${name} is required`);
    }
  }
  return result;
}

function checkValue(name: string, field: FieldDef, value: unknown): unknown {
  switch (field.kind) {
    case 'text': {
      if (typeof value !== 'string') throw invalid(name, 'expected text');
      const text = field.required ? value.trim() : value;
      checkLength(name, field, text);
      return text;
    }
    case 'optText':
      if (value !== null && typeof value !== 'string') throw invalid(name, 'expected text');
      if (value !== null) checkLength(name, field, value);
      return value;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        throw invalid(name, 'expected a finite number');
      }
      return value;
    case 'integer':
      if (!Number.isSafeInteger(value)) throw invalid(name, 'expected an integer');
      return value;
    case 'flag':
      if (typeof value !== 'boolean') throw invalid(name, 'expected true or false');
      return value;
    case 'millis':
      if (value === null) return null;
      if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) {
        throw invalid(name, 'expected an ISO-8601 date');
      }
      return new Date(Date.parse(value)).toISOString();
    case 'json':
      if (!isPlainObject(value)) throw invalid(name, 'expected an object');
      if (JSON.stringify(value).length > ATTRIBUTES_MAX_LENGTH) {
        throw invalid(name, `longer than ${ATTRIBUTES_MAX_LENGTH} characters as JSON`);
      }
      return value;
    case 'ref':
      if (value === null) return 0;
      if (!Number.isSafeInteger(value) || (value as number) < 0) {
        throw invalid(name, 'expected an id');
      }
      return value;
  }
}

/** Every text is bounded: a field that names no limit of its own takes a description's. */
function checkLength(name: string, field: FieldDef, text: string) {
  const max = field.maxLength ?? DESCRIPTION_MAX_LENGTH;
  if (text.length > max) throw invalid(name, `longer than ${max} characters`);
}

/** Column values for an insert or update of every writable field. */
export function toColumns(db: Db, def: EntityDef, wire: Wire): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const name in def.fields) {
    const field = def.fields[name];
    if (field.serverManaged) continue;
    const value = wire[name];
    switch (field.kind) {
      case 'flag':
        row[name] = flag(db, value as boolean);
        break;
      case 'millis':
        row[name] = value === null ? null : Date.parse(value as string);
        break;
      case 'json':
        row[name] = JSON.stringify(value);
        break;
      case 'ref':
        row[name] = value === 0 ? null : value;
        break;
      default:
        row[name] = value;
    }
  }
  return row;
}
