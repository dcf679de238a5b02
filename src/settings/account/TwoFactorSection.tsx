import SecurityIcon from '@mui/icons-material/Security';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { User } from '../../../model/user';
import { setCurrentUser } from '../../authProvider/currentUser';
import { useImpersonation } from '../../authProvider/useImpersonation';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { useSaveFeedback } from '../../common/useSaveFeedback';
import type { FrotaDataProvider } from '../../dataProvider';
import { TwoFactorSetupDialog } from '../../common/twoFactor/TwoFactorSetupDialog';
import { useServerInfo } from '../../bootstrap/ServerInfoContext';
import {
  SETUP_PARAM,
  needsTwoFactorSetup,
  twoFactorSettingsOf,
} from '../../common/twoFactor/twoFactorRules';

/**
 * The account page's two-step verification: on or off, turned on through the setup dialog
 * (opened at once when the app sent the user here to comply with `totpForce`), turned off after
 * a confirmation. A session acting as another user neither sees nor changes that user's key.
 */
export const TwoFactorSection = ({ user }: { user: User }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const feedback = useSaveFeedback();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const { original } = useImpersonation();
  const { server } = useServerInfo();
  const { allowed, forced } = twoFactorSettingsOf(server);
  const [search, setSearch] = useSearchParams();
  const [setupOpen, setSetupOpen] = useState(search.get(SETUP_PARAM) !== null);
  const [confirmOff, setConfirmOff] = useState(false);
  const [busy, setBusy] = useState(false);
  const on = Boolean(user.totpKey);

  if (!on && !allowed) return null;

  const saved = (next: User) => {
    setCurrentUser(next);
    void queryClient.invalidateQueries({ queryKey: ['auth'] });
  };

  const enable = async (key: string) => {
    saved(await dataProvider.saveTotpKey(user.id, key));
    setSetupOpen(false);
    if (search.has(SETUP_PARAM)) {
      search.delete(SETUP_PARAM);
      setSearch(search, { replace: true });
    }
    notify('signIn.twoFactor.enabled', { type: 'success' });
  };

  const disable = async () => {
    setBusy(true);
    try {
      saved(await dataProvider.saveTotpKey(user.id, null));
      notify('signIn.twoFactor.disabled', { type: 'success' });
    } catch (error) {
      feedback.failed(error);
    } finally {
      setBusy(false);
      setConfirmOff(false);
    }
  };

  // Under `totpForce` only an administrator may go back to a password alone.
  const mayDisable = on && (!forced || user.administrator);

  return (
    <Card sx={{ mt: 2 }} data-testid="two-factor">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <SecurityIcon color={on ? 'success' : 'action'} />
          <Typography variant="h6">{translate('signIn.twoFactor.title')}</Typography>
        </Box>
        {original ? (
          <Typography color="text.secondary">
            {translate('signIn.twoFactor.impersonating')}
          </Typography>
        ) : (
          <>
            <Typography color="text.secondary">{translate('signIn.twoFactor.intro')}</Typography>
            {needsTwoFactorSetup(user, server) && (
              <Alert severity="warning">{translate('signIn.twoFactor.forced')}</Alert>
            )}
            <Typography data-testid="two-factor-status">
              {translate(on ? 'signIn.twoFactor.on' : 'signIn.twoFactor.off')}
            </Typography>
            <Box>
              {!on && (
                <Button variant="contained" onClick={() => setSetupOpen(true)}>
                  {translate('signIn.twoFactor.enable')}
                </Button>
              )}
              {mayDisable && (
                <Button color="error" variant="outlined" onClick={() => setConfirmOff(true)}>
                  {translate('signIn.twoFactor.disable')}
                </Button>
              )}
            </Box>
          </>
        )}
      </CardContent>
      {setupOpen && !on && !original && (
        <TwoFactorSetupDialog
          email={user.email}
          onConfirmed={enable}
          onClose={() => setSetupOpen(false)}
        />
      )}
      <ConfirmDialog
        open={confirmOff}
        title={translate('signIn.twoFactor.disableTitle')}
        message={translate('signIn.twoFactor.disableText')}
        confirmLabel={translate('signIn.twoFactor.disable')}
        cancelLabel={translate('signIn.twoFactor.cancel')}
        confirmColor="error"
        busy={busy}
        onConfirm={() => void disable()}
        onCancel={() => setConfirmOff(false)}
      />
    </Card>
  );
};
