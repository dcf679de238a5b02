import LogoutIcon from '@mui/icons-material/NoCrash';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { Alert, Button, CircularProgress } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { ErrorMessage } from '../common/ErrorMessage';
import type { FrotaDataProvider } from '../dataProvider';
import { CheckInCard } from './CheckInCard';
import { describeDriverError } from '../dataProvider/driverErrors';
import { DriverGate } from './DriverGate';
import { DriverShell } from './DriverShell';
import { QrScanner } from './QrScanner';

const DRIVER_STATUS = ['qrDriver', 'status'];

const DriverHome = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: DRIVER_STATUS,
    queryFn: () => dataProvider.getDriverStatus(),
    retry: false,
  });
  const checkOut = useMutation({
    mutationFn: () => dataProvider.driverCheckIn(0),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: DRIVER_STATUS }),
  });
  const [scanning, setScanning] = useState(false);
  const status = current.data;
  const error = current.error && describeDriverError(current.error);
  const actionError = checkOut.error && describeDriverError(checkOut.error);
  const checkedOut = checkOut.isSuccess;

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
        <Button
          variant="outlined"
          size="large"
          startIcon={<LogoutIcon />}
          onClick={() => checkOut.mutate()}
        >
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
