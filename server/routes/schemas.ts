import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { Server, User } from '../../model';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Attributes = Type.Record(Type.String(), Type.Unknown());

export const ErrorText = Type.String({ description: '`<message> - <Kind>`' });

/** The error answers any route may give: bad input (400), not signed in or refused (401). */
export const baseErrors = { 400: ErrorText, 401: ErrorText };

/** `baseErrors` plus 404, for the routes about one object. */
export const errors = { ...baseErrors, 404: ErrorText };

const userFields = {
  name: Type.String(),
  login: Nullable(Type.String()),
  email: Type.String(),
  phone: Nullable(Type.String()),
  readonly: Type.Boolean(),
  administrator: Type.Boolean(),
  map: Nullable(Type.String()),
  latitude: Type.Number(),
  longitude: Type.Number(),
  zoom: Type.Integer(),
  twelveHourFormat: Type.Boolean(),
  coordinateFormat: Nullable(Type.String()),
  disabled: Type.Boolean(),
  expirationTime: Nullable(Type.String()),
  deviceLimit: Type.Integer(),
  userLimit: Type.Integer(),
  deviceReadonly: Type.Boolean(),
  limitCommands: Type.Boolean(),
  disableReports: Type.Boolean(),
  fixedEmail: Type.Boolean(),
  poiLayer: Nullable(Type.String()),
  totpKey: Nullable(Type.String()),
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
  Type.Object({ id: Type.Integer(), ...userFields, password: Nullable(Type.String()) }),
);

const serverStored = {
  registration: Type.Boolean(),
  readonly: Type.Boolean(),
  deviceReadonly: Type.Boolean(),
  limitCommands: Type.Boolean(),
  disableReports: Type.Boolean(),
  fixedEmail: Type.Boolean(),
  map: Nullable(Type.String()),
  bingKey: Nullable(Type.String()),
  mapUrl: Nullable(Type.String()),
  overlayUrl: Nullable(Type.String()),
  latitude: Type.Number(),
  longitude: Type.Number(),
  zoom: Type.Integer(),
  twelveHourFormat: Type.Boolean(),
  forceSettings: Type.Boolean(),
  coordinateFormat: Nullable(Type.String()),
  poiLayer: Nullable(Type.String()),
  announcement: Nullable(Type.String()),
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
