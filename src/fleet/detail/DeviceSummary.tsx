import { Box, Chip, Link } from '@mui/material';
import { usePermissions, useTranslate } from 'react-admin';
import { useServerInfo } from '../../bootstrap/ServerInfoContext';
import type { Device } from '../../../model/device';
import type { Position } from '../../../model/position';
import type { User } from '../../../model/user';
import { plateOf } from '../../map/markers/labels';
import { STATUS_COLORS } from '../../map/markers/labels';
import { statusOf } from '../filters';
import { LastUpdate } from '../LastUpdate';
import { convertSpeed, speedUnitOf } from '../../i18n/units';
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
  const { server } = useServerInfo();
  const { permissions: user } = usePermissions<User | null>();
  const unit = speedUnitOf(user, server);
  const status = statusOf(device);
  const coordinates = position
    ? `${position.latitude.toFixed(6)}, ${position.longitude.toFixed(6)}`
    : null;
  return (
    <Box sx={{ p: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Chip
          size="small"
          data-testid="detail-status"
          label={translate(`devices.status.${status}`)}
          sx={{ bgcolor: STATUS_COLORS[status], color: '#fff' }}
        />
        <LastUpdate value={device.lastUpdate} />
      </Box>
      {position && (
        <InfoRow label={translate('detail.speed')} testId="detail-speed">
          {`${Math.round(convertSpeed(position.speed, unit))} ${translate(`detail.units.${unit}`)}`}
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
          {new Date(position.fixTime).toLocaleString()}
        </InfoRow>
      )}
    </Box>
  );
};
