import { Box, Button, CircularProgress } from '@mui/material';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslate } from 'react-admin';
import { describeError, type ErrorView } from '../../dataProvider/describeError';
import { ErrorMessage } from '../../common/ErrorMessage';
import { isCodeRequired } from '../../dataProvider/session';
// Only a suspended account's sign-in shows its open invoices: billing/ loads them on first use.
import { OpenInvoices } from '../../billing';
import { CodeStep } from './CodeStep';
import { CredentialFields } from './CredentialFields';

/** What the suspended-account box may offer: the typed credentials and a retry with them. */
interface SuspendedOffer {
  error: Extract<ErrorView, { kind: 'suspended' }>;
  username: string;
  password: string;
  retry: () => Promise<void>;
  showError: (error: ErrorView) => void;
}

interface SignInFormProps {
  /**
   * Signs in with the typed credentials (and the one-time code once the server asked for it); a
   * refusal is shown above the fields.
   */
  signIn: (username: string, password: string, code?: string) => Promise<unknown>;
  /** Between the credentials and the submit button (the remember-me switch). */
  options?: ReactNode;
  /** Inside the suspended-account box (the trust unlock). */
  suspended?: (offer: SuspendedOffer) => ReactNode;
}

/** User name, password and sign-in, for every sign-in page (the main one and the driver's). */
export const SignInForm = ({ signIn, options, suspended }: SignInFormProps) => {
  const translate = useTranslate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<ErrorView | null>(null);
  const [pending, setPending] = useState(false);
  // Set once the server answers that this account also needs its one-time code.
  const [codeStep, setCodeStep] = useState(false);
  const [code, setCode] = useState('');

  const run = async () => {
    setPending(true);
    try {
      await signIn(username, password, codeStep ? code.trim() : undefined);
    } catch (failure) {
      if (isCodeRequired(failure)) {
        setCodeStep(true);
        setError(null);
      } else {
        setError(describeError(failure));
        // A wrong code is retyped; the password stays.
        setCode('');
      }
      setPending(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password || (codeStep && !code.trim())) {
      setError({ kind: 'message', key: 'errors.FILL_ALL_FIELDS' });
      return;
    }
    setError(null);
    await run();
  };

  const leaveCodeStep = () => {
    setCodeStep(false);
    setCode('');
    setPassword('');
    setError(null);
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      {error && (
        <ErrorMessage error={error}>
          {error.kind === 'suspended' && (
            <>
              {error.invoices.length > 0 && <OpenInvoices invoices={error.invoices} />}
              {suspended?.({ error, username, password, retry: run, showError: setError })}
            </>
          )}
        </ErrorMessage>
      )}
      {codeStep ? (
        <CodeStep code={code} onCode={setCode} onBack={leaveCodeStep} />
      ) : (
        <CredentialFields
          username={username}
          password={password}
          onUsername={setUsername}
          onPassword={setPassword}
        />
      )}
      {options}
      <Button type="submit" variant="contained" size="large" disabled={pending}>
        {pending ? <CircularProgress size={24} color="inherit" /> : translate('login.signIn')}
      </Button>
    </Box>
  );
};
