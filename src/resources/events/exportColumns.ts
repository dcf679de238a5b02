import type { Notification } from '../../../model/notification';
import type { ExportColumn } from '../common/listSheet';
import { translatedList } from '../notifications/exportColumns';

/** The events list's spreadsheet: its columns, with the calendar and command by name. */
export const eventExportColumns: ExportColumn<Notification>[] = [
  {
    source: 'type',
    label: 'scheduledEvents.fields.type',
    render: (r, { translate: t }) => translatedList(r.type, 'events', t),
  },
  { source: 'description', label: 'scheduledEvents.fields.description' },
  { source: 'calendarId', label: 'scheduledEvents.fields.calendarId', reference: 'calendars' },
  {
    source: 'notificators',
    label: 'scheduledEvents.fields.notificators',
    render: (r, { translate: t }) => translatedList(r.notificators, 'admin.notificators', t),
  },
  {
    source: 'commandId',
    label: 'scheduledEvents.fields.commandId',
    reference: 'commands',
    referenceText: 'description',
  },
  { source: 'always', label: 'scheduledEvents.fields.always' },
];
