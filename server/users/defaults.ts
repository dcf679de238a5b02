import type { UserFields } from '../db/users';

/** A new user before the request's fields are applied (Traccar's defaults). */
export function newUserFields(): UserFields {
  return {
    name: '',
    login: null,
    email: '',
    phone: null,
    readonly: false,
    administrator: false,
    map: null,
    latitude: 0,
    longitude: 0,
    zoom: 0,
    twelveHourFormat: false,
    coordinateFormat: null,
    disabled: false,
    expirationTime: null,
    deviceLimit: -1,
    userLimit: 0,
    deviceReadonly: false,
    limitCommands: false,
    disableReports: false,
    fixedEmail: false,
    poiLayer: null,
    totpKey: null,
    temporary: false,
    attributes: {},
  };
}

/** What a user may change on their own account: profile and preferences, nothing that grants rights. */
export const SELF_EDITABLE = [
  'name',
  'email',
  'phone',
  'map',
  'latitude',
  'longitude',
  'zoom',
  'twelveHourFormat',
  'coordinateFormat',
  'poiLayer',
  'attributes',
] as const satisfies readonly (keyof UserFields)[];

/**
 * What a manager may also set on the users they manage: restrictions and account
 * state, never `administrator`, `deviceLimit` or `userLimit`.
 */
export const MANAGER_EDITABLE = [
  ...SELF_EDITABLE,
  'login',
  'readonly',
  'deviceReadonly',
  'limitCommands',
  'disableReports',
  'fixedEmail',
  'disabled',
  'expirationTime',
] as const satisfies readonly (keyof UserFields)[];
