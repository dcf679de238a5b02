import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import type { Calendar } from '../../model/calendar';
import type { FrotaDataProvider } from '../dataProvider';
import { useErrorText } from '../dataProvider/featureErrors';
import { useFormatPrefs } from '../i18n/useFormatPrefs';
import { NoMailNotice } from '../common/NoMailNotice';
import { weekStartFor } from './presets';
import { SIMPLE_PERIODS, type SimplePeriod, simpleCalendarData } from './scheduleCalendar';

export type SchedulableType = 'route' | 'events' | 'trips' | 'stops' | 'summary';

export interface ScheduleTarget {
  type: SchedulableType;
  deviceIds: number[];
  groupIds: number[];
  /** Summary: one row per day. */
  daily?: boolean;
  /** Events: the types to keep; none means every type. */
  eventTypes?: readonly string[];
}

type Period = SimplePeriod | 'existing';

/** Traccar's report attributes: `daily` for the summary, `types` (comma-separated) for events. */
const scheduleAttributes = (target: ScheduleTarget): Record<string, unknown> => {
  if (target.type === 'summary') return { daily: Boolean(target.daily) };
  if (target.type === 'events' && target.eventTypes?.length) {
    return { types: target.eventTypes.join(',') };
  }
  return {};
};

const ALL = {
  pagination: { page: 1, perPage: 1_000_000 },
  sort: { field: 'name', order: 'ASC' as const },
};

/**
 * Schedules the report the filter shows (its type, devices and groups): a description and either
 * an existing calendar or a simple daily, weekly or monthly one, created on saving. The server
 * mails it to the user who scheduled it at the end of every period.
 */
export const ScheduleReportDialog = ({
  target,
  onClose,
}: {
  target: ScheduleTarget;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const { locale, timeZone } = useFormatPrefs();
  const { data: calendars = [] } = useGetList<Calendar>('calendars', ALL);
  const [description, setDescription] = useState(
    translate(`scheduledReports.types.${target.type}`),
  );
  const [period, setPeriod] = useState<Period>('daily');
  const [calendarId, setCalendarId] = useState<number | ''>('');
  const [problem, setProblem] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: async () => {
      let calendar = calendarId === '' ? 0 : calendarId;
      let created: number | null = null;
      if (period !== 'existing') {
        const { data } = await dataProvider.create<Calendar>('calendars', {
          data: {
            name: `${translate(`scheduledReports.calendarNames.${period}`)}: ${description}`,
            data: simpleCalendarData(period, timeZone, weekStartFor(locale)),
            attributes: {},
          },
        });
        created = Number(data.id);
        calendar = created;
      }
      try {
        return await dataProvider.scheduleReport(
          {
            type: target.type,
            description,
            calendarId: calendar,
            attributes: scheduleAttributes(target),
          },
          target.deviceIds,
          target.groupIds,
        );
      } catch (error) {
        // The calendar made for this schedule serves nothing without it.
        if (created !== null) {
          await dataProvider.delete('calendars', { id: created }).catch(() => undefined);
        }
        throw error;
      }
    },
    onSuccess: () => {
      notify('scheduledReports.dialog.saved', { type: 'info' });
      onClose();
    },
    onError: (reason) =>
      notify('scheduledReports.dialog.failed', {
        type: 'error',
        messageArgs: { error: errorText(reason) },
      }),
  });

  const submit = () => {
    if (description.trim() === '') {
      setProblem(translate('scheduledReports.dialog.needDescription'));
    } else if (period === 'existing' && calendarId === '') {
      setProblem(translate('scheduledReports.dialog.needCalendar'));
    } else {
      setProblem(null);
      save.mutate();
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="schedule-report-dialog">
      <DialogTitle>{translate('scheduledReports.dialog.title')}</DialogTitle>
      <DialogContent
        sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}
      >
        <NoMailNotice />
        <Typography variant="body2" color="text.secondary">
          {translate(`scheduledReports.types.${target.type}`)} ·{' '}
          {translate('scheduledReports.dialog.targets', {
            devices: target.deviceIds.length,
            groups: target.groupIds.length,
          })}
        </Typography>
        <TextField
          size="small"
          label={translate('scheduledReports.dialog.description')}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
        <TextField
          select
          size="small"
          label={translate('scheduledReports.dialog.period')}
          value={period}
          onChange={(event) => setPeriod(event.target.value as Period)}
          slotProps={{ select: { inputProps: { 'data-testid': 'schedule-period' } } }}
        >
          {[...SIMPLE_PERIODS, 'existing' as const].map((value) => (
            <MenuItem key={value} value={value}>
              {translate(`scheduledReports.periods.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        {period === 'existing' && (
          <TextField
            select
            size="small"
            label={translate('scheduledReports.dialog.calendar')}
            value={calendarId}
            onChange={(event) => setCalendarId(Number(event.target.value))}
            slotProps={{ select: { inputProps: { 'data-testid': 'schedule-calendar' } } }}
          >
            {calendars.map((calendar) => (
              <MenuItem key={calendar.id} value={Number(calendar.id)}>
                {calendar.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        {problem && (
          <Typography role="alert" color="error" variant="body2">
            {problem}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('scheduledReports.dialog.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {translate('scheduledReports.dialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
