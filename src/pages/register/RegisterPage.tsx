import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Alert, Box } from '@mui/material';
import { useState } from 'react';
import { Form, PasswordInput, TextInput, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { describeError, type ErrorView } from '../../authProvider/describeError';
import { useServerInfo } from '../../bootstrap/ServerInfoContext';
import { request } from '../../dataProvider/http';
import { AuthCard } from '../AuthCard';
import { BackToLogin } from '../BackToLogin';
import { ErrorMessage } from '../../common/ErrorMessage';
import { SubmitButton } from '../SubmitButton';
import { validateEmail, validateName, validatePassword } from './registerValidators';

interface RegisterValues {
  name: string;
  email: string;
  password: string;
}

export const RegisterPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { server } = useServerInfo();
  const [error, setError] = useState<ErrorView | null>(null);

  const register = async (values: Partial<RegisterValues>) => {
    setError(null);
    try {
      const { name, email, password } = values as RegisterValues;
      await request('/api/users', { method: 'POST', json: { name: name.trim(), email, password } });
      notify('register.success', { type: 'success' });
      navigate('/login');
    } catch (failure) {
      setError(describeError(failure));
    }
  };

  if (!server.registration) {
    return (
      <AuthCard title={translate('register.title')}>
        <Alert severity="info">{translate('register.disabled')}</Alert>
        <BackToLogin />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={translate('register.title')}>
      {error && <ErrorMessage error={error} />}
      <Form onSubmit={register} noValidate>
        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
          <TextInput id="name" source="name" label="register.name" validate={validateName} />
          <TextInput
            id="email"
            source="email"
            label="register.email"
            autoComplete="username"
            validate={validateEmail}
          />
          <PasswordInput
            id="password"
            source="password"
            label="register.password"
            autoComplete="new-password"
            validate={validatePassword}
          />
          <SubmitButton label="register.submit" icon={<PersonAddIcon />} />
        </Box>
      </Form>
      <BackToLogin />
    </AuthCard>
  );
};
