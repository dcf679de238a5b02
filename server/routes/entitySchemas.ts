import { Type, type TSchema, type TUnsafe } from '@fastify/type-provider-typebox';
import type { EntityDef, FieldKind } from '../entities/definition';

/**
 * TypeBox schemas derived from an entity definition, so field lists live in one place. Response
 * schemas use `type: [x, 'null']` rather than unions so fast-json-stringify needs no validation
 * per value, and `attributes` allows any property so maps serialise whole.
 */

export const AttributesMap = Type.Unsafe<Record<string, unknown>>({
  type: 'object',
  additionalProperties: true,
});

const RESPONSE: Record<FieldKind, () => TSchema> = {
  text: () => Type.String(),
  optText: () => Type.Unsafe({ type: ['string', 'null'] }),
  number: () => Type.Number(),
  integer: () => Type.Integer(),
  flag: () => Type.Boolean(),
  millis: () => Type.Unsafe({ type: ['string', 'null'] }),
  json: () => AttributesMap,
  ref: () => Type.Integer(),
};

/** Requests may send any object as a map, and null for an unset reference. */
const INPUT: Record<FieldKind, () => TSchema> = {
  ...RESPONSE,
  json: () => Type.Unsafe({ type: 'object' }),
  ref: () => Type.Unsafe({ type: ['integer', 'null'] }),
};

function constantSchema(value: unknown): TSchema {
  return typeof value === 'number' ? Type.Integer() : Type.Unknown();
}

/** The object as the API sends it, typed as the shared model `T`. */
export function responseSchema<T>(def: EntityDef): TUnsafe<T> {
  const properties: Record<string, TSchema> = { id: Type.Integer() };
  for (const [name, field] of Object.entries(def.fields)) properties[name] = RESPONSE[field.kind]();
  for (const [name, value] of Object.entries(def.constants ?? {})) {
    properties[name] = constantSchema(value);
  }
  return Type.Unsafe<T>(Type.Object(properties, { additionalProperties: false }));
}

/** A request body: any subset of the fields; unknown ones (and `id`) are ignored. */
export function inputSchema(def: EntityDef): TUnsafe<Record<string, unknown>> {
  const properties: Record<string, TSchema> = { id: Type.Integer() };
  for (const [name, field] of Object.entries(def.fields)) properties[name] = INPUT[field.kind]();
  return Type.Unsafe<Record<string, unknown>>(Type.Partial(Type.Object(properties)));
}

/** Filters every Simple/Extended list takes (docs/traccar-api.md). */
export const listFilters = {
  all: Type.Optional(Type.Boolean()),
  userId: Type.Optional(Type.Integer({ minimum: 0 })),
  groupId: Type.Optional(Type.Integer({ minimum: 0 })),
  deviceId: Type.Optional(Type.Integer({ minimum: 0 })),
  keyword: Type.Optional(Type.String()),
  excludeAttributes: Type.Optional(Type.Boolean()),
  limit: Type.Optional(Type.Integer({ minimum: 0 })),
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
};

export const ListQuerystring = Type.Object(listFilters);
