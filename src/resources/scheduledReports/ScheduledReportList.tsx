import { Typography } from '@mui/material';
import { DataTable, ReferenceField, useTranslate } from 'react-admin';
import type { ScheduledReport } from '../../../model/report';
import { useAccess } from '../../authProvider/useAccess';
import { NoMailNotice } from '../../common/NoMailNotice';
import { AdminTable } from '../common/AdminTable';
import { ResourceList } from '../common/ResourceList';
import { scheduledReportExportColumns } from './exportColumns';

const Column = DataTable.Col<ScheduledReport>;

const ReportType = ({ value }: { value: string }) => {
  const translate = useTranslate();
  return <>{translate(`scheduledReports.types.${value}`, { _: value })}</>;
};

/** The scheduled reports the user reaches; each is mailed at the end of its calendar's periods. */
export const ScheduledReportList = () => {
  const translate = useTranslate();
  const { can } = useAccess();
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 2 }}>
        {translate('scheduledReports.recipientsHint')}
      </Typography>
      <NoMailNotice sx={{ mx: 2, mt: 1 }} />
      <ResourceList
        exportColumns={scheduledReportExportColumns}
        sort={{ field: 'description', order: 'ASC' }}
      >
        <AdminTable
          rowClick={can('edit', 'scheduled-reports') ? 'edit' : false}
          empty={
            <Typography sx={{ p: 2 }} color="text.secondary">
              {translate('scheduledReports.empty')}
            </Typography>
          }
        >
          <Column
            source="type"
            label="scheduledReports.fields.type"
            render={(r) => <ReportType value={r.type} />}
          />
          <Column source="description" label="scheduledReports.fields.description" />
          <Column source="calendarId" label="scheduledReports.fields.calendarId">
            <ReferenceField source="calendarId" reference="calendars" link={false} emptyText="—" />
          </Column>
        </AdminTable>
      </ResourceList>
    </>
  );
};
