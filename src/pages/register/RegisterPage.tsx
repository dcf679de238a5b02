import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Alert, Box } from '@mui/material';
import {
  Form,
  PasswordInput,
  TextInput,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useServerInfo } from '../../bootstrap/ServerInfoContext';
import type { FrotaDataProvider } from '../../dataProvider';
import { AuthFormCard, useSubmitFailure } from '../AuthFormCard';
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
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const { error, submit } = useSubmitFailure(async (values: Partial<RegisterValues>) => {
    const { name, email, password } = values as RegisterValues;
    await dataProvider.createUser({ name: name.trim(), email, password });
    notify('register.success', { type: 'success' });
    navigate('/login');
  });

  return (
    <AuthFormCard
      title={translate('register.title')}
      outcome={
        !server.registration && <Alert severity="info">{translate('register.disabled')}</Alert>
      }
      error={error}
    >
      <Form onSubmit={submit} noValidate>
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
    </AuthFormCard>
  );
};
