import SendIcon from '@mui/icons-material/Send';
import { Alert, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, required, TextInput, useTranslate } from 'react-admin';
import { describeError, type ErrorView } from '../../authProvider/describeError';
import { request } from '../../dataProvider/http';
import { AuthCard } from '../AuthCard';
import { BackToLogin } from '../BackToLogin';
import { ErrorMessage } from '../../common/ErrorMessage';
import { SubmitButton } from '../SubmitButton';

const validateEmail = required('errors.FILL_EMAIL_FIELD');

/** `/login/recover`: asks the server to mail a recovery link to this origin. */
export const RecoverRequestPage = () => {
  const translate = useTranslate();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<ErrorView | null>(null);

  const send = async (values: { email?: string }) => {
    setError(null);
    try {
      await request('/api/session/password', {
        method: 'POST',
        form: { email: (values.email ?? '').trim(), requested_from: window.location.origin },
      });
      setSent(true);
    } catch (failure) {
      setError(describeError(failure));
    }
  };

  return (
    <AuthCard title={translate('recover.title')}>
      {sent ? (
        // The same answer whatever the email: the server never reveals which accounts exist.
        <Alert severity="success">{translate('recover.sent')}</Alert>
      ) : (
        <>
          <Typography variant="body2">{translate('recover.intro')}</Typography>
          {error && <ErrorMessage error={error} />}
          <Form onSubmit={send} noValidate>
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
        </>
      )}
      <BackToLogin />
    </AuthCard>
  );
};
