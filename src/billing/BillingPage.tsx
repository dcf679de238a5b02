import { Alert, Stack } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { useAccess } from '../authProvider/useAccess';
import { PageFrame } from '../common/PageFrame';
import type { FrotaDataProvider } from '../dataProvider';
import { useErrorText } from '../dataProvider/featureErrors';
import { useIntegrations } from '../common/useIntegrations';
import { BillingUserCard } from './BillingUserCard';

const BILLING_USERS = ['billing', 'users'];

/**
 * `/billing`: the administrator's billing management (plus licence, billing switched on). Anyone
 * else opening its address gets the access-denied page, not the server's refusal as an error; an
 * administrator with billing switched off sees the page, which says so.
 */
export const BillingPage = () => {
  const { user } = useAccess();
  // Signed in but the account not read yet: nothing to decide on.
  if (!user) return null;
  return user.administrator ? <BillingManager /> : <Navigate to="/access-denied" replace />;
};

const BillingManager = () => {
  const translate = useTranslate();
  const errorText = useErrorText();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const queryClient = useQueryClient();
  const { data: users, error } = useQuery({
    queryKey: BILLING_USERS,
    queryFn: () => dataProvider.getBillingUsers(),
    retry: false,
  });
  const integrations = useIntegrations();
  // Until the integrations answer, the payment provider counts as on (no notice flashes).
  const providerOn = integrations.isError
    ? false
    : (integrations.data?.some((i) => i.key === 'asaas' && i.settings.enabled === true) ?? true);

  return (
    <PageFrame title={translate('billing.managerTitle')} maxWidth={1000}>
      <Stack spacing={2}>
        {!providerOn && <Alert severity="info">{translate('billing.localNotice')}</Alert>}
        {error && (
          <Alert severity="error">{translate('billing.failed', { error: errorText(error) })}</Alert>
        )}
        {users?.length === 0 && <Alert severity="info">{translate('billing.noUsers')}</Alert>}
        {users?.map((user) => (
          <BillingUserCard
            key={user.id}
            user={user}
            onChange={() => void queryClient.invalidateQueries({ queryKey: BILLING_USERS })}
          />
        ))}
      </Stack>
    </PageFrame>
  );
};
