/**
 * The longest text a field takes, as Traccar's schema sizes its columns (VARCHAR(128) for names
 * and identifiers, 512 for a device's contact): a client written for Traccar never sends more,
 * and a name of thousands of characters would break every list and map label it shows in. The
 * server refuses longer text; the forms stop typing at the limit.
 */
export const NAME_MAX_LENGTH = 128;
export const CONTACT_MAX_LENGTH = 512;
