import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/** A validation function as Fastify calls it: `errors` is read after a failed check. */
interface Validate {
  (data: unknown): unknown;
  errors?: unknown;
}
type Compile<F> = (route: unknown) => F;
type Serialize = (data: unknown) => string;

/**
 * Fastify's own compilers (ajv for what requests carry, fast-json-stringify for responses), each
 * route's schemas compiled when the route first needs them rather than all before the server
 * listens: compiling the 200-odd routes' schemas took about half a second of every start, and a
 * process may never serve most of them. A first request to a route pays a few milliseconds, and a
 * broken schema shows on that request (every route's is exercised by the API tests) rather than
 * at start. Fastify counts compilers given this way as custom, which only changes `headers`
 * schemas (no route has one): their property names would have to be written in lower case.
 */
export function lazySchemaCompilers(): CompilersFactory {
  const validators = AjvCompiler();
  const serializers = SerializerSelector();
  const buildValidator = (...args: Parameters<typeof validators>) => {
    const compile = validators(...args) as unknown as Compile<Validate>;
    return ((route: unknown) => {
      let validate: Validate | null = null;
      const lazy: Validate = (data) => {
        validate ??= compile(route);
        const result = validate(data);
        lazy.errors = validate.errors;
        return result;
      };
      return lazy;
    }) as unknown as ReturnType<typeof validators>;
  };
  const buildSerializer = (...args: Parameters<typeof serializers>) => {
    const compile = serializers(...args) as Compile<Serialize>;
    return (route: Parameters<ReturnType<typeof serializers>>[0]) => {
      let serialize: Serialize | null = null;
      return (data: unknown) => (serialize ??= compile(route))(data);
    };
  };
  return { buildValidator, buildSerializer };
}
