import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { Box, Button, IconButton, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { STATE_KEYS, type StateKey } from './deviceState';
import { nextStateSort, toggleSort } from './sort';
import { useDeviceSort } from './usePrefs';

const isStateKey = (key: string): key is StateKey =>
  (STATE_KEYS as readonly string[]).includes(key);

/** Name and last update flip asc/desc; "State" cycles motion → … → alert → back to name. */
export const SortBar = () => {
  const translate = useTranslate();
  const [sort, setSort] = useDeviceSort();
  const dirLabel = translate(`devices.sort.${sort.dir}`);
  const keyLabel = isStateKey(sort.key)
    ? `${translate('devices.sort.state')}: ${translate(`devices.stateKeys.${sort.key}`)}`
    : translate(`devices.sort.${sort.key}`);
  const arrow =
    sort.dir === 'asc' ? (
      <ArrowUpwardIcon fontSize="inherit" />
    ) : (
      <ArrowDownwardIcon fontSize="inherit" />
    );
  const button = (active: boolean) => ({
    textTransform: 'none' as const,
    fontWeight: active ? 700 : 400,
    minWidth: 0,
  });
  return (
    <Box
      data-testid="sort-bar"
      data-sort={`${sort.key}-${sort.dir}`}
      aria-label={translate('devices.sort.current', { key: keyLabel, dir: dirLabel })}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Button
        size="small"
        sx={button(sort.key === 'name')}
        endIcon={sort.key === 'name' ? arrow : undefined}
        onClick={() => setSort(toggleSort(sort, 'name'))}
      >
        {translate('devices.sort.name')}
      </Button>
      <Button
        size="small"
        sx={button(sort.key === 'lastUpdate')}
        endIcon={sort.key === 'lastUpdate' ? arrow : undefined}
        onClick={() => setSort(toggleSort(sort, 'lastUpdate'))}
      >
        {translate('devices.sort.lastUpdate')}
      </Button>
      <Button
        size="small"
        data-testid="sort-state"
        sx={{ ...button(isStateKey(sort.key)), flex: 1, justifyContent: 'flex-start' }}
        onClick={() => setSort(nextStateSort(sort))}
      >
        {isStateKey(sort.key) ? keyLabel : translate('devices.sort.state')}
      </Button>
      <Tooltip title={dirLabel}>
        <IconButton
          size="small"
          aria-label={dirLabel}
          onClick={() => setSort({ ...sort, dir: sort.dir === 'asc' ? 'desc' : 'asc' })}
        >
          {arrow}
        </IconButton>
      </Tooltip>
    </Box>
  );
};
