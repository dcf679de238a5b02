import type { Calendar } from '../../../model/calendar';
import type { ExportColumn } from '../common/listSheet';
import { decodeData, parseCalendar } from '../../common/ical';

/** How many schedules a calendar holds; an unreadable one holds none, as the list shows it. */
export const scheduleCount = (data: string): number => {
  try {
    return parseCalendar(decodeData(data)).length;
  } catch {
    return 0;
  }
};

/** The calendar list's spreadsheet: each calendar and its number of schedules. */
export const calendarExportColumns: ExportColumn<Calendar>[] = [
  { source: 'name' },
  { source: 'data', kind: 'number', render: (r) => scheduleCount(r.data) },
];
