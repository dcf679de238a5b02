import { Button, ButtonGroup } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatNumber } from '../../../model/numberFormat';
import { useDeviceView } from '../DeviceViewContext';
import type { StatusCounts } from '../filters';
import { useDeviceFilters } from '../usePrefs';
import { STATUS_TEXT_COLORS } from '../../map/markers/labels';

type CounterKey = keyof StatusCounts;

const COLORS: Record<CounterKey, string> = {
  all: 'inherit',
  ...STATUS_TEXT_COLORS,
  moving: '#1565c0',
};

/** The number alone follows the view, so a search keystroke re-renders five spans, not buttons. */
const Count = ({ counter }: { counter: CounterKey }) => {
  const { counts } = useDeviceView();
  const [locale] = useLocaleState();
  return (
    <span style={{ color: COLORS[counter], fontWeight: 700, marginRight: 4 }} data-count>
      {formatNumber(counts[counter], locale, { digits: 0 })}
    </span>
  );
};

/** Online / offline / unknown / in-motion counts that double as the status filters. */
export const StatusCounters = () => {
  const translate = useTranslate();
  const [filters, setFilters] = useDeviceFilters();
  const statuses = ['all', 'online', 'offline', 'unknown'] as const;
  return (
    <ButtonGroup
      size="small"
      variant="contained"
      color="inherit"
      aria-label={translate('devices.title')}
      sx={{
        bgcolor: 'background.paper',
        // One line: on a narrow screen the row scrolls (MapPage) rather than wrapping labels.
        width: 'max-content',
        boxShadow: 'none',
        '& .MuiButton-root': { textTransform: 'none', px: 1 },
      }}
    >
      {statuses.map((key) => (
        <Button
          key={key}
          data-testid={`counter-${key}`}
          aria-pressed={filters.status === key}
          onClick={() => setFilters({ ...filters, status: key })}
          sx={{ bgcolor: filters.status === key ? 'action.selected' : 'background.paper' }}
        >
          <Count counter={key} />
          {translate(`filters.${key}`)}
        </Button>
      ))}
      <Button
        data-testid="counter-moving"
        aria-pressed={filters.motionOnly}
        onClick={() => setFilters({ ...filters, motionOnly: !filters.motionOnly })}
        sx={{ bgcolor: filters.motionOnly ? 'action.selected' : 'background.paper' }}
      >
        <Count counter="moving" />
        {translate('filters.moving')}
      </Button>
    </ButtonGroup>
  );
};
