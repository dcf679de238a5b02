import { Alert, Stack } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { PageFrame } from '../common/PageFrame';
import { useErrorText } from '../dataProvider/featureErrors';
import { fetchIntegrations } from '../settings/integrations/api';
import type { BillingUser } from '../../model/invoice';
import { fetchBillingUsers } from './api';
import { BillingUserCard } from './BillingUserCard';

/** `/billing`: the administrator's billing management (plus licence, billing switched on). */
export const BillingPage = () => {
  const translate = useTranslate();
  const errorText = useErrorText();
  const [users, setUsers] = useState<BillingUser[] | null>(null);
  const [providerOn, setProviderOn] = useState(true);
  const [failed, setFailed] = useState<unknown>(null);

  const load = useCallback(() => {
    fetchBillingUsers()
      .then(setUsers)
      .catch((error: unknown) => setFailed(error ?? 'error'));
  }, []);
  useEffect(load, [load]);
  useEffect(() => {
    fetchIntegrations()
      .then((list) =>
        setProviderOn(list.some((i) => i.key === 'asaas' && i.settings.enabled === true)),
      )
      .catch(() => setProviderOn(false));
  }, []);

  return (
    <PageFrame title={translate('billing.managerTitle')} maxWidth={1000}>
      <Stack spacing={2}>
        {!providerOn && <Alert severity="info">{translate('billing.localNotice')}</Alert>}
        {failed !== null && (
          <Alert severity="error">
            {translate('billing.failed', { error: errorText(failed) })}
          </Alert>
        )}
        {users?.length === 0 && <Alert severity="info">{translate('billing.noUsers')}</Alert>}
        {users?.map((user) => (
          <BillingUserCard key={user.id} user={user} onChange={load} />
        ))}
      </Stack>
    </PageFrame>
  );
};
