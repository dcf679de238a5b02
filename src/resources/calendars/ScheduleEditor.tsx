import DeleteIcon from '@mui/icons-material/Delete';
import {
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { FREQUENCIES, WEEKDAYS, type Ending, type Schedule, type Weekday } from './ical';
import { DateField, DateTimeField } from '../../common/DateTimeField';

interface ScheduleEditorProps {
  schedule: Schedule;
  onChange: (schedule: Schedule) => void;
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

/** One schedule: start and end, repeat, weekdays, and how the repetition ends. */
export const ScheduleEditor = ({ schedule, onChange, onRemove, index }: ScheduleEditorProps) => {
  const translate = useTranslate();
  const set = (patch: Partial<Schedule>) => onChange({ ...schedule, ...patch });
  const t = (key: string) => translate(`admin.calendars.${key}`);
  const endBeforeStart = schedule.end && schedule.start && schedule.end < schedule.start;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`schedule-${index}`}>
      <Stack direction="row" flexWrap="wrap" gap={2} alignItems="center">
        <DateTimeField
          label={t('start')}
          value={schedule.start}
          onChange={(start) => set({ start })}
        />
        <DateTimeField
          label={t('end')}
          value={schedule.end}
          onChange={(end) => set({ end })}
          error={Boolean(endBeforeStart)}
          helperText={endBeforeStart ? t('endBeforeStart') : undefined}
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
        </TextField>
        <IconButton aria-label={t('remove')} onClick={onRemove} sx={{ ml: 'auto' }}>
          <DeleteIcon />
        </IconButton>
      </Stack>
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
