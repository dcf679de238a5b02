import { Alert, Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { PageFrame } from '../../common/PageFrame';
import { useErrorText } from '../../dataProvider/featureErrors';
import { fetchIntegrations, type Integration } from './api';
import { IntegrationCard } from './IntegrationCard';

/** `/integrations`: payment provider, e-mail sending and invoice webhook (admin, plus licence). */
export const IntegrationsPage = () => {
  const translate = useTranslate();
  const errorText = useErrorText();
  const [integrations, setIntegrations] = useState<Integration[] | null>(null);
  const [failed, setFailed] = useState<unknown>(null);

  useEffect(() => {
    fetchIntegrations()
      .then(setIntegrations)
      .catch((error: unknown) => setFailed(error ?? 'error'));
  }, []);

  return (
    <PageFrame title={translate('integrations.title')} maxWidth={720}>
      {failed !== null && (
        <Alert severity="error">
          {translate('integrations.failed', { error: errorText(failed) })}
        </Alert>
      )}
      <Stack spacing={2}>
        {integrations?.map((integration) => (
          <IntegrationCard key={integration.key} integration={integration} />
        ))}
      </Stack>
    </PageFrame>
  );
};
