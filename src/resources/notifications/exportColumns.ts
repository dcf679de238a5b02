import type { Notification } from '../../../model/notification';
import type { ExportColumn } from '../common/listSheet';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A comma-separated list of keys (`"web,mail"`), each by its name under `prefix`. */
export const translatedList = (value: unknown, prefix: string, t: Translate): string | null => {
  const parts = typeof value === 'string' ? value.split(',').map((part) => part.trim()) : [];
  const names = parts.filter(Boolean).map((part) => t(`${prefix}.${part}`, { _: part }));
  return names.length > 0 ? names.join(', ') : null;
};

/** The notification list's spreadsheet: types, channels and alarms by the names the form uses. */
export const notificationExportColumns: ExportColumn<Notification>[] = [
  { source: 'type', render: (r, { translate: t }) => translatedList(r.type, 'events', t) },
  { source: 'description' },
  {
    source: 'notificators',
    render: (r, { translate: t }) => translatedList(r.notificators, 'admin.notificators', t),
  },
  { source: 'always' },
  {
    source: 'attributes.alarms',
    render: (r, { translate: t }) => translatedList(r.attributes?.alarms, 'alarms', t),
    optional: true,
  },
  { source: 'calendarId', reference: 'calendars', optional: true },
  { source: 'commandId', reference: 'commands', referenceText: 'description', optional: true },
];
