import { Type, type Static, type TStringOptions } from '@fastify/type-provider-typebox';
import type { Server, User } from '../../model';

/**
 * `string | null` as one JSON-schema type list, not an `anyOf`: under Fastify's type coercion the
 * string branch of an `anyOf` turns a request's `null` into `""`. Traccar clients send `null` for
 * "no value" (a user's `expirationTime`, the server's `announcement`) and expect null stored and
 * read back; with a type list, a value already of one of the types is left alone.
 */
export const NullableString = (options: TStringOptions = {}) =>
  Type.Unsafe<string | null>({ ...options, type: ['string', 'null'] });

const Attributes = Type.Record(Type.String(), Type.Unknown());

export const ErrorText = Type.String({ description: '`<message> - <Kind>`' });

/** The error answers any route may give: bad input (400), not signed in or refused (401). */
export const baseErrors = { 400: ErrorText, 401: ErrorText };

/** `baseErrors` plus 404, for the routes about one object. */
export const errors = { ...baseErrors, 404: ErrorText };

const userFields = {
  name: Type.String(),
  login: NullableString(),
  email: Type.String(),
  phone: NullableString(),
  readonly: Type.Boolean(),
  administrator: Type.Boolean(),
  map: NullableString(),
  latitude: Type.Number(),
  longitude: Type.Number(),
  zoom: Type.Integer(),
  twelveHourFormat: Type.Boolean(),
  coordinateFormat: NullableString(),
  disabled: Type.Boolean(),
  expirationTime: NullableString(),
  deviceLimit: Type.Integer(),
  userLimit: Type.Integer(),
  deviceReadonly: Type.Boolean(),
  limitCommands: Type.Boolean(),
  disableReports: Type.Boolean(),
  fixedEmail: Type.Boolean(),
  poiLayer: NullableString(),
  totpKey: NullableString(),
  temporary: Type.Boolean(),
  attributes: Attributes,
};

/**
 * Response: listing every field keeps anything else (the password hash) off the wire, and
 * `password` is serialised as `null` whatever the value.
 */
export const UserSchema = Type.Object({
  id: Type.Integer(),
  ...userFields,
  password: Type.Unsafe<string | null>(Type.Null()),
});

/** Request: any subset; `id` and unknown keys are ignored rather than rejected. */
export const UserInputSchema = Type.Partial(
  Type.Object({ id: Type.Integer(), ...userFields, password: NullableString() }),
);

const serverStored = {
  registration: Type.Boolean(),
  readonly: Type.Boolean(),
  deviceReadonly: Type.Boolean(),
  limitCommands: Type.Boolean(),
  disableReports: Type.Boolean(),
  fixedEmail: Type.Boolean(),
  map: NullableString(),
  bingKey: NullableString(),
  mapUrl: NullableString(),
  overlayUrl: NullableString(),
  latitude: Type.Number(),
  longitude: Type.Number(),
  zoom: Type.Integer(),
  twelveHourFormat: Type.Boolean(),
  forceSettings: Type.Boolean(),
  coordinateFormat: NullableString(),
  poiLayer: NullableString(),
  announcement: NullableString(),
  attributes: Attributes,
};

export const ServerSchema = Type.Object({
  id: Type.Integer(),
  ...serverStored,
  version: Type.String(),
  emailEnabled: Type.Boolean(),
  textEnabled: Type.Boolean(),
  geocoderEnabled: Type.Boolean(),
  openIdEnabled: Type.Boolean(),
  openIdForce: Type.Boolean(),
  newServer: Type.Boolean(),
});

/** PUT accepts the whole Server as GET returns it; computed fields are ignored. */
export const ServerInputSchema = Type.Partial(Type.Object(serverStored));

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

// Compile-time proof that the schemas and the shared model types describe the same shape.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type UserSchemaMatchesModel = Assert<Same<Static<typeof UserSchema>, User>>;
export type ServerSchemaMatchesModel = Assert<Same<Static<typeof ServerSchema>, Server>>;
