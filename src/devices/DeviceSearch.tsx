import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useDeviceFilters } from './usePrefs';

/** The search box; its text is kept in local storage and matched as plain text. */
export const DeviceSearch = () => {
  const translate = useTranslate();
  const [filters, setFilters] = useDeviceFilters();
  const setSearch = (search: string) => setFilters({ ...filters, search });
  return (
    <TextField
      size="small"
      fullWidth
      value={filters.search}
      onChange={(event) => setSearch(event.target.value)}
      placeholder={translate('devices.search')}
      slotProps={{
        htmlInput: { 'aria-label': translate('devices.search'), 'data-testid': 'device-search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: filters.search ? (
            <InputAdornment position="end">
              <IconButton
                size="small"
                aria-label={translate('devices.clearSearch')}
                onClick={() => setSearch('')}
              >
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
};
