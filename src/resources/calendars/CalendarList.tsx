import { DataTable, useTranslate } from 'react-admin';
import type { Calendar } from '../../../model/calendar';
import { AdminTable } from '../common/AdminTable';
import { ResourceList } from '../common/ResourceList';
import { calendarExportColumns, scheduleCount } from './exportColumns';

const Column = DataTable.Col<Calendar>;

const ScheduleCount = ({ data }: { data: string }) => {
  const translate = useTranslate();
  return <>{translate('admin.calendars.scheduleCount', { smart_count: scheduleCount(data) })}</>;
};

export const CalendarList = () => (
  <ResourceList exportColumns={calendarExportColumns}>
    <AdminTable>
      <Column source="name" />
      <Column source="data" disableSort render={(r) => <ScheduleCount data={r.data} />} />
    </AdminTable>
  </ResourceList>
);
