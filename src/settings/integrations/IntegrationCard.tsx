import { Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useErrorText } from '../../dataProvider/featureErrors';
import { INTEGRATIONS, type IntegrationKey } from '../../../model/integration';
import { saveIntegration, type Integration, type SettingValue } from './api';
import { IntegrationField } from './IntegrationField';

const WEBHOOK_PATH = '/tarkan/invoices/webhook';

/** The settings of one integration; secrets start blank and are sent only when typed. */
export const IntegrationCard = ({ integration }: { integration: Integration }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const key = integration.key as IntegrationKey;
  const fields = Object.entries(INTEGRATIONS[key]?.fields ?? {});
  const initial = Object.fromEntries(
    fields
      .filter(([, type]) => type !== 'secret')
      .map(([name]) => [name, integration.settings[name]]),
  );
  const [values, setValues] = useState<Record<string, SettingValue>>(initial);
  const [secretsSet, setSecretsSet] = useState(integration.settings);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const saved = await saveIntegration(key, values);
      setSecretsSet(saved.settings);
      setValues(
        Object.fromEntries(
          Object.entries(values).filter(
            ([name]) => INTEGRATIONS[key].fields[name as never] !== 'secret',
          ),
        ),
      );
      notify('integrations.saved', { type: 'success' });
    } catch (error) {
      const text = errorText(error);
      notify('integrations.failed', { type: 'error', messageArgs: { error: text } });
    }
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
