import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { Button, CircularProgress } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useCanAccess, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useServerInfo } from '../bootstrap/ServerInfoContext';
import type { FrotaDataProvider } from '../dataProvider';
import { useErrorText } from '../dataProvider/featureErrors';
import type { ReportQuery } from '../dataProvider/reports';
import {
  ScheduleReportDialog,
  type SchedulableType,
  type ScheduleTarget,
} from './ScheduleReportDialog';

/**
 * The filter's "E-mail" button (the server mails the spreadsheet to the user), shown only when
 * the server can send mail (`emailEnabled`, as Traccar's app reads it): without a mailer the
 * server answers at once and the mail never comes. For reports that can be scheduled,
 * "Agendar" (the schedule dialog over the filter's devices and groups).
 */
export const ReportMoreActions = ({
  endpoint,
  build,
  extra = {},
  schedule,
}: {
  /** The server report: `summary`, `trips`, `geofences`, … */
  endpoint: string;
  /** The filter's checked query, null when it is not ready. */
  build: () => ReportQuery | null;
  /** Parameters of this report beyond the filter (daily, event types, geofences). */
  extra?: Partial<ReportQuery>;
  /** The scheduled report type, when this report can be scheduled. */
  schedule?: SchedulableType;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const { server } = useServerInfo();
  const { canAccess: canSchedule } = useCanAccess({
    resource: 'scheduled-reports',
    action: 'create',
  });
  const [target, setTarget] = useState<ScheduleTarget | null>(null);
  const mail = useMutation({
    mutationFn: (query: ReportQuery) => dataProvider.mailReport(endpoint, query),
    onSuccess: () => notify('reportsMore.mailed', { type: 'info' }),
    onError: (reason) =>
      notify('reportsMore.mailFailed', {
        type: 'error',
        messageArgs: { error: errorText(reason) },
      }),
  });
  return (
    <>
      {server.emailEnabled && (
        <Button
          variant="outlined"
          size="small"
          disabled={mail.isPending}
          startIcon={mail.isPending ? <CircularProgress size={16} /> : <MailOutlineIcon />}
          onClick={() => {
            const query = build();
            if (query) mail.mutate({ ...query, ...extra });
          }}
        >
          {translate('reportsMore.mail')}
        </Button>
      )}
      {schedule && canSchedule && (
        <Button
          variant="outlined"
          size="small"
          startIcon={<EventRepeatIcon />}
          onClick={() => {
            const query = build();
            if (query) {
              setTarget({
                type: schedule,
                deviceIds: query.deviceIds,
                groupIds: query.groupIds,
                daily: extra.daily,
                eventTypes: extra.eventTypes,
              });
            }
          }}
        >
          {translate('reportsMore.schedule')}
        </Button>
      )}
      {target && <ScheduleReportDialog target={target} onClose={() => setTarget(null)} />}
    </>
  );
};
