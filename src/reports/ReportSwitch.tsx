import { FormControlLabel, Switch } from '@mui/material';

/** A small labelled switch of a report's filter (daily totals, markers on the map). */
export const ReportSwitch = ({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) => (
  <FormControlLabel
    control={<Switch size="small" checked={checked} onChange={(_, value) => onChange(value)} />}
    label={label}
  />
);
