import { Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { loadServerInfo } from '../../bootstrap/useServerInfoLoader';
import { useSaveFeedback } from '../../common/useSaveFeedback';
import type { FrotaDataProvider } from '../../dataProvider';
import type { Integration, SettingValue } from '../../dataProvider/integrations';
import { INTEGRATIONS, type IntegrationKey } from '../../../model/integration';
import { IntegrationField } from './IntegrationField';

const WEBHOOK_PATH = '/tarkan/invoices/webhook';

/** The settings of one integration; secrets start blank and are sent only when typed. */
export const IntegrationCard = ({ integration }: { integration: Integration }) => {
  const translate = useTranslate();
  const feedback = useSaveFeedback();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const key = integration.key as IntegrationKey;
  const fields = Object.entries(INTEGRATIONS[key]?.fields ?? {});
  const initial = Object.fromEntries(
    fields
      .filter(([, type]) => type !== 'secret')
      .map(([name]) => [name, integration.settings[name]]),
  );
  const [values, setValues] = useState<Record<string, SettingValue>>(initial);
  const [secretsSet, setSecretsSet] = useState(integration.settings);

  const save = useMutation({
    mutationFn: (settings: Record<string, SettingValue>) =>
      dataProvider.saveIntegration(key, settings),
    onSuccess: (saved, sent) => {
      setSecretsSet(saved.settings);
      // Typed secrets are cleared once saved; the other fields keep what was sent.
      setValues(
        Object.fromEntries(
          Object.entries(sent).filter(
            ([name]) => INTEGRATIONS[key].fields[name as never] !== 'secret',
          ),
        ),
      );
      feedback.saved('integrations.saved');
      // The mail settings decide the server's `emailEnabled`: the report screens offer mail (or
      // say it is missing) from the next screen on, without a reload. Should this read fail, the
      // app's next start reads it.
      if (key === 'email') loadServerInfo().catch(() => undefined);
    },
    onError: feedback.failed,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(values);
  };

  return (
    <Card component="form" onSubmit={submit} data-testid={`integration-${key}`}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {translate(`integrations.titles.${key}`, { _: integration.title })}
        </Typography>
        <Stack spacing={1.5}>
          {fields.map(([name, type]) => (
            <IntegrationField
              key={name}
              name={name}
              type={type}
              value={values[name]}
              isSet={secretsSet[`${name}Set`] === true}
              onChange={(value) => setValues((current) => ({ ...current, [name]: value }))}
            />
          ))}
          {key === 'asaas' && (
            <Typography variant="body2" color="text.secondary">
              {translate('integrations.webhookHelp', {
                url: `${window.location.origin}${WEBHOOK_PATH}`,
              })}
            </Typography>
          )}
        </Stack>
      </CardContent>
      <CardActions>
        <Button type="submit" variant="contained">
          {translate('integrations.save')}
        </Button>
      </CardActions>
    </Card>
  );
};
