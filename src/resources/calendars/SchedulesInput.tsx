import AddIcon from '@mui/icons-material/Add';
import { Alert, Button, FormHelperText, Stack } from '@mui/material';
import { useMemo } from 'react';
import { useInput, useTranslate, ValidationError } from 'react-admin';
import {
  decodeData,
  editCalendar,
  emptySchedule,
  encodeData,
  parseCalendar,
  type EditedSchedule,
} from '../../common/ical';
import { ScheduleEditor } from './ScheduleEditor';

const localNow = (offsetHours = 0) => {
  const date = new Date(Date.now() + offsetHours * 3_600_000);
  date.setMinutes(0, 0, 0);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

interface Read {
  /** The iCalendar text the schedules were read from ('' when there is none or it is unreadable). */
  text: string;
  schedules: EditedSchedule[];
  unreadable: boolean;
}

const readSchedules = (data: unknown): Read => {
  if (typeof data !== 'string' || !data) return { text: '', schedules: [], unreadable: false };
  try {
    const text = decodeData(data);
    return { text, schedules: parseCalendar(text), unreadable: false };
  } catch {
    return { text: '', schedules: [], unreadable: true };
  }
};

/** At least one schedule, each ending after it starts. */
const validateSchedules = (data: unknown): string | undefined => {
  const { schedules } = readSchedules(data);
  if (schedules.length === 0) return 'admin.calendars.required';
  if (schedules.some((s) => !s.start || !s.end || s.end < s.start))
    return 'admin.calendars.invalid';
  return undefined;
};

/** `Calendar.data` (base64 iCalendar) edited as a list of schedules. */
export const SchedulesInput = () => {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source: 'data', validate: validateSchedules });
  const { text, schedules, unreadable } = useMemo(() => readSchedules(field.value), [field.value]);
  // Each edit is applied to the text the schedules were read from, so what the editor does not
  // show (other rule parts, exceptions, zones, other components) is kept.
  const save = (next: EditedSchedule[]) =>
    field.onChange(next.length ? encodeData(editCalendar(text, next)) : '');
  return (
    <Stack spacing={2} sx={{ width: '100%', maxWidth: 900 }}>
      {unreadable && <Alert severity="warning">{translate('admin.calendars.unreadable')}</Alert>}
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
