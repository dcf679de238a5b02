import { describeError, type ErrorView } from './describeError';

/** Server messages of the driver and autolink endpoints that have a message of their own. */
const KNOWN: Record<string, string> = {
  'Vehicle not allowed for this driver': 'driver.errors.notAllowed',
  'Device is registered to another account': 'autolink.errors.owned',
  'User device limit reached': 'autolink.errors.limit',
  'Invalid identifier': 'autolink.errors.imei',
  'Account is readonly': 'autolink.errors.denied',
  'Account is device readonly': 'autolink.errors.denied',
  'Write access denied': 'autolink.errors.denied',
};

export const describeDriverError = (error: unknown): ErrorView => {
  const body =
    typeof error === 'object' && error !== null ? (error as { body?: unknown }).body : '';
  const message = typeof body === 'string' ? body.split(' - ')[0].trim() : '';
  const key = KNOWN[message];
  return key ? { kind: 'message', key } : describeError(error);
};
