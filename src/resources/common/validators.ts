import { NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../model';
import { isSoundUrl } from '../../alerts/toastOptions';

/** Props for a name or identifier input: typing stops at the length the server takes. */
export const nameLength = { slotProps: { htmlInput: { maxLength: NAME_MAX_LENGTH } } } as const;

/** A react-admin validator: the translation key of the message, or undefined when valid. */
type Validator = (value: unknown, values?: Record<string, unknown>) => string | undefined;

const blank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const requiredWith =
  (message: string): Validator =>
  (value) =>
    blank(value) ? message : undefined;

/** Required and at least `min` characters, with one message for both. */
const minLengthWith =
  (min: number, message: string): Validator =>
  (value) =>
    blank(value) || String(value).trim().length < min ? message : undefined;

export const deviceName = requiredWith('admin.validation.deviceName');
export const deviceUniqueId = requiredWith('admin.validation.uniqueId');
export const fillName = requiredWith('admin.errors.FILL_NAME');
export const required = requiredWith('admin.validation.required');

/** The user form: name ≥ 3, username/email ≥ 4, password ≥ 8 (as the server checks). */
export const userName = minLengthWith(3, 'validation.name');
export const userEmail = minLengthWith(4, 'validation.email');
export const userPassword = minLengthWith(PASSWORD_MIN_LENGTH, 'validation.password');
/** On edit the password may stay empty (unchanged); when given it must be long enough. */
export const optionalPassword: Validator = (value) =>
  blank(value) ? undefined : userPassword(value);

/** `tarkan.soundURL`: required for the custom sound, and only mp3, wav or ogg. */
export const soundUrl: Validator = (value, values) => {
  const attributes = (values?.attributes ?? {}) as Record<string, unknown>;
  if (attributes['tarkan~sound'] !== 'custom') return undefined;
  if (blank(value)) return 'admin.validation.soundUrlRequired';
  return isSoundUrl(String(value).trim()) ? undefined : 'admin.validation.soundUrl';
};

/** Alarms are required for an alarm notification. */
export const alarms: Validator = (value, values) =>
  values?.type === 'alarm' && blank(value) ? 'admin.validation.alarms' : undefined;

export const notificators = requiredWith('admin.validation.notificators');
export const notificationType = requiredWith('admin.validation.notificationType');
