import { Alert, Box, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
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
    <Box sx={{ p: 2, maxWidth: 720 }}>
      <Title title={translate('integrations.title')} />
      <Typography variant="h6" gutterBottom>
        {translate('integrations.title')}
      </Typography>
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
    </Box>
  );
};
