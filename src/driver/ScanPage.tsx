import {
  Alert,
  Button,
  Card,
  CardActions,
  CardContent,
  CircularProgress,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import type { ErrorView } from '../authProvider/describeError';
import { ErrorMessage } from '../common/ErrorMessage';
import { fetchVehicle, postCheckIn, type VehicleSummary } from './driverApi';
import { describeDriverError } from './driverErrors';
import { DriverGate } from './DriverGate';
import { DriverShell } from './DriverShell';

const ConfirmCheckIn = () => {
  const translate = useTranslate();
  const id = Number(useParams().id);
  const [vehicle, setVehicle] = useState<VehicleSummary | null>(null);
  const [error, setError] = useState<ErrorView | null>(null);
  const [done, setDone] = useState(false);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    fetchVehicle(id)
      .then(setVehicle)
      .catch((failure: unknown) => setError(describeDriverError(failure)));
  }, [id]);

  const confirm = () => {
    setPending(true);
    postCheckIn(id)
      .then(() => setDone(true))
      .catch((failure: unknown) => setError(describeDriverError(failure)))
      .finally(() => setPending(false));
  };

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
            <Button variant="contained" onClick={confirm} disabled={pending}>
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
