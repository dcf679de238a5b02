/**
 * The longest text a field takes, as Traccar's schema sizes its columns (VARCHAR(128) for names,
 * identifiers and types, 512 for a device's contact, 4000 for descriptions, expressions and the
 * attributes): a client written for Traccar never sends more, and a name of thousands of
 * characters would break every list and map label it shows in. The server refuses longer text
 * with a 400 naming the field; the forms stop typing at the limit. Where Traccar's column is
 * small for real data (a geofence's polygon, a calendar, the attributes map holding Tarkan's
 * settings), the bound is larger but still there.
 */
export const NAME_MAX_LENGTH = 128;
export const CONTACT_MAX_LENGTH = 512;
/** Event and command types, notificator lists, computed attribute keys and value types. */
export const TYPE_MAX_LENGTH = 128;
/** Descriptions, computed attribute expressions, the server's announcement. */
export const DESCRIPTION_MAX_LENGTH = 4000;
/** Map, tile and layer URLs. */
export const URL_MAX_LENGTH = 512;
/** A geofence's area (WKT): a drawn polygon of a few thousand points. */
export const AREA_MAX_LENGTH = 65_536;
/** A calendar's iCalendar data (base64). */
export const CALENDAR_DATA_MAX_LENGTH = 1_048_576;
/** An object's attributes map, as JSON text. */
export const ATTRIBUTES_MAX_LENGTH = 65_536;
/** The shortest password an account takes (OWASP ASVS's floor; `server/users/validation.ts`). */
export const PASSWORD_MIN_LENGTH = 8;
