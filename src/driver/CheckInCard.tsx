import { Card, CardContent, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import type { DriverStatus } from '../../model/qrDriver';
import { browserTimeZone, formatDateTime } from '../i18n/formatters';

/** Who is signed in and the vehicle they are checked in to, since when. */
export const CheckInCard = ({ status }: { status: DriverStatus }) => {
  const translate = useTranslate();
  const locale = useLocale();
  const { device, since } = status;
  return (
    <Card sx={{ width: 420, maxWidth: '100%' }} data-testid="driver-checkin">
      <CardContent>
        <Typography variant="subtitle1">
          {translate('driver.hello', { name: status.driverName })}
        </Typography>
        {device ? (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {translate('driver.current')}
            </Typography>
            <Typography variant="h5" data-testid="driver-vehicle">
              {device.name}
              {device.plate ? ` · ${device.plate}` : ''}
            </Typography>
            {since && (
              <Typography variant="body2" color="text.secondary">
                {translate('driver.since', {
                  time: formatDateTime(since, {
                    locale: locale.replace('_', '-'),
                    timeZone: browserTimeZone(),
                  }),
                })}
              </Typography>
            )}
          </>
        ) : (
          <Typography sx={{ mt: 1 }} data-testid="driver-none">
            {translate('driver.none')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
};
