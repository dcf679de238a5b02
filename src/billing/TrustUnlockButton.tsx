import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { trustUnlock } from './api';
import { describeError, type ErrorView } from '../authProvider/describeError';
import { errorCode } from '../authProvider/errorCode';

const bodyOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'body' in error ? error.body : null;

/** What a refused trust unlock shows: `Already trust - …` has a message of its own. */
const trustFailure = (error: unknown): ErrorView => {
  const body = bodyOf(error);
  if (typeof body === 'string' && errorCode(body) === 'ALREADY_TRUST') {
    return { kind: 'message', key: 'billing.alreadyTrust' };
  }
  return describeError(error);
};

/**
 * In the suspended box: unlocks the account once for its trust days with the typed credentials,
 * then signs in with them.
 */
export const TrustUnlockButton = ({
  username,
  password,
  signIn,
  onError,
}: {
  username: string;
  password: string;
  signIn: () => Promise<void>;
  onError: (error: ErrorView) => void;
}) => {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const unlock = async () => {
    setBusy(true);
    try {
      await trustUnlock(username.trim(), password);
    } catch (error) {
      setBusy(false);
      onError(trustFailure(error));
      return;
    }
    await signIn();
    setBusy(false);
  };
  return (
    <Button variant="contained" color="warning" disabled={busy} onClick={() => void unlock()}>
      {translate('billing.trustUnlock')}
    </Button>
  );
};
