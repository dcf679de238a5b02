import { Box, Chip, Link } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Device } from '../../../model/device';
import type { Position } from '../../../model/position';
import { plateOf } from '../../map/markers/labels';
import { STATUS_COLORS, STATUS_ON_COLORS } from '../../map/markers/labels';
import { statusOf } from '../filters';
import { LastUpdate } from '../LastUpdate';
import { formatCoordinates, formatDateTime, formatSpeed } from '../../i18n/formatters';
import { useFormatPrefs } from '../../i18n/useFormatPrefs';
import { InfoRow } from './InfoRow';

/** Status, speed in the user's unit, plate, model and where the device last was. */
export const DeviceSummary = ({
  device,
  position,
}: {
  device: Device;
  position: Position | undefined;
}) => {
  const translate = useTranslate();
  const prefs = useFormatPrefs();
  const status = statusOf(device);
  const coordinates = position ? formatCoordinates(position.latitude, position.longitude) : null;
  return (
    <Box sx={{ p: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Chip
          size="small"
          data-testid="detail-status"
          label={translate(`devices.status.${status}`)}
          sx={{ bgcolor: STATUS_COLORS[status], color: STATUS_ON_COLORS[status] }}
        />
        <LastUpdate value={device.lastUpdate} />
      </Box>
      {position && (
        <InfoRow label={translate('detail.speed')} testId="detail-speed">
          {formatSpeed(position.speed, prefs, 0)}
        </InfoRow>
      )}
      <InfoRow label={translate('detail.plate')}>
        {plateOf(device) ?? translate('map.plateMissing')}
      </InfoRow>
      {device.model && <InfoRow label={translate('detail.model')}>{device.model}</InfoRow>}
      {position ? (
        <InfoRow
          label={translate(position.address ? 'detail.address' : 'detail.coordinates')}
          testId="detail-address"
        >
          <Link
            href={`https://www.google.com/maps/search/?api=1&query=${position.latitude},${position.longitude}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {position.address || coordinates}
          </Link>
        </InfoRow>
      ) : (
        <InfoRow label={translate('detail.lastPosition')}>
          {translate('devices.noPosition')}
        </InfoRow>
      )}
      {position && (
        <InfoRow label={translate('detail.lastPosition')}>
          {formatDateTime(position.fixTime, prefs)}
        </InfoRow>
      )}
    </Box>
  );
};
