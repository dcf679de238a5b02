import {
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import type { ErrorView } from '../authProvider/describeError';
import { describeDriverError } from '../driver/driverErrors';
import { liveStore } from '../live/liveStore';
import { ErrorMessage } from '../common/ErrorMessage';
import { autolinkDevice, type AutolinkInput } from './autolinkApi';
import { CategorySelect } from './CategorySelect';

const IDENTIFIER = /^[A-Za-z0-9_.:]{1,64}$/;

/** `/autolink` and `/autolink/:id`: add a device to one's account by its identifier. */
export const AutolinkPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [input, setInput] = useState<AutolinkInput>({
    imei: id,
    placa: '',
    modelo: '',
    categoria: 'car',
  });
  const [error, setError] = useState<ErrorView | null>(null);
  const [pending, setPending] = useState(false);
  const field = (key: keyof AutolinkInput) => (value: string) =>
    setInput((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!IDENTIFIER.test(input.imei.trim())) {
      setError({ kind: 'message', key: 'autolink.errors.imei' });
      return;
    }
    setError(null);
    setPending(true);
    try {
      const device = await autolinkDevice(input);
      if (device) liveStore.enqueue({ devices: [device] });
      notify('autolink.success', { type: 'success' });
      navigate(device ? `/devices/${device.id}` : '/devices');
    } catch (failure) {
      setError(describeDriverError(failure));
      setPending(false);
    }
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
          <Typography variant="h6" component="h1">
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
