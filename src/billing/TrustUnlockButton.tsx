import { Button } from '@mui/material';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { describeError, type ErrorView } from '../dataProvider/describeError';
import { errorCode } from '../dataProvider/errorCode';
import { dataProvider } from '../dataProvider';

const bodyOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'body' in error ? error.body : null;

/** What a refused trust unlock shows: `Already trust - …` has a message of its own. */
const trustFailure = (error: unknown): ErrorView => {
  const body = bodyOf(error);
  if (typeof body === 'string' && errorCode(body) === 'ALREADY_TRUST') {
    return { kind: 'message', key: 'invoice.alreadyTrust' };
  }
  return describeError(error);
};

interface TrustUnlockProps {
  username: string;
  password: string;
  signIn: () => Promise<void>;
  onError: (error: ErrorView) => void;
}

const TrustUnlockAction = ({ username, password, signIn, onError }: TrustUnlockProps) => {
  const translate = useTranslate();
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
      {translate('invoice.trustUnlock')}
    </Button>
  );
};

/**
 * In the suspended box: unlocks the account once for its trust days with the typed credentials,
 * then signs in with them. The sign-in page has no react-admin around it, so the button brings
 * the query client its mutation needs.
 */
export const TrustUnlockButton = (props: TrustUnlockProps) => {
  const [queryClient] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <TrustUnlockAction {...props} />
    </QueryClientProvider>
  );
};
