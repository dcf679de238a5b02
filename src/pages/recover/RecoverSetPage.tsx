import LockResetIcon from '@mui/icons-material/LockReset';
import { Alert } from '@mui/material';
import { useState } from 'react';
import {
  Form,
  PasswordInput,
  required,
  TextInput,
  useDataProvider,
  useTranslate,
} from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import type { FrotaDataProvider } from '../../dataProvider';
import { AuthFormCard, useSubmitFailure } from '../AuthFormCard';
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

/**
 * `/login/recover/:token` and `/reset-password?passwordReset=` (Traccar's link): the link from the
 * recovery mail, token prefilled from the URL.
 */
export const RecoverSetPage = () => {
  const translate = useTranslate();
  const params = useParams();
  const [search] = useSearchParams();
  const token = params.token ?? search.get('passwordReset') ?? '';
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const [done, setDone] = useState(false);
  const { error, submit } = useSubmitFailure(async (values: Partial<SetPasswordValues>) => {
    await dataProvider.resetPassword((values.token ?? '').trim(), values.password ?? '');
    setDone(true);
  });

  return (
    <AuthFormCard
      title={translate('recover.setTitle')}
      outcome={done && <Alert severity="success">{translate('recover.done')}</Alert>}
      error={error}
    >
      <Form onSubmit={submit} defaultValues={{ token }} noValidate>
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
    </AuthFormCard>
  );
};
