import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { getJson } from '../../dataProvider/http';
import type { TraccarDataProvider } from '../../dataProvider/traccar';
import type { Device } from '../../../model/device';
import type { Position } from '../../../model/position';

const HOUR_MS = 3_600_000;

const number = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * Odometer (km, stored in metres) and engine hours, written through
 * `PUT /api/devices/{id}/accumulators`: a copy of the latest position with the new values.
 */
export const OdometerPanel = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const device = useRecordContext<Device>();
  const dataProvider = useDataProvider<TraccarDataProvider>();
  const [km, setKm] = useState('');
  const [hours, setHours] = useState('');
  const { data: position, refetch } = useQuery({
    queryKey: ['latestPosition', device?.id],
    queryFn: async () =>
      (await getJson<Position[]>('/api/positions', { query: { deviceId: device!.id } }))[0] ?? null,
    enabled: Boolean(device?.id),
  });
  if (!device?.id) return null;
  const distance = number(position?.attributes?.totalDistance);
  const engine = number(position?.attributes?.hours);

  const save = async () => {
    const values: { totalDistance?: number; hours?: number } = {};
    if (km.trim()) values.totalDistance = Math.round(Number(km) * 1000);
    if (hours.trim()) values.hours = Math.round(Number(hours) * HOUR_MS);
    if (Object.values(values).some((value) => !Number.isFinite(value))) {
      notify('admin.validation.number', { type: 'error' });
      return;
    }
    try {
      await dataProvider.setAccumulators(device.id, values);
      notify('admin.odometer.saved', { type: 'success' });
      setKm('');
      setHours('');
      void refetch();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
        type: 'error',
      });
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 420 }}>
      {!position && <Alert severity="info">{translate('admin.odometer.noPosition')}</Alert>}
      <Typography>
        {translate('admin.odometer.current', {
          km: distance === null ? '—' : (distance / 1000).toFixed(1),
          hours: engine === null ? '—' : (engine / HOUR_MS).toFixed(1),
        })}
      </Typography>
      <TextField
        label={translate('admin.odometer.km')}
        value={km}
        onChange={(event) => setKm(event.target.value)}
        type="number"
        size="small"
      />
      <TextField
        label={translate('admin.odometer.hours')}
        value={hours}
        onChange={(event) => setHours(event.target.value)}
        type="number"
        size="small"
      />
      <Button
        variant="outlined"
        onClick={() => void save()}
        disabled={!position || (!km && !hours)}
      >
        {translate('admin.odometer.save')}
      </Button>
    </Stack>
  );
};
