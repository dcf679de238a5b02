import { useCallback, useEffect, useState } from 'react';
import type { ErrorView } from '../authProvider/describeError';
import { describeDriverError } from './driverErrors';
import { fetchDriverStatus, type DriverStatus } from './driverApi';

/** The driver's current check-in, with a reload after changes. */
export const useDriverStatus = () => {
  const [status, setStatus] = useState<DriverStatus | null>(null);
  const [error, setError] = useState<ErrorView | null>(null);
  const reload = useCallback(() => {
    fetchDriverStatus()
      .then((next) => {
        setStatus(next);
        setError(null);
      })
      .catch((failure: unknown) => setError(describeDriverError(failure)));
  }, []);
  useEffect(reload, [reload]);
  return { status, error, reload };
};
