import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { holdsNul, inputProblem, MAX_NESTING } from '../../../../server/security/textInput';

describe('holdsNul', () => {
  it('finds a NUL in any string or key, at any depth', () => {
    expect(holdsNul('a\u0000')).toBe(true);
    expect(holdsNul({ a: [1, { b: ['x', 'y\u0000'] }] })).toBe(true);
    expect(holdsNul({ 'k\u0000': 1 })).toBe(true);
    expect(holdsNul({ a: [1, { b: ['x', 'y'] }], c: null, d: true })).toBe(false);
    expect(holdsNul(undefined)).toBe(false);
    // Bytes are not text (an uploaded image may hold zeros).
    expect(holdsNul(Buffer.from([0, 1, 0]))).toBe(false);
    // A query or a form parses into objects without a prototype, or with an empty one.
    expect(holdsNul(Object.assign(Object.create(null), { q: 'a\u0000' }))).toBe(true);
    const Empty = function () {} as unknown as { new (): object; prototype: object };
    Empty.prototype = Object.create(null) as object;
    expect(holdsNul(Object.assign(new Empty(), { q: 'a\u0000' }))).toBe(true);
    const loop: Record<string, unknown> = { a: 'x' };
    loop.again = loop;
    expect(holdsNul(loop)).toBe(false);
    // Nor is anything but parsed data: a request stream left as the body, say, which refers
    // back to itself through its socket.
    const stream: { self?: unknown; text: string } = { text: '\u0000' };
    stream.self = stream;
    expect(holdsNul(new PassThrough())).toBe(false);
    expect(holdsNul([Object.setPrototypeOf(stream, PassThrough.prototype)])).toBe(false);
  });

  it('reads bodies deeper and wider than the call stack would allow', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(holdsNul(deep)).toBe(true);
    const wide = Array.from({ length: 1_000_000 }, () => 'x');
    expect(holdsNul(wide)).toBe(false);
  });

  it('tells a body nested deeper than Traccar takes, and a NUL first wherever it is', () => {
    const nested = (levels: number, end: unknown = 1) => {
      let value = end;
      for (let i = 0; i < levels; i++) value = i % 2 ? { x: value } : [value];
      return value;
    };
    expect(inputProblem(nested(MAX_NESTING))).toBeNull();
    expect(inputProblem(nested(MAX_NESTING + 1))).toBe('nesting');
    expect(inputProblem({ attributes: nested(5000) })).toBe('nesting');
    expect(inputProblem(nested(5000, 'a\u0000'))).toBe('nul');
    expect(inputProblem({ a: [1, { b: 'x' }] })).toBeNull();
  });
});
