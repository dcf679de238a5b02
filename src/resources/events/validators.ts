import { SCHEDULED_NOTIFICATION } from '../../../model/notification';

type Validator = (value: unknown, values?: Record<string, unknown>) => string | undefined;

const channelsOf = (value: unknown): string[] =>
  typeof value === 'string' ? value.split(',').map((part) => part.trim()) : [];

/** A scheduled notification fires on its calendar: without one it would never fire. */
export const eventCalendar: Validator = (value, values) =>
  values?.type === SCHEDULED_NOTIFICATION && !value
    ? 'scheduledEvents.calendarRequired'
    : undefined;

/** The command channel sends the chosen saved command: without one it sends nothing. */
export const eventCommand: Validator = (value, values) =>
  channelsOf(values?.notificators).includes('command') && !value
    ? 'scheduledEvents.commandRequired'
    : undefined;

/** What makes it belong here: the scheduled type or the command channel. */
export const eventKind: Validator = (value, values) =>
  value !== SCHEDULED_NOTIFICATION && !channelsOf(values?.notificators).includes('command')
    ? 'scheduledEvents.kindRequired'
    : undefined;
