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
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useServerInfo } from '../../bootstrap/ServerInfoContext';
import type { FrotaDataProvider } from '../../dataProvider';
import { AuthFormCard, useSubmitFailure } from '../AuthFormCard';
import { TwoFactorSetupDialog } from '../../common/twoFactor/TwoFactorSetupDialog';
import { twoFactorSettingsOf } from '../../common/twoFactor/twoFactorRules';
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
  // With `totpForce` the account needs a key from the start: set up (and confirmed) in the
  // dialog before the account is created with it.
  const { forced, allowed } = twoFactorSettingsOf(server);
  const [awaitingKey, setAwaitingKey] = useState<RegisterValues | null>(null);
  const create = async ({ name, email, password }: RegisterValues, totpKey?: string) => {
    await dataProvider.createUser({ name: name.trim(), email, password, totpKey });
    notify('register.success', { type: 'success' });
    navigate('/login');
  };
  const { error, submit } = useSubmitFailure(async (values: Partial<RegisterValues>) => {
    if (forced && allowed) setAwaitingKey(values as RegisterValues);
    else await create(values as RegisterValues);
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
      {awaitingKey && (
        <TwoFactorSetupDialog
          email={awaitingKey.email}
          onConfirmed={(key) => create(awaitingKey, key)}
          onClose={() => setAwaitingKey(null)}
        />
      )}
    </AuthFormCard>
  );
};
