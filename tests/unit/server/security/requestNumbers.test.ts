import { Type } from '@fastify/type-provider-typebox';
import { describe, expect, it } from 'vitest';
import { boundIntegers, holdsNonFinite } from '../../../../server/security/requestNumbers';

describe('boundIntegers', () => {
  it('bounds every integer at any depth, keeping tighter bounds', () => {
    const id = Type.Integer({ minimum: 1 });
    const schema = Type.Object({
      id,
      limit: Type.Integer({ minimum: 1, maximum: 500 }),
      ids: Type.Array(Type.Integer()),
      either: Type.Union([Type.Integer(), Type.String()]),
      nested: Type.Object({ again: id, ratio: Type.Number() }),
      map: Type.Record(Type.String(), Type.Integer()),
    });
    boundIntegers(schema);
    boundIntegers(schema); // shared schemas are met more than once
    expect(id).toMatchObject({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
    expect(schema.properties.limit).toMatchObject({ minimum: 1, maximum: 500 });
    expect(schema.properties.ids.items).toMatchObject({
      minimum: Number.MIN_SAFE_INTEGER,
      maximum: Number.MAX_SAFE_INTEGER,
    });
    expect(schema.properties.either.anyOf[0]).toMatchObject({ maximum: Number.MAX_SAFE_INTEGER });
    expect(schema.properties.either.anyOf[1]).not.toHaveProperty('maximum');
    expect(schema.properties.nested.properties.ratio).not.toHaveProperty('maximum');
    expect(Object.values(schema.properties.map.patternProperties)[0]).toMatchObject({
      maximum: Number.MAX_SAFE_INTEGER,
    });
    // A looser bound than the safe range is narrowed to it.
    const loose = Type.Integer({ maximum: 1e30, minimum: -1e30 });
    boundIntegers(loose);
    expect(loose).toMatchObject({
      minimum: Number.MIN_SAFE_INTEGER,
      maximum: Number.MAX_SAFE_INTEGER,
    });
    boundIntegers(undefined);
  });
});

describe('holdsNonFinite', () => {
  it('finds an infinite number in validated parameters or a query, alone or in a list', () => {
    expect(holdsNonFinite({ id: Infinity })).toBe(true);
    expect(holdsNonFinite({ id: [1, -Infinity] })).toBe(true);
    expect(holdsNonFinite({ id: [1, 2], from: 'x', all: true })).toBe(false);
    expect(holdsNonFinite(Object.assign(Object.create(null), { id: NaN }))).toBe(true);
    expect(holdsNonFinite(undefined)).toBe(false);
  });
});
