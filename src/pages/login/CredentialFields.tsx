import { OutlinedTextField } from '../../common/OutlinedTextField';
import { useTranslate } from 'react-admin';

interface CredentialFieldsProps {
  username: string;
  password: string;
  onUsername: (value: string) => void;
  onPassword: (value: string) => void;
}

/** The user name and password of every sign-in form (the main one and the driver's). */
export const CredentialFields = ({
  username,
  password,
  onUsername,
  onPassword,
}: CredentialFieldsProps) => {
  const translate = useTranslate();
  return (
    <>
      <OutlinedTextField
        id="username"
        name="username"
        label={translate('login.username')}
        autoComplete="username"
        autoFocus
        value={username}
        onChange={(event) => onUsername(event.target.value)}
      />
      <OutlinedTextField
        id="password"
        name="password"
        type="password"
        label={translate('login.password')}
        autoComplete="current-password"
        value={password}
        onChange={(event) => onPassword(event.target.value)}
      />
    </>
  );
};
