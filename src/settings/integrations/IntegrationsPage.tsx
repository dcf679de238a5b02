import { Alert, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PageFrame } from '../../common/PageFrame';
import { useErrorText } from '../../dataProvider/featureErrors';
import { IntegrationCard } from './IntegrationCard';
import { useIntegrations } from '../../common/useIntegrations';

/** `/integrations`: payment provider, e-mail sending and invoice webhook (admin, plus licence). */
export const IntegrationsPage = () => {
  const translate = useTranslate();
  const errorText = useErrorText();
  const { data: integrations, error } = useIntegrations();

  return (
    <PageFrame title={translate('integrations.title')} maxWidth={720}>
      {error && (
        <Alert severity="error">
          {translate('integrations.failed', { error: errorText(error) })}
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
