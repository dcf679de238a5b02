import { Alert, Card, CardContent } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useServerInfo } from '../bootstrap/ServerInfoContext';

/**
 * A page that exists only with the plus licence (the `licensemode` header): without it, one
 * message in the user's language instead of a blank page or the server's English refusal, and
 * none of the page's own requests.
 */
export const PlusOnly = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const { isPlus } = useServerInfo();
  if (isPlus) return <>{children}</>;
  return (
    <Card sx={{ mt: 2 }} data-testid="plus-required">
      <CardContent>
        <Alert severity="info">{translate('billing.errors.plusRequired')}</Alert>
      </CardContent>
    </Card>
  );
};
