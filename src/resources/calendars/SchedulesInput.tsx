import AddIcon from '@mui/icons-material/Add';
import { Button, FormHelperText, Stack } from '@mui/material';
import { useMemo } from 'react';
import { useInput, useTranslate, ValidationError } from 'react-admin';
import {
  buildCalendar,
  decodeData,
  emptySchedule,
  encodeData,
  parseCalendar,
  type Schedule,
} from './ical';
import { ScheduleEditor } from './ScheduleEditor';

const localNow = (offsetHours = 0) => {
  const date = new Date(Date.now() + offsetHours * 3_600_000);
  date.setMinutes(0, 0, 0);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

const readSchedules = (data: unknown): Schedule[] => {
  if (typeof data !== 'string' || !data) return [];
  try {
    return parseCalendar(decodeData(data));
  } catch {
    return [];
  }
};

/** At least one schedule, each ending after it starts. */
const validateSchedules = (data: unknown): string | undefined => {
  const schedules = readSchedules(data);
  if (schedules.length === 0) return 'admin.calendars.required';
  if (schedules.some((s) => !s.start || !s.end || s.end < s.start))
    return 'admin.calendars.invalid';
  return undefined;
};

/** `Calendar.data` (base64 iCalendar) edited as a list of schedules. */
export const SchedulesInput = () => {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source: 'data', validate: validateSchedules });
  const schedules = useMemo(() => readSchedules(field.value), [field.value]);
  const save = (next: Schedule[]) =>
    field.onChange(next.length ? encodeData(buildCalendar(next)) : '');
  return (
    <Stack spacing={2} sx={{ width: '100%', maxWidth: 900 }}>
      {schedules.map((schedule, index) => (
        <ScheduleEditor
          key={index}
          index={index}
          schedule={schedule}
          onChange={(changed) => save(schedules.map((s, i) => (i === index ? changed : s)))}
          onRemove={() => save(schedules.filter((_, i) => i !== index))}
        />
      ))}
      <Button
        startIcon={<AddIcon />}
        onClick={() => save([...schedules, emptySchedule(localNow(), localNow(1))])}
        sx={{ alignSelf: 'flex-start' }}
      >
        {translate('admin.calendars.add')}
      </Button>
      {fieldState.error?.message && (
        <FormHelperText error>
          <ValidationError error={fieldState.error.message} />
        </FormHelperText>
      )}
    </Stack>
  );
};
