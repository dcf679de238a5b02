import { Alert, Autocomplete, Button, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useGetList, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { TraccarDataProvider } from '../../dataProvider/traccar';
import type { Device } from '../../../model/device';

type Outcome = { kind: 'value'; text: string } | { kind: 'error'; text: string };

/** `POST /api/attributes/computed/test?deviceId=`: the expression against a device's latest fix. */
export const ComputedTest = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TraccarDataProvider>();
  const { getValues } = useFormContext();
  const { data: devices = [] } = useGetList<Device>('device-admin', {
    pagination: { page: 1, perPage: 100_000 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [device, setDevice] = useState<Device | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = async () => {
    if (!device) return;
    const { id, description, attribute, expression, type, priority } = getValues();
    try {
      const value = await dataProvider.computedTest(device.id, {
        id: id ?? 0,
        description,
        attribute,
        expression,
        type,
        priority: priority ?? 0,
      });
      const text = value === '' || value === null || value === undefined ? '—' : String(value);
      setOutcome({ kind: 'value', text });
    } catch (error) {
      setOutcome({
        kind: 'error',
        text: error instanceof Error ? translate(error.message, { _: error.message }) : '',
      });
    }
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
        <Button variant="outlined" onClick={() => void run()} disabled={!device}>
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
