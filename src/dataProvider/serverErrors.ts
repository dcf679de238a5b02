/**
 * The server's error texts (`<message> - <Kind>`, `docs/traccar-api.md`) that the management screens
 * translate: the message before ` - ` becomes a code, and the code an `admin.errors.*` key.
 */
const SERVER_ERROR_CODES = [
  'USER_DEVICE_LIMIT_REACHED',
  'ACCOUNT_IS_READONLY',
  'ACCOUNT_IS_DEVICE_READONLY',
  'WRITE_ACCESS_DENIED',
  'ACCESS_DENIED',
  'ADMINISTRATOR_ACCESS_REQUIRED',
  'MANAGER_ACCESS_REQUIRED',
  'MANAGER_USER_LIMIT_REACHED',
  'CANNOT_DELETE_YOURSELF',
  'GROUPS_NEST_TOO_DEEP',
  'GROUP_CANNOT_BE_ITS_OWN_ANCESTOR',
  'DUPLICATE_UNIQUE_ID',
  'EMAIL_ALREADY_IN_USE',
  'NAME_TOO_SHORT',
  'EMAIL_TOO_SHORT',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_COMMON',
  'PASSWORD_MATCHES_THE_ACCOUNT',
  'EXPIRATION_TIME_LATER_THAN_YOUR_OWN',
  'ADVANCED_PERMISSIONS_EXCEED_YOUR_OWN',
  'INVALID_ADVANCED_PERMISSIONS',
  'DEVICE_HAS_NO_POSITION',
  'INVALID_PERMISSION',
  'NOTIFICATOR_NOT_CONFIGURED',
  'CALENDAR_DATA_INVALID',
  'GEOFENCE_RADIUS_INVALID',
  'GEOFENCE_AREA_INVALID',
  'UNKNOWN_COMMAND_TYPE',
  'DATABASE_UNAVAILABLE',
] as const;

type ServerErrorCode = (typeof SERVER_ERROR_CODES)[number];

const toCode = (text: string): string =>
  text.split('\n')[0].split(' - ')[0].trim().replace(/\s+/g, '_').toUpperCase();

/** Texts whose code varies (a number, an entity name) or reads differently from ours. */
const PATTERNS: [RegExp, ServerErrorCode][] = [
  [/^GROUPS_NEST_AT_MOST_/, 'GROUPS_NEST_TOO_DEEP'],
  [/^[A-Z]+_ACCESS_DENIED$/, 'ACCESS_DENIED'],
  [/^WRITE_ACCESS_DENIE/, 'WRITE_ACCESS_DENIED'],
  [/^CALENDAR_DATA_MUST_BE/, 'CALENDAR_DATA_INVALID'],
  // The geofence area parser's texts (model/geofenceArea.ts): the radius, then any other flaw.
  [/^CIRCLE_RADIUS_MUST_BE/, 'GEOFENCE_RADIUS_INVALID'],
  [
    /^(GEOFENCE_AREA_|CIRCLE_MUST_|POLYGON_|LINE_|(LATI|LONGI)TUDE_OUT_OF_RANGE_IN_)/,
    'GEOFENCE_AREA_INVALID',
  ],
];

/** The code of a server error text, or null when it is not one the screens translate. */
export const serverErrorCode = (text: string): ServerErrorCode | null => {
  const code = toCode(text);
  if ((SERVER_ERROR_CODES as readonly string[]).includes(code)) return code as ServerErrorCode;
  return PATTERNS.find(([pattern]) => pattern.test(code))?.[1] ?? null;
};

/** `admin.errors.<CODE>` for a translated error, else the first line of the server's text. */
export const serverErrorMessage = (text: string): string => {
  const code = serverErrorCode(text);
  return code ? `admin.errors.${code}` : text.split('\n')[0].trim();
};
