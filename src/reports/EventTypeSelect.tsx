import { FormControl, InputLabel, MenuItem, Select } from '@mui/material';
import { useTranslate } from 'react-admin';
import { EVENT_TYPES } from '../../model/event';

/** The events report's type filter; nothing chosen means every type (`allEvents`). */
export const EventTypeSelect = ({
  value,
  onChange,
}: {
  value: string[];
  onChange: (types: string[]) => void;
}) => {
  const translate = useTranslate();
  const label = translate('reports.filter.eventTypes');
  return (
    <FormControl size="small" sx={{ minWidth: 200 }}>
      <InputLabel id="report-event-types">{label}</InputLabel>
      <Select
        multiple
        labelId="report-event-types"
        label={label}
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          onChange(typeof next === 'string' ? next.split(',') : next);
        }}
        renderValue={(selected) =>
          selected.map((type) => translate(`events.${type}`, { _: type })).join(', ')
        }
      >
        {EVENT_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {translate(`events.${type}`, { _: type })}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
};
