import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { FrotaDataProvider } from '../../dataProvider';
import type { Device } from '../../../model/device';

const HOUR_MS = 3_600_000;

const NumberField = (props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) => (
  <TextField
    label={props.label}
    value={props.value}
    onChange={(event) => props.onChange(event.target.value)}
    type="number"
    size="small"
  />
);

interface Accumulators {
  totalDistance?: number;
  hours?: number;
}

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
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const queryClient = useQueryClient();
  const [km, setKm] = useState('');
  const [hours, setHours] = useState('');
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
      setKm('');
      setHours('');
      void queryClient.invalidateQueries({ queryKey: latestQuery });
    },
    onError: (error) =>
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
        type: 'error',
      }),
  });
  if (!device?.id) return null;
  const distance = number(position?.attributes?.totalDistance);
  const engine = number(position?.attributes?.hours);

  const save = () => {
    const values: Accumulators = {};
    if (km.trim()) values.totalDistance = Math.round(Number(km) * 1000);
    if (hours.trim()) values.hours = Math.round(Number(hours) * HOUR_MS);
    if (Object.values(values).some((value) => !Number.isFinite(value))) {
      notify('admin.validation.number', { type: 'error' });
      return;
    }
    saveValues.mutate(values);
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
      <NumberField label={translate('admin.odometer.km')} value={km} onChange={setKm} />
      <NumberField label={translate('admin.odometer.hours')} value={hours} onChange={setHours} />
      <Button variant="outlined" onClick={save} disabled={!position || (!km && !hours)}>
        {translate('admin.odometer.save')}
      </Button>
    </Stack>
  );
};
