import { Alert, Box } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { ErrorView } from '../dataProvider/describeError';

/**
 * A failed call's message; the server's own text, when untranslatable, is shown as plain text.
 * `children` go in the suspended-account box, under its warning (the sign-in puts the open
 * invoices and the trust unlock there).
 */
export const ErrorMessage = ({ error, children }: { error: ErrorView; children?: ReactNode }) => {
  const translate = useTranslate();
  if (error.kind === 'text') return <Alert severity="error">{error.text}</Alert>;
  if (error.kind === 'message') return <Alert severity="error">{translate(error.key)}</Alert>;
  return (
    <Box data-testid="suspended-box" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Alert severity="warning">{translate(error.key)}</Alert>
      {children}
    </Box>
  );
};
