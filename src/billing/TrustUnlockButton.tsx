import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { describeError, type ErrorView } from '../authProvider/describeError';
import { errorCode } from '../authProvider/errorCode';
import type { FrotaDataProvider } from '../dataProvider';

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
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const unlock = useMutation({
    mutationFn: () => dataProvider.trustUnlock(username.trim(), password),
    // Busy until the sign-in that follows has finished too.
    onSuccess: () => signIn(),
    onError: (error) => onError(trustFailure(error)),
  });
  return (
    <Button
      variant="contained"
      color="warning"
      disabled={unlock.isPending}
      onClick={() => unlock.mutate()}
    >
      {translate('billing.trustUnlock')}
    </Button>
  );
};
