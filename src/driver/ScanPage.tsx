import {
  Alert,
  Button,
  Card,
  CardActions,
  CardContent,
  CircularProgress,
  Typography,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { ErrorMessage } from '../common/ErrorMessage';
import type { FrotaDataProvider } from '../dataProvider';
import type { ErrorView } from '../dataProvider/describeError';
import { describeDriverError } from '../dataProvider/driverErrors';
import { DriverGate } from './DriverGate';
import { DriverShell } from './DriverShell';

const ConfirmCheckIn = () => {
  const translate = useTranslate();
  const param = useParams().id ?? '';
  // A vehicle's QR names its id; any other text (a damaged or hand-typed link) is a vehicle this
  // driver cannot use, said as for an id that names none, not as the server's refusal.
  const id = /^[1-9]\d{0,14}$/.test(param) ? Number(param) : null;
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const named = useQuery({
    queryKey: ['qrDriver', 'vehicle', id],
    queryFn: () => dataProvider.getDriverVehicle(id!),
    enabled: id !== null,
    retry: false,
  });
  const checkIn = useMutation({ mutationFn: () => dataProvider.driverCheckIn(id!) });
  const vehicle = named.data;
  const failure = checkIn.error ?? named.error;
  const error: ErrorView | null =
    id === null
      ? { kind: 'message', key: 'driver.errors.notAllowed' }
      : failure && describeDriverError(failure);
  const done = checkIn.isSuccess;

  return (
    <DriverShell>
      {error && <ErrorMessage error={error} />}
      {!vehicle && !error && <CircularProgress />}
      {vehicle && !done && (
        <Card sx={{ width: 420, maxWidth: '100%' }}>
          <CardContent>
            <Typography color="text.secondary">{translate('driver.confirmTitle')}</Typography>
            <Typography variant="h5">
              {vehicle.name}
              {vehicle.plate ? ` · ${vehicle.plate}` : ''}
            </Typography>
          </CardContent>
          <CardActions>
            <Button
              variant="contained"
              onClick={() => checkIn.mutate()}
              disabled={checkIn.isPending}
            >
              {translate('driver.confirm')}
            </Button>
          </CardActions>
        </Card>
      )}
      {vehicle && done && (
        <Alert severity="success" data-testid="checkin-done">
          {translate('driver.checkedIn', { name: vehicle.name })}
        </Alert>
      )}
      <Button component={Link} to="/qr-driver" variant="outlined">
        {translate('driver.back')}
      </Button>
    </DriverShell>
  );
};

/** `/qr-driver/scan/:id`: the vehicle a QR named, confirmed before the check-in. */
export const ScanPage = () => (
  <DriverGate>
    <ConfirmCheckIn />
  </DriverGate>
);
