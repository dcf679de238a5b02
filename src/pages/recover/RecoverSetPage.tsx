import LockResetIcon from '@mui/icons-material/LockReset';
import { Alert } from '@mui/material';
import { useState } from 'react';
import { Form, PasswordInput, required, TextInput, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { describeError, type ErrorView } from '../../authProvider/describeError';
import { request } from '../../dataProvider/http';
import { AuthCard } from '../AuthCard';
import { BackToLogin } from '../BackToLogin';
import { ErrorMessage } from '../../common/ErrorMessage';
import { validatePassword } from '../register/registerValidators';
import { SubmitButton } from '../SubmitButton';

interface SetPasswordValues {
  token: string;
  password: string;
  confirmation: string;
}

const validateToken = required('errors.FILL_TOKEN_FIELD');

const matchesPassword = (value: unknown, values: Partial<SetPasswordValues>) =>
  value === values.password ? undefined : 'validation.passwordMismatch';

/** `/login/recover/:token`: the link from the recovery mail, token prefilled from the URL. */
export const RecoverSetPage = () => {
  const translate = useTranslate();
  const { token = '' } = useParams();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<ErrorView | null>(null);

  const save = async (values: Partial<SetPasswordValues>) => {
    setError(null);
    try {
      await request('/api/session/password', {
        method: 'POST',
        form: { token: (values.token ?? '').trim(), password: values.password ?? '' },
      });
      setDone(true);
    } catch (failure) {
      setError(describeError(failure));
    }
  };

  return (
    <AuthCard title={translate('recover.setTitle')}>
      {done ? (
        <Alert severity="success">{translate('recover.done')}</Alert>
      ) : (
        <>
          {error && <ErrorMessage error={error} />}
          <Form onSubmit={save} defaultValues={{ token }} noValidate>
            <TextInput
              id="token"
              source="token"
              label="recover.token"
              autoComplete="one-time-code"
              validate={validateToken}
            />
            <PasswordInput
              id="password"
              source="password"
              label="recover.newPassword"
              autoComplete="new-password"
              validate={validatePassword}
            />
            <PasswordInput
              id="confirmation"
              source="confirmation"
              label="recover.confirmPassword"
              autoComplete="new-password"
              validate={[required('validation.passwordMismatch'), matchesPassword]}
            />
            <SubmitButton label="recover.save" icon={<LockResetIcon />} />
          </Form>
        </>
      )}
      <BackToLogin />
    </AuthCard>
  );
};
