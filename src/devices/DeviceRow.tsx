import { Box, Typography } from '@mui/material';
import { memo } from 'react';
import { useTranslate } from 'react-admin';
import { useDevice, usePosition } from '../live/liveStore';
import { CategoryIcon } from '../map/markers/CategoryIcon';
import { plateOf } from '../map/markers/labels';
import { STATUS_COLORS } from '../map/markers/labels';
import { statusOf } from './filters';
import { LastUpdate } from './LastUpdate';
import { StateIcons } from './StateIcons';

export const ROW_HEIGHT = 52;

interface DeviceRowProps {
  id: number;
  anchored: ReadonlySet<number>;
  showAnchor: boolean;
  selected: boolean;
  onOpen: (id: number) => void;
}

/** One list row; it reads its own device and position from the live store. */
export const DeviceRow = memo(function DeviceRow({
  id,
  anchored,
  showAnchor,
  selected,
  onOpen,
}: DeviceRowProps) {
  const translate = useTranslate();
  const device = useDevice(id);
  const position = usePosition(id);
  if (!device) return null;
  const status = statusOf(device);
  const plate = plateOf(device);
  return (
    <Box
      role="button"
      tabIndex={0}
      data-testid="device-row"
      data-device-id={id}
      onClick={() => onOpen(id)}
      onKeyDown={(event) => event.key === 'Enter' && onOpen(id)}
      sx={{
        height: ROW_HEIGHT,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1.5,
        cursor: 'pointer',
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: selected ? 'action.selected' : undefined,
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      <CategoryIcon category={device.category} attributes={device.attributes} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 600 }} data-testid="device-name">
          {device.name}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {plate && (
            <Typography variant="caption" color="text.secondary" noWrap>
              {plate}
            </Typography>
          )}
          {position ? (
            <StateIcons
              device={device}
              position={position}
              anchored={anchored}
              showAnchor={showAnchor}
            />
          ) : (
            <Typography variant="caption" color="text.disabled">
              {translate('devices.noPosition')}
            </Typography>
          )}
        </Box>
      </Box>
      <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
        <Typography
          variant="caption"
          component="div"
          sx={{
            color: device.lastUpdate ? STATUS_COLORS[status] : 'text.disabled',
            fontWeight: 600,
          }}
          data-status={status}
        >
          {translate(device.lastUpdate ? `devices.status.${status}` : 'devices.status.new')}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          <LastUpdate value={device.lastUpdate} />
        </Typography>
      </Box>
    </Box>
  );
});
