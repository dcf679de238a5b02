import {
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import type { ErrorView } from '../dataProvider/describeError';
import type { FrotaDataProvider } from '../dataProvider';
import type { AutolinkInput } from '../dataProvider/autolink';
import { describeDriverError } from '../dataProvider/driverErrors';
import { liveStore } from '../live/liveStore';
import { ErrorMessage } from '../common/ErrorMessage';
import { CategorySelect } from './CategorySelect';

const INVALID_IDENTIFIER: ErrorView = { kind: 'message', key: 'autolink.errors.imei' };

const IDENTIFIER = /^[A-Za-z0-9_.:]{1,64}$/;

/** `/autolink` and `/autolink/:id`: add a device to one's account by its identifier. */
export const AutolinkPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const [input, setInput] = useState<AutolinkInput>({
    imei: id,
    placa: '',
    modelo: '',
    categoria: 'car',
  });
  const [invalid, setInvalid] = useState(false);
  const link = useMutation({
    mutationFn: (fields: AutolinkInput) => dataProvider.autolinkDevice(fields),
    onSuccess: (device) => {
      if (device) liveStore.enqueue({ devices: [device] });
      notify('autolink.success', { type: 'success' });
      navigate(device ? `/devices/${device.id}` : '/devices');
    },
  });
  const error = invalid ? INVALID_IDENTIFIER : link.error && describeDriverError(link.error);
  // Busy from the submit until the page is left (or the failure is shown).
  const pending = link.isPending || link.isSuccess;
  const field = (key: keyof AutolinkInput) => (value: string) =>
    setInput((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = IDENTIFIER.test(input.imei.trim());
    setInvalid(!valid);
    if (valid) link.mutate(input);
  };

  return (
    <Box sx={{ p: 2, display: 'flex', justifyContent: 'center' }}>
      <Card sx={{ width: 480, maxWidth: '100%' }}>
        <CardContent
          component="form"
          noValidate
          onSubmit={submit}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          <Title title={translate('autolink.title')} />
          <Typography variant="h6" component="h2">
            {translate('autolink.title')}
          </Typography>
          {error && <ErrorMessage error={error} />}
          <TextField
            id="autolink-imei"
            label={translate('autolink.imei')}
            value={input.imei}
            onChange={(event) => field('imei')(event.target.value)}
            autoFocus={!id}
          />
          <TextField
            id="autolink-plate"
            label={translate('autolink.plate')}
            value={input.placa}
            onChange={(event) => field('placa')(event.target.value)}
          />
          <TextField
            id="autolink-model"
            label={translate('autolink.model')}
            value={input.modelo}
            onChange={(event) => field('modelo')(event.target.value)}
          />
          <CategorySelect value={input.categoria} onChange={field('categoria')} />
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? (
              <CircularProgress size={24} color="inherit" />
            ) : (
              translate('autolink.submit')
            )}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
};
