import { BulkDeleteButton, DataTable, useTranslate } from 'react-admin';
import type { Calendar } from '../../../model/calendar';
import { ResourceList } from '../common/ResourceList';
import { decodeData, parseCalendar } from './ical';

const Column = DataTable.Col<Calendar>;

const ScheduleCount = ({ data }: { data: string }) => {
  const translate = useTranslate();
  let count = 0;
  try {
    count = parseCalendar(decodeData(data)).length;
  } catch {
    count = 0;
  }
  return <>{translate('admin.calendars.scheduleCount', { smart_count: count })}</>;
};

export const CalendarList = () => (
  <ResourceList>
    <DataTable rowClick="edit" bulkActionButtons={<BulkDeleteButton mutationMode="pessimistic" />}>
      <Column source="name" />
      <Column source="data" disableSort render={(r) => <ScheduleCount data={r.data} />} />
    </DataTable>
  </ResourceList>
);
