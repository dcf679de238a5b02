import SendIcon from '@mui/icons-material/Send';
import { Alert, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, required, TextInput, useDataProvider, useTranslate } from 'react-admin';
import type { FrotaDataProvider } from '../../dataProvider';
import { AuthFormCard, useSubmitFailure } from '../AuthFormCard';
import { SubmitButton } from '../SubmitButton';

const validateEmail = required('errors.FILL_EMAIL_FIELD');

/** `/login/recover`: asks the server to mail a recovery link to this origin. */
export const RecoverRequestPage = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const [sent, setSent] = useState(false);
  const { error, submit } = useSubmitFailure(async (values: { email?: string }) => {
    await dataProvider.requestPasswordReset((values.email ?? '').trim());
    setSent(true);
  });

  return (
    <AuthFormCard
      title={translate('recover.title')}
      // The same answer whatever the email: the server never reveals which accounts exist.
      outcome={sent && <Alert severity="success">{translate('recover.sent')}</Alert>}
      intro={<Typography variant="body2">{translate('recover.intro')}</Typography>}
      error={error}
    >
      <Form onSubmit={submit} noValidate>
        <TextInput
          id="email"
          source="email"
          label="recover.email"
          type="email"
          autoComplete="email"
          validate={validateEmail}
        />
        <SubmitButton label="recover.send" icon={<SendIcon />} />
      </Form>
    </AuthFormCard>
  );
};
