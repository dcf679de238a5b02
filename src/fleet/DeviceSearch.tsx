import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useSetDeviceSearch } from './usePrefs';

/**
 * The search box; its text is kept in local storage and matched as plain text. The input keeps
 * its own text (uncontrolled), so a keystroke re-renders the results, not the box: it renders
 * again only when the clear button appears or goes.
 */
export const DeviceSearch = () => {
  const translate = useTranslate();
  const search = useSetDeviceSearch();
  const [initial] = useState(search.initial);
  const [filled, setFilled] = useState(initial !== '');
  const input = useRef<HTMLInputElement>(null);
  const change = (text: string) => {
    search.set(text);
    setFilled(text !== '');
  };
  return (
    <TextField
      size="small"
      fullWidth
      defaultValue={initial}
      inputRef={input}
      onChange={(event) => change(event.target.value)}
      placeholder={translate('devices.search')}
      slotProps={{
        htmlInput: { 'aria-label': translate('devices.search'), 'data-testid': 'device-search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
          // Always mounted, hidden while empty: the first letter then restyles nothing.
          endAdornment: (
            <InputAdornment position="end" style={{ visibility: filled ? 'visible' : 'hidden' }}>
              <IconButton
                size="small"
                aria-label={translate('devices.clearSearch')}
                onClick={() => {
                  if (input.current) input.current.value = '';
                  change('');
                  input.current?.focus();
                }}
              >
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
};
