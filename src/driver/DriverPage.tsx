import LogoutIcon from '@mui/icons-material/NoCrash';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { Alert, Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { ErrorView } from '../authProvider/describeError';
import { ErrorMessage } from '../common/ErrorMessage';
import { CheckInCard } from './CheckInCard';
import { postCheckIn } from './driverApi';
import { describeDriverError } from './driverErrors';
import { DriverGate } from './DriverGate';
import { DriverShell } from './DriverShell';
import { QrScanner } from './QrScanner';
import { useDriverStatus } from './useDriverStatus';

const DriverHome = () => {
  const translate = useTranslate();
  const { status, error, reload } = useDriverStatus();
  const [scanning, setScanning] = useState(false);
  const [actionError, setActionError] = useState<ErrorView | null>(null);
  const [checkedOut, setCheckedOut] = useState(false);

  const checkOut = () => {
    setActionError(null);
    postCheckIn(0)
      .then(() => {
        setCheckedOut(true);
        reload();
      })
      .catch((failure: unknown) => setActionError(describeDriverError(failure)));
  };

  if (scanning) return <QrScanner onCancel={() => setScanning(false)} />;
  return (
    <DriverShell>
      {error && <ErrorMessage error={error} />}
      {actionError && <ErrorMessage error={actionError} />}
      {checkedOut && !status?.device && (
        <Alert severity="success">{translate('driver.checkedOut')}</Alert>
      )}
      {!status && !error && <CircularProgress />}
      {status && <CheckInCard status={status} />}
      <Button
        variant="contained"
        size="large"
        startIcon={<QrCodeScannerIcon />}
        onClick={() => setScanning(true)}
      >
        {translate('driver.scan')}
      </Button>
      {status?.device && (
        <Button variant="outlined" size="large" startIcon={<LogoutIcon />} onClick={checkOut}>
          {translate('driver.checkOut')}
        </Button>
      )}
    </DriverShell>
  );
};

/** `/qr-driver`: the driver's only screen besides the scan confirmation. */
export const DriverPage = () => (
  <DriverGate>
    <DriverHome />
  </DriverGate>
);
