import type { ScheduledReport } from '../../../model/report';
import type { ExportColumn } from '../common/listSheet';

/** The scheduled report list's spreadsheet: type, description and calendar by name. */
export const scheduledReportExportColumns: ExportColumn<ScheduledReport>[] = [
  {
    source: 'type',
    label: 'scheduledReports.fields.type',
    render: (r, { translate: t }) => t(`scheduledReports.types.${r.type}`, { _: r.type }),
  },
  { source: 'description', label: 'scheduledReports.fields.description' },
  { source: 'calendarId', label: 'scheduledReports.fields.calendarId', reference: 'calendars' },
];
