import { Alert, Autocomplete, Button, Stack, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useGetList, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { FrotaDataProvider } from '../../dataProvider';
import type { Device } from '../../../model/device';

const valueText = (value: unknown) =>
  value === '' || value === null || value === undefined ? '—' : String(value);

/** `POST /api/attributes/computed/test?deviceId=`: the expression against a device's latest fix. */
export const ComputedTest = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const { getValues } = useFormContext();
  const { data: devices = [] } = useGetList<Device>('device-admin', {
    pagination: { page: 1, perPage: 100_000 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [device, setDevice] = useState<Device | null>(null);
  const test = useMutation({
    mutationFn: ({
      deviceId,
      attribute,
    }: {
      deviceId: number;
      attribute: Record<string, unknown>;
    }) => dataProvider.computedTest(deviceId, attribute),
  });
  const outcome = test.isSuccess
    ? { kind: 'value', text: valueText(test.data) }
    : test.error
      ? { kind: 'error', text: translate(test.error.message, { _: test.error.message }) }
      : null;

  const run = () => {
    if (!device) return;
    const { id, description, attribute, expression, type, priority } = getValues();
    test.mutate({
      deviceId: device.id,
      attribute: {
        id: id ?? 0,
        description,
        attribute,
        expression,
        type,
        priority: priority ?? 0,
      },
    });
  };

  return (
    <Stack spacing={1} sx={{ width: '100%', maxWidth: 520, mt: 2 }} data-testid="computed-test">
      <Stack direction="row" spacing={1} alignItems="center">
        <Autocomplete
          options={devices}
          getOptionLabel={(option) => option.name}
          value={device}
          onChange={(_, value) => setDevice(value)}
          sx={{ flex: 1 }}
          renderInput={(params) => (
            <TextField {...params} size="small" label={translate('admin.computed.testDevice')} />
          )}
        />
        <Button variant="outlined" onClick={run} disabled={!device}>
          {translate('admin.computed.test')}
        </Button>
      </Stack>
      {outcome && (
        <Alert severity={outcome.kind === 'value' ? 'info' : 'error'} data-testid="computed-result">
          {outcome.kind === 'value'
            ? translate('admin.computed.result', { value: outcome.text })
            : outcome.text}
        </Alert>
      )}
    </Stack>
  );
};
