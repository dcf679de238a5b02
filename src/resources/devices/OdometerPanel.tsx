import { Alert, Button, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useLocale, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { FrotaDataProvider } from '../../dataProvider';
import type { Device } from '../../../model/device';
import { deviceOdometer, ignoresDeviceOdometer, odometerOf } from '../../../model/position';
import { useServerInfo } from '../../bootstrap/ServerInfoContext';
import { DecimalTextField } from '../../common/DecimalInput';
import { formatNumber } from '../../i18n/formatters';

const HOUR_MS = 3_600_000;

interface Accumulators {
  totalDistance?: number;
  hours?: number;
}

const number = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * Odometer (km, stored in metres) and engine hours, written through
 * `PUT /api/devices/{id}/accumulators`: a copy of the latest position with the new values. The
 * odometer shown is the one every screen shows (`odometerOf`); when it is the vehicle's own meter,
 * reported by the device, the server cannot set it and only engine hours are offered.
 */
export const OdometerPanel = () => {
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const { server } = useServerInfo();
  const device = useRecordContext<Device>();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const queryClient = useQueryClient();
  const [km, setKm] = useState<number | null>(null);
  const [hours, setHours] = useState<number | null>(null);
  const latestQuery = ['latestPosition', device?.id];
  const { data: position } = useQuery({
    queryKey: latestQuery,
    queryFn: () => dataProvider.getLatestPosition(device!.id),
    enabled: Boolean(device?.id),
  });
  const saveValues = useMutation({
    mutationFn: (values: Accumulators) => dataProvider.setAccumulators(device!.id, values),
    onSuccess: () => {
      notify('admin.odometer.saved', { type: 'success' });
      setKm(null);
      setHours(null);
      void queryClient.invalidateQueries({ queryKey: latestQuery });
    },
    onError: (error) =>
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
        type: 'error',
      }),
  });
  if (!device?.id) return null;
  const attributes = position?.attributes ?? {};
  const ignoreDevice = ignoresDeviceOdometer(device.attributes, server?.attributes);
  const distance = odometerOf(attributes, ignoreDevice);
  const fromVehicle = !ignoreDevice && deviceOdometer(attributes) !== null;
  const engine = number(attributes.hours);
  const shown = (value: number | null) =>
    value === null ? '—' : formatNumber(value, locale, { digits: 1 });

  const save = () => {
    if ([km, hours].some((value) => value !== null && (Number.isNaN(value) || value < 0))) {
      notify('admin.validation.number', { type: 'error' });
      return;
    }
    const values: Accumulators = {};
    if (km !== null && !fromVehicle) values.totalDistance = Math.round(km * 1000);
    if (hours !== null) values.hours = Math.round(hours * HOUR_MS);
    saveValues.mutate(values);
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 420 }}>
      {!position && <Alert severity="info">{translate('admin.odometer.noPosition')}</Alert>}
      <Typography data-testid="odometer-current">
        {translate('admin.odometer.current', {
          km: shown(distance === null ? null : distance / 1000),
          hours: shown(engine === null ? null : engine / HOUR_MS),
        })}
      </Typography>
      {fromVehicle ? (
        <Alert severity="info">{translate('admin.odometer.fromVehicle')}</Alert>
      ) : (
        <DecimalTextField
          label={translate('admin.odometer.km')}
          value={km}
          onChange={setKm}
          maxDecimals={3}
          error={km !== null && !(km >= 0)}
        />
      )}
      <DecimalTextField
        label={translate('admin.odometer.hours')}
        value={hours}
        onChange={setHours}
        maxDecimals={3}
        error={hours !== null && !(hours >= 0)}
      />
      <Button
        variant="outlined"
        onClick={save}
        disabled={!position || (hours === null && (km === null || fromVehicle))}
      >
        {translate('admin.odometer.save')}
      </Button>
    </Stack>
  );
};
