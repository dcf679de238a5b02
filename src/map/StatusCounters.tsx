import { Box, Button, ButtonGroup } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useDeviceView } from '../devices/DeviceViewContext';
import type { StatusFilter } from '../devices/filters';
import { useDeviceFilters } from '../devices/usePrefs';

const STATUSES: { key: StatusFilter; color: string }[] = [
  { key: 'all', color: 'inherit' },
  { key: 'online', color: '#2e7d32' },
  { key: 'offline', color: '#d32f2f' },
  { key: 'unknown', color: '#f9a825' },
];

/** Online / offline / unknown / in-motion counts that double as the status filters. */
export const StatusCounters = () => {
  const translate = useTranslate();
  const { counts } = useDeviceView();
  const [filters, setFilters] = useDeviceFilters();
  return (
    <ButtonGroup
      size="small"
      variant="contained"
      color="inherit"
      aria-label={translate('devices.title')}
      sx={{
        bgcolor: 'background.paper',
        boxShadow: 2,
        '& .MuiButton-root': { textTransform: 'none', px: 1 },
      }}
    >
      {STATUSES.map(({ key, color }) => (
        <Button
          key={key}
          data-testid={`counter-${key}`}
          aria-pressed={filters.status === key}
          onClick={() => setFilters({ ...filters, status: key })}
          sx={{ bgcolor: filters.status === key ? 'action.selected' : 'background.paper' }}
        >
          <Box component="span" sx={{ color, fontWeight: 700, mr: 0.5 }} data-count>
            {counts[key]}
          </Box>
          {translate(`filters.${key}`)}
        </Button>
      ))}
      <Button
        data-testid="counter-moving"
        aria-pressed={filters.motionOnly}
        onClick={() => setFilters({ ...filters, motionOnly: !filters.motionOnly })}
        sx={{ bgcolor: filters.motionOnly ? 'action.selected' : 'background.paper' }}
      >
        <Box component="span" sx={{ color: '#1565c0', fontWeight: 700, mr: 0.5 }} data-count>
          {counts.moving}
        </Box>
        {translate('filters.moving')}
      </Button>
    </ButtonGroup>
  );
};
