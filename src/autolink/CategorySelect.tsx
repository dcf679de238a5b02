import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CATEGORIES } from '../../model/category';

interface CategorySelectProps {
  value: string;
  onChange: (value: string) => void;
}

/** One of the 24 map icon categories. */
export const CategorySelect = ({ value, onChange }: CategorySelectProps) => {
  const translate = useTranslate();
  return (
    <TextField
      select
      id="autolink-category"
      label={translate('autolink.category')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      {CATEGORIES.map((category) => (
        <MenuItem key={category} value={category}>
          {translate(`categories.${category}`)}
        </MenuItem>
      ))}
    </TextField>
  );
};
