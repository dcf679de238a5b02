import SwitchAccountIcon from '@mui/icons-material/SwitchAccount';
import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useGetIdentity, useNotify, useTranslate } from 'react-admin';
import { useImpersonation } from '../authProvider/useImpersonation';
import type { FrotaDataProvider } from '../dataProvider';
import { useErrorText } from '../dataProvider/featureErrors';

/**
 * In the app bar on every screen while the session acts as another user: whose account this
 * is, and the way back to the user who signed in (no password asked; the server only ever goes
 * back to that session's own original user). A full reload follows so nothing of one account's
 * live data or caches shows under the other.
 */
export const ImpersonationBanner = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const { identity } = useGetIdentity();
  const { original } = useImpersonation();
  const [busy, setBusy] = useState(false);
  if (!original) return null;

  const back = async () => {
    setBusy(true);
    try {
      await dataProvider.endImpersonation();
      window.location.assign('/');
    } catch (error) {
      notify('signIn.impersonation.backFailed', {
        type: 'error',
        messageArgs: { error: errorText(error) },
      });
      setBusy(false);
    }
  };

  return (
    <Box
      role="status"
      data-testid="impersonation-banner"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        mx: 1,
        px: 1.5,
        py: 0.5,
        borderRadius: 1,
        bgcolor: 'warning.main',
        color: 'warning.contrastText',
        minWidth: 0,
      }}
    >
      <SwitchAccountIcon fontSize="small" />
      {/* On a phone the button alone says it: the user menu already names the account. */}
      <Typography
        variant="body2"
        noWrap
        sx={{ fontWeight: 600, display: { xs: 'none', md: 'block' } }}
      >
        {translate('signIn.impersonation.banner', { name: identity?.fullName ?? '' })}
      </Typography>
      <Button
        size="small"
        variant="contained"
        color="inherit"
        onClick={() => void back()}
        disabled={busy}
        sx={{ color: 'warning.dark', whiteSpace: 'nowrap' }}
      >
        {translate('signIn.impersonation.back', { name: original.name })}
      </Button>
    </Box>
  );
};
