import DeleteIcon from '@mui/icons-material/Delete';
import {
  Checkbox,
  FormControlLabel,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import {
  FREQUENCIES,
  WEEKDAYS,
  type EditedSchedule,
  type Ending,
  type Schedule,
  type Weekday,
} from '../../common/ical';
import { DateField, DateTimeField } from '../../common/DateTimeField';

interface ScheduleEditorProps {
  schedule: EditedSchedule;
  onChange: (schedule: EditedSchedule) => void;
  onRemove: () => void;
  index: number;
}

const today = () => new Date().toISOString().slice(0, 10);

const endingFor = (kind: Ending['kind'], current: Ending): Ending => {
  if (kind === current.kind) return current;
  if (kind === 'count') return { kind, count: 10 };
  if (kind === 'until') return { kind, until: today() };
  return { kind: 'never' };
};

/** The same times as whole days, or whole days as times (from midnight to the last day's end). */
const withAllDay = (schedule: Schedule, allDay: boolean): Partial<Schedule> => {
  const day = (value: string) => value.slice(0, 10);
  if (allDay)
    return { allDay, start: day(schedule.start), end: day(schedule.end || schedule.start) };
  return {
    allDay,
    start: schedule.start ? `${day(schedule.start)}T00:00` : '',
    end: schedule.end ? `${day(schedule.end)}T23:59` : '',
  };
};

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** One schedule: start and end, repeat, weekdays, and how the repetition ends. */
export const ScheduleEditor = ({ schedule, onChange, onRemove, index }: ScheduleEditorProps) => {
  const translate = useTranslate();
  const set = (patch: Partial<Schedule>) => onChange({ ...schedule, ...patch });
  const t = (key: string) => translate(`admin.calendars.${key}`);
  const endBeforeStart = schedule.end && schedule.start && schedule.end < schedule.start;
  // An all-day event is picked by dates alone, a timed one by date and time.
  const When = schedule.allDay ? DateField : DateTimeField;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`schedule-${index}`}>
      <Stack direction="row" flexWrap="wrap" gap={2} alignItems="center">
        <When label={t('start')} value={schedule.start} onChange={(start) => set({ start })} />
        <When
          label={t('end')}
          value={schedule.end}
          onChange={(end) => set({ end })}
          error={Boolean(endBeforeStart)}
          helperText={endBeforeStart ? t('endBeforeStart') : undefined}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={schedule.allDay}
              onChange={(event) => set(withAllDay(schedule, event.target.checked))}
            />
          }
          label={t('allDay')}
        />
        <TextField
          select
          label={t('repeat')}
          value={schedule.frequency}
          onChange={(event) => set({ frequency: event.target.value as Schedule['frequency'] })}
          size="small"
          sx={{ minWidth: 160 }}
        >
          {FREQUENCIES.map((frequency) => (
            <MenuItem key={frequency} value={frequency}>
              {t(`frequencies.${frequency}`)}
            </MenuItem>
          ))}
          {schedule.frequency === 'other' && (
            <MenuItem value="other" disabled>
              {t('frequencies.other')}
            </MenuItem>
          )}
        </TextField>
        <IconButton aria-label={t('remove')} onClick={onRemove} sx={{ ml: 'auto' }}>
          <DeleteIcon />
        </IconButton>
      </Stack>
      {schedule.timeZone && schedule.timeZone !== browserZone() && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('admin.calendars.timeZone', { zone: schedule.timeZone })}
        </Typography>
      )}
      {schedule.kept && schedule.kept.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('admin.calendars.kept', { rules: schedule.kept.join(', ') })}
        </Typography>
      )}
      {schedule.frequency === 'weekly' && (
        <ToggleButtonGroup
          size="small"
          value={schedule.weekdays}
          onChange={(_, weekdays: Weekday[]) => set({ weekdays })}
          sx={{ mt: 2 }}
          aria-label={t('weekdays')}
        >
          {WEEKDAYS.map((day) => (
            <ToggleButton key={day} value={day} aria-label={t(`days.${day}`)}>
              {t(`days.${day}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      {schedule.frequency !== 'none' && (
        <Stack direction="row" gap={2} sx={{ mt: 2 }} flexWrap="wrap">
          <TextField
            type="number"
            label={t('interval')}
            value={schedule.interval}
            onChange={(event) => set({ interval: Math.max(1, Number(event.target.value) || 1) })}
            size="small"
            sx={{ width: 120 }}
          />
          <TextField
            select
            label={t('ends')}
            value={schedule.ending.kind}
            onChange={(event) =>
              set({ ending: endingFor(event.target.value as Ending['kind'], schedule.ending) })
            }
            size="small"
            sx={{ minWidth: 160 }}
          >
            {(['never', 'count', 'until'] as const).map((kind) => (
              <MenuItem key={kind} value={kind}>
                {t(`endings.${kind}`)}
              </MenuItem>
            ))}
          </TextField>
          {schedule.ending.kind === 'count' && (
            <TextField
              type="number"
              label={t('count')}
              value={schedule.ending.count}
              onChange={(event) =>
                set({
                  ending: { kind: 'count', count: Math.max(1, Number(event.target.value) || 1) },
                })
              }
              size="small"
              sx={{ width: 140 }}
            />
          )}
          {schedule.ending.kind === 'until' && (
            <DateField
              label={t('until')}
              value={schedule.ending.until}
              onChange={(until) => set({ ending: { kind: 'until', until } })}
            />
          )}
        </Stack>
      )}
    </Paper>
  );
};
